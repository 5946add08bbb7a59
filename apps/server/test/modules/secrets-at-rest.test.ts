import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { queryRows } from '../../src/db/rows.js';
import { createSecretBox } from '../../src/lib/secret-box.js';
import { configureProvider } from '../../src/modules/social/social.service.js';
import { testSecrets } from '../support/secrets.js';
import { testDatabases } from '../support/databases.js';
import { MERCHANT_ID } from '../support/ledger.js';
import { CAPTCHA_ANSWER, memberApi, type MemberApi } from '../support/member-api.js';
import { signInOperatorDetails } from '../support/operator-api.js';
import { buildTestApp, closeTestApp, startMemberApp } from '../support/test-app.js';

const PASSWORD = 'Secret#2026pw';

/** The stored text of a column, as a copy of the database would show it. */
async function stored(database: DatabaseHandle, query: ReturnType<typeof sql>): Promise<string> {
  const [row] = await queryRows(database.db, query);
  return row!.value as string;
}

describe.each(testDatabases)('secrets at rest on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: MemberApi;

  beforeAll(async () => {
    ({ database, app, api } = await startMemberApp(open));
  });
  afterAll(() => closeTestApp(app, database));

  it("seals a member's authenticator secret, and the app's codes still work", async () => {
    const { token, user } = (await api.register()).json().value;
    const setup = (
      await app.inject({
        method: 'POST',
        url: '/wps/member/authenticator/setup',
        headers: api.headers(token),
        payload: { password: PASSWORD },
      })
    ).json().value;
    const pending = await stored(
      database,
      sql`select totp_pending_secret as value from members where id = ${user.id}`,
    );
    expect(pending).toMatch(/^v1:/);
    expect(pending).not.toContain(setup.secret);

    const bound = await app.inject({
      method: 'POST',
      url: '/wps/member/authenticator',
      headers: api.headers(token),
      payload: { code: await generate({ secret: setup.secret }) },
    });
    expect(bound.json().value.hasAuthenticator).toBe(true);
    const secret = await stored(
      database,
      sql`select totp_secret as value from members where id = ${user.id}`,
    );
    expect(secret).toMatch(/^v1:/);
    expect(secret).not.toContain(setup.secret);
  });

  it("seals an operator's TOTP secret; the enrolled operator signs in with its codes", async () => {
    const operator = await signInOperatorDetails(app, database.db, {
      role: 'finance',
      merchantId: MERCHANT_ID,
    });
    const secret = await stored(
      database,
      sql`select totp_secret as value from operators where id = ${operator.operatorId}`,
    );
    expect(secret).toMatch(/^v1:/);
    expect(secret).not.toContain(operator.secret);
    const me = await app.inject({
      method: 'GET',
      url: '/admin/api/session/me',
      headers: { authorization: `Bearer ${operator.token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('seals a social sign-in client secret', async () => {
    await configureProvider(database.db, testSecrets, {
      merchantId: MERCHANT_ID,
      provider: 'google',
      enabled: false,
      settings: {
        issuer: 'https://accounts.example',
        clientId: 'client-1',
        clientSecret: 'very-secret-client-secret',
        tokenEndpoint: null,
      },
    });
    const secret = await stored(
      database,
      sql`select client_secret as value from social_providers where provider = 'google'`,
    );
    expect(secret).toMatch(/^v1:/);
    expect(secret).not.toContain('very-secret');
  });
});

describe.each(testDatabases)('secrets keys per app on $name', ({ open }) => {
  const keyA = randomBytes(32).toString('base64');
  const keyB = randomBytes(32).toString('base64');
  const boxA = createSecretBox({ key: keyA, production: false });
  const boxB = createSecretBox({ key: keyB, production: false });
  let database: DatabaseHandle;
  let appA: FastifyInstance;
  let appB: FastifyInstance;

  beforeAll(async () => {
    database = await open();
    // Two apps in one process on one database, each with its own SECRETS_KEY.
    appA = await buildTestApp(database, {
      CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER,
      SECRETS_KEY: keyA,
    });
    appB = await buildTestApp(database, {
      CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER,
      SECRETS_KEY: keyB,
    });
  });
  afterAll(async () => {
    await appA.close();
    await appB.close();
    await database.close();
  });

  async function setUp(app: FastifyInstance) {
    const api = memberApi(app);
    const { token, user } = (await api.register()).json().value;
    const setup = await app.inject({
      method: 'POST',
      url: '/wps/member/authenticator/setup',
      headers: api.headers(token),
      payload: { password: PASSWORD },
    });
    const secret = setup.json().value.secret as string;
    const bind = () =>
      generate({ secret }).then((code) =>
        app.inject({
          method: 'POST',
          url: '/wps/member/authenticator',
          headers: api.headers(token),
          payload: { code },
        }),
      );
    return { id: user.id as number, secret, bind };
  }

  it('seals with each app its own key, and each app reads back what it sealed', async () => {
    // Built one after the other, then used in turns: a process-wide key would be B's for both.
    const a = await setUp(appA);
    const b = await setUp(appB);
    expect((await a.bind()).json().value.hasAuthenticator).toBe(true);
    expect((await b.bind()).json().value.hasAuthenticator).toBe(true);

    const storedA = await stored(
      database,
      sql`select totp_secret as value from members where id = ${a.id}`,
    );
    const storedB = await stored(
      database,
      sql`select totp_secret as value from members where id = ${b.id}`,
    );
    expect(boxA.open(storedA)).toBe(a.secret);
    expect(boxB.open(storedB)).toBe(b.secret);
    expect(() => boxB.open(storedA)).toThrow();
    expect(() => boxA.open(storedB)).toThrow();
  });
});
