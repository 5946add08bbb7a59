import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { restrictedPersons } from '../../src/db/schema/index.js';
import { importRestrictedPersons } from '../../src/modules/eligibility/restricted-import.js';
import { testDatabases } from '../support/databases.js';
import { CAPTCHA_ANSWER, memberApi } from '../support/member-api.js';
import { buildTestApp } from '../support/test-app.js';

const HEADER = 'full_name,birthday,id_number,category,source';

describe.each(testDatabases)('restricted-persons import on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('imports the list, after which those persons cannot register', async () => {
    const csv = [
      HEADER,
      '"Lapu, Lapu Datu",1975-04-27,,official,Comelec list 2026',
      'Melchora Aquino,,PH-NID-1234,npd,national database',
      '',
    ].join('\n');
    expect(await importRestrictedPersons(database.db, 1, csv)).toEqual({
      imported: 2,
      duplicates: 0,
      errors: [],
    });
    const api = memberApi(app);
    expect((await api.register({ idNumber: 'PH-NID-1234' })).json().code).toBe('RESTRICTED_PERSON');
    expect((await api.register({ payeeName: 'Melchora Aquino' })).json().code).toBe(
      'RESTRICTED_PERSON',
    );
  });

  it('imports nothing when any line is bad, and names each bad line', async () => {
    const before = (await database.db.select().from(restrictedPersons)).length;
    const csv = [HEADER, 'Good Person,1970-01-01,,official,x', 'X,1970/01/01,,spy,x'].join('\n');
    const result = await importRestrictedPersons(database.db, 1, csv);
    expect(result.imported).toBe(0);
    expect(result.errors.map((e) => e.line)).toEqual([3, 3, 3]);
    expect((await database.db.select().from(restrictedPersons)).length).toBe(before);
  });

  it('refuses a file with another header', async () => {
    const result = await importRestrictedPersons(database.db, 1, 'name,dob\nA B,1970-01-01');
    expect(result.errors[0]).toMatchObject({ line: 1 });
  });
});
