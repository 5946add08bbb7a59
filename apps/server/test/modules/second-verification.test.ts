import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { sessions } from '../../src/db/schema/index.js';
import { testDatabases } from '../support/databases.js';
import { CAPTCHA_ANSWER, type MemberApi } from '../support/member-api.js';
import { closeTestApp, startMemberApp } from '../support/test-app.js';

const PASSWORD = 'Secret#2026pw';

describe.each(testDatabases)('login from an unknown network on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: MemberApi;
  let seq = 0;

  beforeAll(async () => {
    ({ database, app, api } = await startMemberApp(open));
  });
  afterAll(() => closeTestApp(app, database));

  /** A member registered from 10.77.<n>.5 with an email and a real name bound. */
  async function memberAtHome() {
    seq += 1;
    const home = `10.77.${seq}.5`;
    const email = `second${seq}${Date.now()}@example.com`;
    const res = await api.register({ email, payeeName: 'Gabriela Silang' });
    const { user } = res.json().value;
    api.playsFrom(user.account, home);
    // Registration came from a random address; one login from home makes home known too.
    return { account: user.account as string, id: user.id as number, email, home };
  }

  it('lets the member in from the same network, and holds a login from elsewhere', async () => {
    const player = await memberAtHome();
    const registered = (
      await database.db.select().from(sessions).where(eq(sessions.memberId, player.id))
    ).length;
    const held = await api.login(player.account, PASSWORD, {}, '203.0.113.50');
    expect(held.statusCode).toBe(403);
    expect(held.json()).toMatchObject({
      code: 'SECOND_VERIFICATION_REQUIRED',
      value: { methods: ['email', 'payeeName'] },
    });
    // No session was opened for the held login.
    expect(
      (await database.db.select().from(sessions).where(eq(sessions.memberId, player.id))).length,
    ).toBe(registered);
  });

  it('completes with the bank account name, after which that network is known', async () => {
    const player = await memberAtHome();
    const away = '198.51.100.20';
    const { challengeId } = (await api.login(player.account, PASSWORD, {}, away)).json().value;
    const wrong = await api.sealed(
      'POST',
      '/wps/session/login/verify',
      {
        challengeId,
        method: 'payeeName',
        answer: 'Juan Luna',
      },
      undefined,
      away,
    );
    expect(wrong.json().code).toBe('CODE_INVALID');
    const right = await api.sealed(
      'POST',
      '/wps/session/login/verify',
      {
        challengeId,
        method: 'payeeName',
        answer: 'gabriela  silang',
      },
      undefined,
      away,
    );
    expect(right.json().value.user.account).toBe(player.account);
    const again = (await api.login(player.account, PASSWORD, {}, '198.51.100.77')).json();
    expect(again.success).toBe(true);
    const reuse = await api.sealed('POST', '/wps/session/login/verify', {
      challengeId,
      method: 'payeeName',
      answer: 'Gabriela Silang',
    });
    expect(reuse.json().code).toBe('CODE_EXPIRED');
  });

  it('completes with a code sent to the bound email', async () => {
    const player = await memberAtHome();
    const { challengeId } = (await api.login(player.account, PASSWORD, {}, '192.0.2.10')).json()
      .value;
    const sent = await app.inject({
      method: 'POST',
      url: '/wps/session/login/verify/send',
      headers: api.headers(),
      payload: { challengeId, method: 'email' },
    });
    expect(sent.json().value).toEqual({ expiredMinutes: 5 });
    const code = await api.lastCode(player.email);
    const res = await api.sealed('POST', '/wps/session/login/verify', {
      challengeId,
      method: 'email',
      answer: code,
    });
    expect(res.json().success).toBe(true);
  });

  it('refuses a method the member has not bound, and ends the challenge after 5 wrong answers', async () => {
    const player = await memberAtHome();
    const { challengeId } = (await api.login(player.account, PASSWORD, {}, '192.0.2.99')).json()
      .value;
    const sms = await api.sealed('POST', '/wps/session/login/verify', {
      challengeId,
      method: 'sms',
      answer: '123456',
    });
    expect(sms.json().code).toBe('FUNCTION_NOT_ENABLED');
    for (let i = 0; i < 5; i++) {
      await api.sealed('POST', '/wps/session/login/verify', {
        challengeId,
        method: 'payeeName',
        answer: 'Nobody Here',
      });
    }
    const late = await api.sealed('POST', '/wps/session/login/verify', {
      challengeId,
      method: 'payeeName',
      answer: 'Gabriela Silang',
    });
    expect(late.json().code).toBe('CODE_EXPIRED');
  });

  it('still forces the password change when the held login used an emailed temporary password', async () => {
    const player = await memberAtHome();
    await app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      headers: api.headers(),
      payload: { username: player.account, email: player.email },
    });
    const temporary = /password is (\S+)\./.exec(await api.lastMessage(player.email))![1]!;
    const away = '198.51.100.33';
    const held = (await api.login(player.account, temporary, {}, away)).json();
    expect(held.code).toBe('SECOND_VERIFICATION_REQUIRED');
    const done = await api.sealed(
      'POST',
      '/wps/session/login/verify',
      { challengeId: held.value.challengeId, method: 'payeeName', answer: 'Gabriela Silang' },
      undefined,
      away,
    );
    expect(done.json().value.passwordExpired).toBe(true);
  });

  it('lets only one of two logins racing with one temporary password in', async () => {
    const email = `race${Date.now()}@example.com`;
    const { user } = (await api.register({ email })).json().value;
    await app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      headers: api.headers(),
      payload: { username: user.account, email },
    });
    const temporary = /password is (\S+)\./.exec(await api.lastMessage(email))![1]!;
    // Both come from the network the account registered from, so neither is held.
    const results = await Promise.all([
      api.login(user.account, temporary),
      api.login(user.account, temporary),
    ]);
    expect(results.map((r) => r.json().code ?? 'OK').sort()).toEqual(['INVALID_CREDENTIALS', 'OK']);
  });

  it('does not hold a member who has nothing bound to verify with, but wants a captcha', async () => {
    const { user } = (await api.register()).json().value;
    const bare = await api.login(user.account, PASSWORD, {}, '203.0.113.200');
    expect(bare.json()).toMatchObject({
      code: 'CAPTCHA_REQUIRED',
      value: { captchaRequired: true },
    });
    const captcha = { captchaId: await api.captchaId(), captcha: CAPTCHA_ANSWER };
    expect((await api.login(user.account, PASSWORD, captcha, '203.0.113.200')).json().success).toBe(
      true,
    );
  });
});
