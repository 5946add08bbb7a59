import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { affiliateCodes, members, restrictedPersons, sessions } from '../../src/db/schema/index.js';
import { testDatabases } from '../support/databases.js';
import { CAPTCHA_ANSWER, memberApi, randomIp, type MemberApi } from '../support/member-api.js';
import { buildTestApp, closeTestApp, startMemberApp } from '../support/test-app.js';

describe.each(testDatabases)('identity on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: MemberApi;
  const memberCount = async () => (await database.db.select().from(members)).length;

  beforeAll(async () => {
    ({ database, app, api } = await startMemberApp(open));
  });
  afterAll(() => closeTestApp(app, database));

  describe('registration by username', () => {
    it('creates the account, logs it in and shows it in member info', async () => {
      const res = await api.register({ nickname: 'Juan', email: 'juan@example.com' });
      expect(res.statusCode).toBe(200);
      const { token, firstTimeLogin, user } = res.json().value;
      expect(firstTimeLogin).toBe(true);
      const info = await app.inject({ url: '/wps/member/info', headers: api.headers(token) });
      expect(info.json().value).toMatchObject({
        account: user.account,
        nickname: 'Juan',
        email: 'j***@example.com',
        isTrial: false,
        isAgent: false,
      });
    });

    it('refuses a taken username whatever its case, and adds nobody', async () => {
      const first = (await api.register()).json().value.user.account as string;
      const before = await memberCount();
      const res = await api.register({ username: first.toUpperCase() });
      expect(res.json()).toMatchObject({ success: false, code: 'USERNAME_TAKEN' });
      expect(res.statusCode).toBe(409);
      expect(await memberCount()).toBe(before);
    });

    it.each([
      [{ confirmPassword: 'Other#2026pw' }, 'PASSWORD_MISMATCH'],
      [{ termsAccepted: false }, 'TERMS_NOT_ACCEPTED'],
      [{ captcha: 'wrong' }, 'INVALID_CAPTCHA'],
      [{ captchaId: undefined }, 'INVALID_CAPTCHA'],
      [{ birthday: '2010-01-01' }, 'UNDER_AGE'],
      [{ affiliateCode: 'NOPE1234' }, 'INVITATION_CODE_ERROR'],
    ])('rejects %j with %s and writes nothing', async (fields, code) => {
      const before = await memberCount();
      const res = await api.register(fields);
      expect(res.json()).toMatchObject({ success: false, code });
      expect(await memberCount()).toBe(before);
    });

    it('names each field that breaks the merchant rules, with its pattern and bounds', async () => {
      const res = await api.register({
        username: '1abc',
        email: 'not-an-email',
        password: 'weak',
        confirmPassword: 'weak',
      });
      expect(res.statusCode).toBe(400);
      const issues = res.json().value.issues as {
        path: string;
        patternId: string;
        min: number;
        max: number;
      }[];
      expect(issues.map((i) => i.path).sort()).toEqual([
        'confirmPassword',
        'email',
        'password',
        'username',
      ]);
      expect(issues.find((i) => i.path === 'username')).toMatchObject({
        patternId: 'STARTS_WITH_LETTER',
        min: 6,
        max: 16,
      });
    });

    it('accepts a known affiliate code', async () => {
      const agent = (await api.register()).json().value.user;
      await database.db
        .insert(affiliateCodes)
        .values({ merchantId: 1, code: 'AGENT777', agentId: agent.id });
      const res = await api.register({ affiliateCode: 'AGENT777' });
      expect(res.json().success).toBe(true);
    });

    it('blocks a person on the restricted-persons list', async () => {
      await database.db.insert(restrictedPersons).values({
        merchantId: 1,
        fullName: 'JOSE RIZAL',
        birthday: '1980-06-19',
        category: 'official',
      });
      const before = await memberCount();
      const res = await api.register({ payeeName: 'jose rizal', birthday: '1980-06-19' });
      expect(res.json()).toMatchObject({ success: false, code: 'RESTRICTED_PERSON' });
      expect(await memberCount()).toBe(before);
    });

    it('refuses a plain JSON body on an encrypted call', async () => {
      const res = await app.inject({
        method: 'PUT',
        url: '/wps/member/register',
        headers: api.headers(),
        payload: { username: 'plainjuan', password: 'x', termsAccepted: true },
      });
      expect(res.json()).toMatchObject({ success: false, code: 'DECRYPTION_FAILED' });
    });
  });

  describe('login', () => {
    let username: string;
    beforeAll(async () => {
      username = (await api.register()).json().value.user.account;
    });

    it('logs in with the right password, and rotates to a new token each time', async () => {
      const a = (await api.login(username, 'Secret#2026pw')).json().value;
      const b = (await api.login(username, 'Secret#2026pw')).json().value;
      expect(a.token).not.toBe(b.token);
      expect(a.firstTimeLogin).toBe(false);
      expect(a.passwordExpired).toBe(false);
    });

    it('answers a wrong password and an unknown user the same way', async () => {
      const wrong = await api.login(username, 'Nope#2026pw');
      const unknown = await api.login('nobodyatall', 'Nope#2026pw');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
      expect(unknown.json().code).toBe('INVALID_CREDENTIALS');
    });

    it('requires the terms box', async () => {
      const res = await api.login(username, 'Secret#2026pw', { termsAccepted: false });
      expect(res.json().code).toBe('TERMS_NOT_ACCEPTED');
    });

    it('shows the captcha flag after 3 failures, wants it on the next try and spaces tries out', async () => {
      const user = (await api.register()).json().value.user.account as string;
      const flags = [];
      for (let i = 0; i < 3; i++)
        flags.push((await api.login(user, 'Wrong#1pw')).json().value.captchaRequired);
      expect(flags).toEqual([false, false, true]);
      expect((await api.login(user, 'Secret#2026pw')).json().code).toBe('CAPTCHA_REQUIRED');
      const captcha = async () => ({ captchaId: await api.captchaId(), captcha: CAPTCHA_ANSWER });
      // Three failures from this address space its next attempt out by a second.
      const early = await api.login(user, 'Secret#2026pw', await captcha());
      expect(early.json().code).toBe('TOO_MANY_REQUESTS');
      const wait = Number(early.headers['retry-after']);
      expect(wait).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      const ok = await api.login(user, 'Secret#2026pw', await captcha());
      expect(ok.json().success).toBe(true);
    });

    it('forces a password change after an operator reset', async () => {
      const user = (await api.register()).json().value.user;
      await database.db
        .update(members)
        .set({ mustChangePassword: true })
        .where(eq(members.id, user.id));
      expect((await api.login(user.account, 'Secret#2026pw')).json().value.passwordExpired).toBe(
        true,
      );
    });

    it('forces a change once the password is older than the expiry', async () => {
      const user = (await api.register()).json().value.user;
      await database.db
        .update(members)
        .set({ passwordChangedAt: sql`now() - interval '91 days'` })
        .where(eq(members.id, user.id));
      expect((await api.login(user.account, 'Secret#2026pw')).json().value.passwordExpired).toBe(
        true,
      );
    });

    it('keeps non-agents out of the agent area', async () => {
      const res = await api.login(username, 'Secret#2026pw', { area: 'agent' });
      expect(res.json().code).toBe('NOT_AGENT_ACCOUNT');
    });
  });

  describe('sessions', () => {
    it('logout revokes the token', async () => {
      const { token } = (await api.register()).json().value;
      const out = await app.inject({
        method: 'DELETE',
        url: '/wps/session/logout',
        headers: api.headers(token),
      });
      expect(out.json()).toEqual({ success: true, value: null });
      const info = await app.inject({ url: '/wps/member/info', headers: api.headers(token) });
      expect(info.statusCode).toBe(401);
      expect(info.json().code).toBe('NOT_LOGGED_IN');
    });

    it('ends a session idle for longer than the idle limit', async () => {
      const { token, user } = (await api.register()).json().value;
      await database.db
        .update(sessions)
        .set({ lastSeenAt: sql`now() - interval '3 hours'` })
        .where(eq(sessions.memberId, user.id));
      const info = await app.inject({ url: '/wps/member/info', headers: api.headers(token) });
      expect(info.statusCode).toBe(401);
    });

    it('ends a session past its absolute expiry even when active', async () => {
      const { token, user } = (await api.register()).json().value;
      await database.db
        .update(sessions)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(sessions.memberId, user.id));
      expect(
        (await app.inject({ url: '/wps/member/info', headers: api.headers(token) })).statusCode,
      ).toBe(401);
    });

    it('stores only a hash of the token', async () => {
      const { token, user } = (await api.register()).json().value;
      const [row] = await database.db.select().from(sessions).where(eq(sessions.memberId, user.id));
      expect(row!.tokenHash).not.toContain(token);
      expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    });
  });

  describe('mobile registration and SMS codes', () => {
    const mobile = () => `917${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
    const sendCode = async (number: string, purpose?: string) =>
      app.inject({
        method: 'POST',
        url: purpose ? '/wps/verification/sms/noLogin' : '/wps/verification/sms/register',
        headers: api.headers(),
        remoteAddress: randomIp(),
        payload: {
          countryDialingCode: '63',
          mobile: number,
          captchaId: await api.captchaId(),
          captcha: CAPTCHA_ANSWER,
          ...(purpose ? { purpose } : {}),
        },
      });
    const registerMobile = async (number: string, code: string) =>
      api.sealed('PUT', '/wps/member/register/mobile', {
        username: `m${number}`,
        password: 'Secret#2026pw',
        confirmPassword: 'Secret#2026pw',
        countryDialingCode: '63',
        mobileNum: number,
        verificationCode: code,
        termsAccepted: true,
      });

    it('sends a 6-digit code and registers with it, once', async () => {
      const number = mobile();
      const sent = await sendCode(number);
      expect(sent.json()).toEqual({ success: true, value: { expiredMinutes: 5 } });
      const code = await api.lastCode(`+63${number}`);
      expect((await registerMobile(number, code)).json().success).toBe(true);
      const again = await registerMobile(number, code);
      expect(again.json().success).toBe(false);
    });

    it('rejects a wrong code, and after 5 wrong tries the right one too', async () => {
      const number = mobile();
      await sendCode(number);
      const code = await api.lastCode(`+63${number}`);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++)
        expect((await registerMobile(number, wrong)).json().code).toBe('CODE_INVALID');
      expect((await registerMobile(number, code)).json().code).toBe('CODE_EXPIRED');
      expect(await database.db.select().from(members).where(eq(members.mobileNum, number))).toEqual(
        [],
      );
    });

    it('does not accept a code sent for another purpose', async () => {
      const number = mobile();
      await sendCode(number);
      await registerMobile(number, await api.lastCode(`+63${number}`));
      await sendCodeAfterWindow(number);
      const code = await api.lastCode(`+63${number}`);
      const reset = await api.sealed('POST', '/wps/member/password/verification', {
        countryDialingCode: '63',
        mobileNum: number,
        verificationCode: code,
        newPassword: 'Other#2026pw',
        confirmNewPassword: 'Other#2026pw',
      });
      expect(reset.json().code).toBe('CODE_EXPIRED');
    });

    it('rejects an invalid number and throttles resends', async () => {
      expect((await sendCode('12345')).json().code).toBe('INVALID_PHONE');
      const number = mobile();
      expect((await sendCode(number)).json().success).toBe(true);
      const again = await sendCode(number);
      expect(again.statusCode).toBe(429);
      // The real wait: what is left of the 60 s resend window, not a fixed five minutes.
      expect(again.json().code).toBe('TOO_MANY_REQUESTS');
      const wait = again.json().value.retryAfterSeconds as number;
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect(again.headers['retry-after']).toBe(String(wait));
    });

    it('sends one code for a burst of parallel requests to one number, each refusal with its wait', async () => {
      const number = mobile();
      const answers = await Promise.all(Array.from({ length: 12 }, () => sendCode(number)));
      expect(answers.filter((res) => res.json().success === true)).toHaveLength(1);
      const refused = answers.filter((res) => res.json().success !== true);
      expect(refused.map((res) => res.json().code)).toEqual(
        Array.from({ length: 11 }, () => 'TOO_MANY_REQUESTS'),
      );
      for (const res of refused) {
        const wait = res.json().value.retryAfterSeconds as number;
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(60);
      }
    });

    it('logs in by SMS code', async () => {
      const number = mobile();
      await sendCode(number);
      await registerMobile(number, await api.lastCode(`+63${number}`));
      // The resend window is 60 s; a test clock would be overkill, so clear the limiter key.
      await sendCodeAfterWindow(number);
      const code = await api.lastCode(`+63${number}`);
      const res = await api.sealed('POST', '/wps/session/login', {
        type: 'sms',
        countryDialingCode: '63',
        mobileNum: number,
        verificationCode: code,
        termsAccepted: true,
      });
      expect(res.json().value).toMatchObject({
        passwordExpired: false,
        user: { account: `m${number}` },
      });
    });

    async function sendCodeAfterWindow(number: string) {
      const other = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
      const otherApi = memberApi(other);
      await otherApi.sendSmsCode(number, 'login');
      await other.close();
    }
  });

  describe('free play and roles', () => {
    it('creates a trial account that can read its info but not member actions', async () => {
      const res = await api.startFreePlay();
      const { token, user } = res.json().value;
      expect(user).toMatchObject({ type: 4, isTrial: true });
      const update = await app.inject({
        method: 'POST',
        url: '/wps/member/info',
        headers: api.headers(token),
        payload: { nickname: 'Trial' },
      });
      expect(update.statusCode).toBe(403);
      expect(update.json().code).toBe('IN_NEED_TRUE_ACCOUNT');
    });

    const routes = [
      { method: 'GET', url: '/wps/member/info', allowed: ['trial', 'member', 'agent'] },
      {
        method: 'POST',
        url: '/wps/member/info',
        allowed: ['member', 'agent'],
        payload: { nickname: 'Nick' },
      },
      { method: 'DELETE', url: '/wps/session/logout', allowed: ['trial', 'member', 'agent'] },
    ] as const;

    it.each(routes)('$method $url gives each role exactly its due', async (route) => {
      const tokens: Record<string, string | undefined> = { visitor: undefined };
      tokens.trial = await api.trialToken();
      tokens.member = (await api.register()).json().value.token;
      const agent = (await api.register()).json().value;
      await database.db.update(members).set({ type: 41 }).where(eq(members.id, agent.user.id));
      tokens.agent = agent.token;
      const expected: Record<string, number> = {};
      const actual: Record<string, number> = {};
      for (const role of ['visitor', 'trial', 'member', 'agent']) {
        const res = await app.inject({
          method: route.method,
          url: route.url,
          headers: api.headers(tokens[role]),
          ...('payload' in route ? { payload: route.payload } : {}),
        });
        actual[role] = res.statusCode;
        expected[role] = (route.allowed as readonly string[]).includes(role)
          ? 200
          : role === 'visitor'
            ? 401
            : 403;
      }
      expect(actual).toEqual(expected);
    });
  });
});
