import { readFileSync } from 'node:fs';
import { encryptBody, type PublicKeyInfo } from '@app/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.js';
import { OPENAPI_FILE } from '../src/scripts/write-openapi.js';
import { testDatabases } from './support/databases.js';
import { MERCHANT_ID } from './support/ledger.js';
import { CAPTCHA_ANSWER, memberApi, randomIp } from './support/member-api.js';
import { signInOperator } from './support/operator-api.js';
import { sign, testVendor, type TestVendor } from './support/vendor-wallet.js';
import { buildTestApp } from './support/test-app.js';

/**
 * Every operation of docs/openapi.json, called with malformed bodies, query strings, path
 * parameters and headers, as a visitor, a member, an operator and a signing vendor: no answer
 * may be a 500 (a crash is a bug an attacker can find; bad input is a 4xx with a code).
 * Seeded (FUZZ_SEED to try another), so a failure repeats.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 17);

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** mulberry32: small, fast and the same sequence for the same seed everywhere. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

const ODD_STRINGS = [
  '',
  ' ',
  'x',
  '0',
  '-1',
  '1e309',
  '-0.001',
  '99999999999999999999.99',
  '2147483648',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '%00',
  '\u0000',
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '𝕏🎰',
  'a'.repeat(5000),
  '2026-02-30',
  '00000000-0000-0000-0000-000000000000',
  'demo',
  'PHP',
];
const ODD_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53 + 1,
  -1e308,
  [],
  [null],
  {},
  { toString: 'x' },
  JSON.parse('{"__proto__":{"admin":true}}'),
  ...ODD_STRINGS,
];
const PATH_VALUES = [
  '1',
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1.5',
  'abc',
  'demo',
  '%20',
  '%00',
  '%E0%A4%A',
  '..%2F..%2Fetc',
  'a'.repeat(300),
  '00000000-0000-0000-0000-000000000000',
  'sbx_0000',
];

type Rng = ReturnType<typeof prng>;

function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** A value that fits `schema` more or less (the fuzz starts near valid input, then breaks it). */
function plausible(schema: Schema, rng: Rng, depth = 0): unknown {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return plausible(rng.pick(choices), rng, depth);
  if (schema.allOf?.length) return plausible(schema.allOf[0]!, rng, depth);
  if (schema.enum?.length) return rng.pick(schema.enum);
  const type = rng.pick(typesOf(schema).length ? typesOf(schema) : ['string']);
  switch (type) {
    case 'object': {
      if (depth > 4) return {};
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(name) || rng.chance(0.5)) {
          value[name] = plausible(property, rng, depth + 1);
        }
      }
      return value;
    }
    case 'array':
      return depth > 4 || !schema.items ? [] : [plausible(schema.items, rng, depth + 1)];
    case 'integer':
      return rng.pick([1, 2, 10, 100]);
    case 'number':
      return rng.pick([1, 2.5, 100]);
    case 'boolean':
      return rng.chance(0.5);
    case 'null':
      return null;
    default:
      if (schema.format === 'uuid') return crypto.randomUUID();
      if (schema.format === 'date') return '2000-01-01';
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'email') return 'fuzz@example.com';
      return rng.pick(['1.00', '100.00', 'demo', 'fuzz', 'PHP', '1']);
  }
}

/** `value` with one field (at any depth) replaced by an odd value, or dropped. */
function mutate(value: unknown, rng: Rng): unknown {
  if (value === null || typeof value !== 'object') return rng.pick(ODD_VALUES);
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value)
    ? [...value]
    : { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (keys.length === 0) return rng.pick(ODD_VALUES);
  const key = rng.pick(keys);
  const record = copy as Record<string, unknown>;
  if (rng.chance(0.2)) delete record[key];
  else record[key] = rng.chance(0.3) ? mutate(record[key], rng) : rng.pick(ODD_VALUES);
  return copy;
}

/** One malformed request to an operation; the caller's headers are added when it is sent. */
type Variant = {
  note: string;
  url: string;
  payload?: string | Record<string, unknown>;
  headers?: Record<string, string>;
};

