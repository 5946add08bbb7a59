import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { loginEvents } from '../../src/db/schema/index.js';
import { adminApi } from '../support/admin-api.js';
import { testDatabases } from '../support/databases.js';
import { MERCHANT_ID } from '../support/ledger.js';
import { CAPTCHA_ANSWER, randomIp, type MemberApi } from '../support/member-api.js';
import { signInOperator, signInForeignOperator } from '../support/operator-api.js';
import { closeTestApp, startMemberApp } from '../support/test-app.js';

const PASSWORD = 'Secret#2026pw';

type Group = { deviceId: string; lastSeenAt: string; members: { username: string }[] };

describe.each(testDatabases)('members sharing a device on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: MemberApi;
  let call: ReturnType<typeof adminApi>;
  let risk: string;
  let support: string;
  let foreignRisk: string;

  beforeAll(async () => {
    ({ database, app, api } = await startMemberApp(open));
    call = adminApi(app);
    risk = await signInOperator(app, database.db, { role: 'risk_kyc', merchantId: MERCHANT_ID });
    support = await signInOperator(app, database.db, {
      role: 'customer_service',
      merchantId: MERCHANT_ID,
    });
    foreignRisk = (
      await signInForeignOperator(app, database.db, `dv${Date.now() % 100000}`, 'risk_kyc')
    ).token;
  });
  afterAll(() => closeTestApp(app, database));

  /** Registers from a device (each from its own address, so only the device links them). */
  const register = async (deviceId: string | null) => {
    const username = `dev${Math.random().toString(36).slice(2, 9)}`;
    const res = await api.sealed(
      'PUT',
      '/wps/member/register',
      {
        username,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        termsAccepted: true,
        captchaId: await api.captchaId(),
        captcha: CAPTCHA_ANSWER,
      },
      undefined,
      randomIp(),
      deviceId ? { 'device-id': deviceId } : {},
    );
    expect(res.statusCode).toBe(200);
    return username;
  };
  // Each login comes from a new network of an account with nothing bound: a captcha is asked.
  const login = async (username: string, deviceId: string, ip: string, password = PASSWORD) =>
    api.sealed(
      'POST',
      '/wps/session/login',
      {
        type: 'username',
        username,
        password,
        termsAccepted: true,
        captchaId: await api.captchaId(),
        captcha: CAPTCHA_ANSWER,
      },
      undefined,
      ip,
      { 'device-id': deviceId },
    );
  const groups = async (token: string, query = '') =>
    (await call(token, 'GET', `/admin/api/risk/shared-devices?size=100${query}`)).json().value as {
      items: Group[];
      total: number;
    };
  const devicesOf = async (username: string) =>
    (
      await database.db
        .select({ deviceId: loginEvents.deviceId })
        .from(loginEvents)
        .where(and(eq(loginEvents.username, username), isNotNull(loginEvents.deviceId)))
    ).map((row) => row.deviceId);

  it('records the device id of each registration and login', async () => {
    const device = randomUUID();
    const username = await register(device);
    expect(await devicesOf(username)).toEqual([device]);
    // A malformed id is ignored, never a reason to refuse the login.
    const res = await login(username, 'not a device id!', randomIp());
    expect(res.json().success).toBe(true);
    expect(await devicesOf(username)).toEqual([device]);
  });

  it('lists members who registered or logged in from one device, for its merchant only', async () => {
    const shared = randomUUID();
    const first = await register(shared);
    const second = await register(null);
    const third = await register(randomUUID());
    const loneDevice = randomUUID();
    await register(loneDevice);
    // The second member logs in later from the shared device (wrong password first: not counted).
    const wrong = await login(third, shared, randomIp(), 'Wrong#2026pw');
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    expect((await login(second, shared, randomIp())).json().success).toBe(true);
    expect((await login(first, shared, randomIp())).json().success).toBe(true);

    const found = await groups(risk);
    const group = found.items.find((g) => g.deviceId === shared);
    expect(group?.members.map((m) => m.username).sort()).toEqual([first, second].sort());
    expect(found.items.find((g) => g.deviceId === loneDevice)).toBeUndefined();
    expect((await groups(risk, '&minMembers=3')).items.find((g) => g.deviceId === shared)).toBe(
      undefined,
    );

    expect((await groups(foreignRisk)).total).toBe(0);
    const denied = await call(support, 'GET', '/admin/api/risk/shared-devices');
    expect(denied.statusCode).toBe(403);
    const bad = await call(risk, 'GET', '/admin/api/risk/shared-devices?minMembers=1');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});
