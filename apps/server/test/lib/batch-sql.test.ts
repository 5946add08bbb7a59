import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { literal } from '../../src/lib/batch-sql.js';

// The one place SQL text is escaped by hand (lib/batch-sql.ts: set-based statements sent as
// text, their lists as one JSON literal). Whatever a caller's text holds, PostgreSQL reads back
// exactly it, with standard_conforming_strings on (the default) and off.

type Engine = { name: string; query: (text: string) => Promise<Record<string, unknown>[]> };

const lite = new PGlite();
const engines: Engine[] = [
  { name: 'pglite', query: async (text) => (await lite.query<Record<string, unknown>>(text)).rows },
];
const client = process.env.TEST_DATABASE_URL
  ? new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  : null;
if (client)
  engines.push({ name: 'postgres', query: async (text) => (await client.query(text)).rows });

beforeAll(async () => {
  await client?.connect();
});
afterAll(async () => {
  await client?.end();
  await lite.close();
});

/** Any text PostgreSQL can hold: well-formed Unicode without NUL. */
const anyText = fc
  .string({ unit: 'binary', maxLength: 40 })
  .filter((text) => !text.includes('\u0000') && !/\p{Surrogate}/u.test(text));
const hostile = fc.constantFrom(
  "'",
  "''",
  '\\',
  "\\'",
  "'; drop table x; --",
  "E'",
  '$$',
  '\n\r\t',
);

describe.each(engines)('SQL literals on $name', ({ query }) => {
  for (const conforming of ['on', 'off']) {
    it(`reads back any text with standard_conforming_strings ${conforming}`, async () => {
      await query(`set standard_conforming_strings = ${conforming}`);
      await fc.assert(
        fc.asyncProperty(fc.array(fc.oneof(anyText, hostile), { maxLength: 4 }), async (parts) => {
          const text = parts.join('');
          const [row] = await query(
            `select ${literal(text)} as v, ${literal(JSON.stringify({ text }))}::json ->> 'text' as j`,
          );
          expect(row?.v).toBe(text);
          expect(row?.j).toBe(text);
        }),
        { numRuns: 200 },
      );
      await query('set standard_conforming_strings = on');
    });
  }
});