describe.each(testDatabases)('fuzzing the OpenAPI operations on $name', ({ open }) => {
  const spec = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as OpenApi;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: ReturnType<typeof memberApi>;
  let operatorToken: string;
  let vendor: TestVendor;
  let publicKey: PublicKeyInfo;

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
    api = memberApi(app);
    operatorToken = await signInOperator(app, database.db, {
      role: 'owner',
      merchantId: MERCHANT_ID,
    });
    vendor = await testVendor(database.db);
    publicKey = (await app.inject({ url: '/wps/system/publicKey' })).json().value;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /** A member session, replaced when a fuzzed call (logout, self-exclusion...) ended it. */
  let memberToken: string | undefined;
  async function liveMemberToken(): Promise<string> {
    if (memberToken) {
      const info = await app.inject({ url: '/wps/member/info', headers: api.headers(memberToken) });
      if (info.statusCode === 200) return memberToken;
    }
    memberToken = (await api.register()).json().value.token as string;
    return memberToken;
  }

  function fillPath(path: string, rng: Rng, plausibleOnly: boolean): string {
    return path.replace(/\{[^}]+\}/g, () =>
      plausibleOnly ? rng.pick(['1', '2', 'demo']) : rng.pick(PATH_VALUES),
    );
  }

  function oddQuery(operation: Operation, rng: Rng): string {
    const names = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    const pairs = [...names, 'page', 'size', 'x'].map((name) => {
      const value = rng.pick([...ODD_STRINGS.slice(0, 19), '1', '1&' + name + '=2']);
      return `${encodeURIComponent(name)}=${rng.chance(0.2) ? value : encodeURIComponent(value)}`;
    });
    return pairs.filter(() => rng.chance(0.7)).join('&');
  }

  function variants(method: string, path: string, operation: Operation, rng: Rng): Variant[] {
    const schema = operation.requestBody?.content['application/json']?.schema;
    const url = (plausibleOnly = false) => fillPath(path, rng, plausibleOnly);
    const json = { 'content-type': 'application/json' };
    const list: Variant[] = [
      { note: 'odd path and query', url: `${url()}?${oddQuery(operation, rng)}` },
      { note: 'no body', url: url(true) },
      { note: 'empty JSON body', url: url(true), payload: '', headers: json },
      { note: 'not JSON', url: url(true), payload: '{"a":', headers: json },
      { note: 'JSON null', url: url(true), payload: 'null', headers: json },
      { note: 'JSON array', url: url(true), payload: '[{}]', headers: json },
      { note: 'JSON string', url: url(true), payload: '"x"', headers: json },
      { note: 'empty object', url: url(true), payload: {} },
      {
        note: 'body over the limit',
        url: url(true),
        payload: `{"a":"${'x'.repeat(1024 * 1024 + 10)}"}`,
        headers: json,
      },
      {
        note: 'form body',
        url: url(true),
        payload: 'a=1&a=2&amount=-1&__proto__=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      {
        note: 'text body',
        url: url(true),
        payload: '{}',
        headers: { 'content-type': 'text/plain' },
      },
      {
        note: 'multipart garbage',
        url: url(true),
        payload: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      },
    ];
    if (schema) {
      for (let i = 0; i < 6; i++) {
        const payload = JSON.stringify(mutate(plausible(schema, rng), rng));
        list.push({ note: 'mutated body', url: url(true), payload, headers: json });
      }
      for (let i = 0; i < 2; i++) {
        const payload = JSON.stringify(plausible(schema, rng));
        list.push({ note: 'plausible body, odd path', url: url(), payload, headers: json });
      }
    }
    // GET and DELETE: only the path and query matter; a body on them is one more oddity.
    if (method === 'get' || method === 'delete') return list.slice(0, 4);
    return list;
  }

  /** Odd headers on top of a caller's own. */
  function oddHeaders(rng: Rng): Record<string, string> {
    const headers: Record<string, string> = {};
    if (rng.chance(0.3))
      headers.merchant = rng.pick(['nosuch', '', 'DEMO', 'a'.repeat(300), '%00']);
    if (rng.chance(0.3)) headers.language = rng.pick(['XX', '', 'tl', '../', 'EN,TL']);
    if (rng.chance(0.2))
      headers.authorization = rng.pick([
        'Bearer',
        'Bearer x',
        'Basic Zm9vOmJhcg==',
        'Bearer ' + 'a'.repeat(2000),
      ]);
    if (rng.chance(0.2))
      headers['x-forwarded-for'] = rng.pick(['not-an-ip', '1.2.3.4, 5.6.7.8', '::1']);
    if (rng.chance(0.1))
      headers['accept-encoding'] = rng.pick(['br;q=x', 'gzip, *', 'identity;q=0']);
    return headers;
  }

  async function callerHeaders(path: string, rng: Rng): Promise<Record<string, string>> {
    if (path.startsWith('/admin/api/')) {
      return rng.chance(0.8) ? { authorization: `Bearer ${operatorToken}`, merchant: 'demo' } : {};
    }
    if (path.startsWith('/vendor-api/')) return { 'x-vendor-code': vendor.code };
    return rng.chance(0.75) ? api.headers(await liveMemberToken()) : api.headers();
  }

  // What the fuzz found, pinned: each was a 500 from the database.
  it('refuses a NUL character anywhere in the input, and changes nothing', async () => {
    const token = await liveMemberToken();
    const before = (
      await app.inject({ url: '/wps/member/info', headers: api.headers(token) })
    ).json().value.nickname;
    const res = await app.inject({
      method: 'POST',
      url: '/wps/member/info',
      headers: api.headers(token),
      payload: { nickname: 'Ju\u0000an' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      value: { reason: 'NUL_CHARACTER' },
    });
    const after = (
      await app.inject({ url: '/wps/member/info', headers: api.headers(token) })
    ).json().value.nickname;
    expect(after).toBe(before);
  });

  it('refuses an id past the integer range of a stored row, in a path and in a body', async () => {
    const owner = { authorization: `Bearer ${operatorToken}`, merchant: 'demo' };
    const inPath = await app.inject({ url: '/admin/api/members/2147483648', headers: owner });
    expect([inPath.statusCode, inPath.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    const inBody = await app.inject({
      method: 'PUT',
      url: '/admin/api/members/2/agent',
      headers: owner,
      payload: { agentId: 2147483648, reason: 'fuzz' },
    });
    expect([inBody.statusCode, inBody.json().code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('answers a few thousand malformed requests without one 500', async () => {
    const rng = prng(SEED);
    const failures: string[] = [];
    let sent = 0;
    const send = async (method: string, variant: Variant, headers: Record<string, string>) => {
      const allHeaders = { ...headers, ...variant.headers };
      if (variant.url.startsWith('/vendor-api/') && typeof variant.payload === 'string') {
        allHeaders['x-signature'] = rng.chance(0.8) ? sign(variant.payload) : 'garbage';
      }
      const res = await app.inject({
        method: method.toUpperCase() as InjectOptions['method'],
        url: variant.url,
        headers: allHeaders,
        remoteAddress: randomIp(),
        ...(variant.payload === undefined ? {} : { payload: variant.payload }),
      });
      sent += 1;
      if (res.statusCode >= 500) {
        const body = JSON.stringify(variant.payload ?? null).slice(0, 300);
        failures.push(
          `${res.statusCode} ${method.toUpperCase()} ${variant.url} (${variant.note}) ` +
            `headers=${JSON.stringify(allHeaders).slice(0, 300)} body=${body} -> ${res.body.slice(0, 200)}`,
        );
      }
      return res;
    };

    const operations = Object.entries(spec.paths)
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => ({ path, method, op })),
      )
      .sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
    for (const { path, method, op } of operations) {
      for (const variant of variants(method, path, op, rng)) {
        const headers = { ...(await callerHeaders(path, rng)), ...oddHeaders(rng) };
        const res = await send(method, variant, headers);
        // A sealed route: its malformed bodies are sent again sealed, to reach its validation.
        if (res.body.includes('"DECRYPTION_FAILED"') && typeof variant.payload === 'string') {
          let inner: unknown;
          try {
            inner = JSON.parse(variant.payload);
          } catch {
            inner = variant.payload;
          }
          const sealed = { ...(await encryptBody(publicKey, inner)) };
          await send(
            method,
            { ...variant, note: `${variant.note}, sealed`, payload: sealed, headers: {} },
            headers,
          );
        }
      }
    }
    expect(sent).toBeGreaterThan(2000);
    expect(failures, failures.join('\n')).toEqual([]);
  });
});
