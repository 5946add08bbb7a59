import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import {
  feedback,
  members,
  restrictedPersons,
  whitelabelSwitches,
} from '../../src/db/schema/index.js';
import { testDatabases } from '../support/databases.js';
import { CAPTCHA_ANSWER, memberApi, randomIp, type MemberApi } from '../support/member-api.js';
import { buildTestApp, closeTestApp, startMemberApp } from '../support/test-app.js';

const PASSWORD = 'Secret#2026pw';

describe.each(testDatabases)('account security on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: MemberApi;

  beforeAll(async () => {
    ({ database, app, api } = await startMemberApp(open));
  });
  afterAll(() => closeTestApp(app, database));

  const post = (url: string, token: string, payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url,
      headers: api.headers(token),
      payload,
      remoteAddress: randomIp(),
    });

  describe('change password', () => {
    /** Changes the password of `token`'s member from PASSWORD to Fresh#2027pw, with `change`. */
    const changePassword = (token: string, change: Record<string, string> = {}) =>
      api.sealed(
        'POST',
        '/wps/member/password',
        {
          oldPassword: PASSWORD,
          newPassword: 'Fresh#2027pw',
          confirmNewPassword: 'Fresh#2027pw',
          ...change,
        },
        token,
      );

    it('changes it, ends the other sessions and lets the new one in', async () => {
      const { token, user } = (await api.register()).json().value;
      const other = (await api.login(user.account, PASSWORD)).json().value.token;
      const res = await changePassword(token);
      expect(res.json()).toEqual({ success: true, value: null });
      expect(
        (await app.inject({ url: '/wps/member/info', headers: api.headers(token) })).statusCode,
      ).toBe(200);
      expect(
        (await app.inject({ url: '/wps/member/info', headers: api.headers(other) })).statusCode,
      ).toBe(401);
      expect((await api.login(user.account, PASSWORD)).json().code).toBe('INVALID_CREDENTIALS');
      expect((await api.login(user.account, 'Fresh#2027pw')).json().success).toBe(true);
    });

    it.each([
      [{ oldPassword: 'Wrong#2026pw' }, 'WRONG_PASSWORD'],
      [{ confirmNewPassword: 'Other#2027pw' }, 'PASSWORD_MISMATCH'],
      [{ newPassword: 'short', confirmNewPassword: 'short' }, 'VALIDATION_ERROR'],
    ])('rejects %j with %s and keeps the old password', async (change, code) => {
      const { token, user } = (await api.register()).json().value;
      const res = await changePassword(token, change);
      expect(res.json().code).toBe(code);
      expect((await api.login(user.account, PASSWORD)).json().success).toBe(true);
    });
  });

  describe('forgot password', () => {
    it('by email: sends a temporary password that works once and forces a change', async () => {
      const { user } = (await api.register({ email: `reset${Date.now()}@example.com` })).json()
        .value;
      const [row] = await database.db.select().from(members).where(eq(members.id, user.id));
      const res = await app.inject({
        method: 'POST',
        url: '/wps/member/password/email',
        headers: { ...api.headers(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: `username=${user.account}&email=${encodeURIComponent(row!.email!)}`,
      });
      expect(res.json()).toEqual({ success: true, value: null });
      const mail = (
        await app.inject({
          url: `/admin/api/dev/outbox?destination=${encodeURIComponent(row!.email!)}`,
        })
      ).json().value[0].body as string;
      const temporary = /password is (\S+)\./.exec(mail)![1]!;
      const login = (await api.login(user.account, temporary)).json().value;
      expect(login.passwordExpired).toBe(true);
      expect((await api.login(user.account, temporary)).json().code).toBe('INVALID_CREDENTIALS');
      // Asking for a reset never locks the owner out: the old password still works.
      expect((await api.login(user.account, PASSWORD)).json().success).toBe(true);
      // The forced change takes the spent temporary password as the old one.
      const changed = await api.sealed(
        'POST',
        '/wps/member/password',
        { oldPassword: temporary, newPassword: 'Fresh#2027pw', confirmNewPassword: 'Fresh#2027pw' },
        login.token,
      );
      expect(changed.json()).toEqual({ success: true, value: null });
      expect((await api.login(user.account, 'Fresh#2027pw')).json().value.passwordExpired).toBe(
        false,
      );
      expect((await api.login(user.account, temporary)).json().code).toBe('INVALID_CREDENTIALS');
    });

    it('by email: an unknown pair answers USER_NOT_FOUND and sends nothing', async () => {
      const res = await api.send('POST', '/wps/member/password/email', undefined, {
        username: 'nobodyhere',
        email: 'nobody@example.com',
      });
      expect(res.json().code).toBe('USER_NOT_FOUND');
    });

    it('by phone: resets with the SMS code and logs in', async () => {
      await database.db
        .update(whitelabelSwitches)
        .set({ enabled: true })
        .where(eq(whitelabelSwitches.code, 'CHNGPASSVERIF3'));
      const number = `918${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
      await app.inject({
        method: 'POST',
        url: '/wps/verification/sms/register',
        headers: api.headers(),
        payload: {
          countryDialingCode: '63',
          mobile: number,
          captchaId: await api.captchaId(),
          captcha: CAPTCHA_ANSWER,
        },
      });
      const home = randomIp();
      api.playsFrom(`p${number}`, home);
      await api.sealed(
        'PUT',
        '/wps/member/register/mobile',
        {
          username: `p${number}`,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          countryDialingCode: '63',
          mobileNum: number,
          verificationCode: await api.lastCode(`+63${number}`),
          termsAccepted: true,
        },
        undefined,
        home,
      );
      const other = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
      const otherApi = memberApi(other);
      await otherApi.sendSmsCode(number, 'reset');
      const res = await otherApi.sealed('POST', '/wps/member/password/verification', {
        countryDialingCode: '63',
        mobileNum: number,
        verificationCode: await otherApi.lastCode(`+63${number}`),
        newPassword: 'Phone#2027pw',
        confirmNewPassword: 'Phone#2027pw',
      });
      await other.close();
      expect(res.json().value).toMatchObject({ user: { account: `p${number}` } });
      expect((await api.login(`p${number}`, 'Phone#2027pw')).json().success).toBe(true);
    });
  });

  describe('self-exclusion', () => {
    it('ends the sessions now, leaves only withdrawing and reading, and lists the person', async () => {
      const { token, user } = (
        await api.register({ payeeName: 'Maria Clara', birthday: '1990-02-14' })
      ).json().value;
      const res = await post('/wps/member/selfExclusion', token, {
        period: '6M',
        password: PASSWORD,
      });
      expect(res.json().success).toBe(true);
      expect(
        (await app.inject({ url: '/wps/member/info', headers: api.headers(token) })).statusCode,
      ).toBe(401);
      // Decision 018: they log in again to take their money out; new play is refused.
      const again = (await api.login(user.account, PASSWORD)).json();
      expect(again.success).toBe(true);
      const launch = await post('/wps/game/launchGame', again.value.token, { nodeId: 1 });
      expect(launch.json().code).toBe('SELF_EXCLUDED');
      const listed = await database.db
        .select()
        .from(restrictedPersons)
        .where(eq(restrictedPersons.fullName, 'MARIA CLARA'));
      expect(listed[0]).toMatchObject({ category: 'self_excluded', birthday: '1990-02-14' });
      expect(
        (await api.register({ payeeName: 'Maria Clara', birthday: '1990-02-14' })).json().code,
      ).toBe('RESTRICTED_PERSON');
    });

    it('needs the login password', async () => {
      const { token } = (await api.register()).json().value;
      const res = await post('/wps/member/selfExclusion', token, {
        period: '1Y',
        password: 'Wrong#1pw',
      });
      expect(res.json().code).toBe('WRONG_PASSWORD');
      expect(
        (await app.inject({ url: '/wps/member/info', headers: api.headers(token) })).statusCode,
      ).toBe(200);
    });
  });

  describe('payment password, profile and history', () => {
    it('sets a 6-digit payment password with the login password', async () => {
      const { token } = (await api.register()).json().value;
      const bad = await post('/wps/member/paymentPassword', token, {
        loginPassword: PASSWORD,
        paymentPassword: '12ab56',
        confirmPaymentPassword: '12ab56',
      });
      expect(bad.json().code).toBe('VALIDATION_ERROR');
      const ok = await post('/wps/member/paymentPassword', token, {
        loginPassword: PASSWORD,
        paymentPassword: '246810',
        confirmPaymentPassword: '246810',
      });
      expect(ok.json().success).toBe(true);
      const info = (
        await app.inject({ url: '/wps/member/info', headers: api.headers(token) })
      ).json().value;
      expect(info.hasPaymentPassword).toBe(true);
    });

    it('sets the real name once and refuses an under-age birthday', async () => {
      const { token } = (await api.register()).json().value;
      expect((await post('/wps/member/info', token, { birthday: '2012-01-01' })).json().code).toBe(
        'UNDER_AGE',
      );
      expect(
        (await post('/wps/member/info', token, { payeeName: 'Juan Dela Cruz' })).json().value
          .payeeName,
      ).toBe('Juan Dela Cruz');
      expect(
        (await post('/wps/member/info', token, { payeeName: 'Pedro Penduko' })).json().code,
      ).toBe('FORBIDDEN');
    });

    it('answers a profile update that names no field, or no body at all, with a 400', async () => {
      const { token } = (await api.register()).json().value;
      const bodies = [
        { payload: {} },
        { payload: '', headers: { 'content-type': 'application/json' } },
        { payload: '' },
        { payload: '[]', headers: { 'content-type': 'application/json' } },
        { payload: 'nickname=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      ];
      for (const body of bodies) {
        const res = await app.inject({
          method: 'POST',
          url: '/wps/member/info',
          remoteAddress: randomIp(),
          ...body,
          headers: { ...api.headers(token), ...body.headers },
        });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
      const info = await app.inject({ url: '/wps/member/info', headers: api.headers(token) });
      expect(info.json().value.nickname).not.toBe('x');
    });

    it('chooses an avatar from the shipped set only', async () => {
      const { token } = (await api.register()).json().value;
      expect(
        (await post('/wps/member/info/icon', token, { icon: 'avatar-3' })).json().value.icon,
      ).toBe('avatar-3');
      expect(
        (await post('/wps/member/info/icon', token, { icon: '../../etc/passwd' })).json().code,
      ).toBe('VALIDATION_ERROR');
    });

    it('lists the login history, failures included', async () => {
      const { token, user } = (await api.register()).json().value;
      await api.login(user.account, 'Wrong#2026pw');
      const history = (
        await app.inject({ url: '/wps/member/loginHistory', headers: api.headers(token) })
      ).json().value;
      expect(history.map((h: { success: boolean }) => h.success)).toEqual([false, true]);
    });
  });

  describe('feedback and affiliate check', () => {
    const content = 'The deposit took longer than expected today.';
    it('stores feedback with a right captcha', async () => {
      const res = await app.inject({
        method: 'PUT',
        url: '/wps/feedback',
        headers: api.headers(),
        payload: {
          type: 1,
          content: `  ${content}  `,
          sender: 'visitor',
          captchaId: await api.captchaId(),
          captcha: CAPTCHA_ANSWER,
        },
      });
      expect(res.json().success).toBe(true);
      const rows = await database.db.select().from(feedback).where(eq(feedback.content, content));
      expect(rows).toHaveLength(1);
    });

    it.each([
      [{ content: 'too short' }, 'VALIDATION_ERROR'],
      [{ content: 'x'.repeat(201) }, 'VALIDATION_ERROR'],
      [{ type: 5 }, 'VALIDATION_ERROR'],
      [{ captcha: 'nope' }, 'INVALID_CAPTCHA'],
    ] as [Record<string, unknown>, string][])('rejects %j with %s', async (change, code) => {
      const before = (await database.db.select().from(feedback)).length;
      const res = await app.inject({
        method: 'PUT',
        url: '/wps/feedback',
        headers: api.headers(),
        payload: {
          type: 3,
          content,
          captchaId: await api.captchaId(),
          captcha: CAPTCHA_ANSWER,
          ...change,
        },
      });
      expect(res.json().code).toBe(code);
      expect((await database.db.select().from(feedback)).length).toBe(before);
    });

    it('answers INVITATION_CODE_ERROR for an unknown affiliate code', async () => {
      const res = await api.send('POST', '/wps/agent/affiliate', undefined, {
        code: 'NOSUCH',
        domain: 'localhost',
      });
      expect(res.json().code).toBe('INVITATION_CODE_ERROR');
    });
  });

  describe('binding a mobile or email', () => {
    it('binds a mobile with its code, after which it resets the password', async () => {
      const { token } = (await api.register()).json().value;
      const number = `919${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
      const sent = await post('/wps/member/bind/send', token, {
        channel: 'sms',
        countryDialingCode: '63',
        mobileNum: number,
      });
      expect(sent.json().value).toEqual({ expiredMinutes: 5 });
      const wrong = await post('/wps/member/bind', token, {
        channel: 'sms',
        countryDialingCode: '63',
        mobileNum: number,
        code: '000000',
      });
      expect(['CODE_INVALID', 'CODE_EXPIRED']).toContain(wrong.json().code);
      const bound = await post('/wps/member/bind', token, {
        channel: 'sms',
        countryDialingCode: '63',
        mobileNum: number,
        code: await api.lastCode(`+63${number}`),
      });
      expect(bound.json().value.mobileNum).toBe(`******${number.slice(-4)}`);
    });

    it('refuses a mobile that another account has bound', async () => {
      const number = `916${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
      const first = (await api.register()).json().value.token;
      await post('/wps/member/bind/send', first, {
        channel: 'sms',
        countryDialingCode: '63',
        mobileNum: number,
      });
      await post('/wps/member/bind', first, {
        channel: 'sms',
        countryDialingCode: '63',
        mobileNum: number,
        code: await api.lastCode(`+63${number}`),
      });
      const second = (await api.register()).json().value.token;
      const res = await post('/wps/member/bind/send', second, {
        channel: 'sms',
        countryDialingCode: '63',
        mobileNum: number,
      });
      expect(res.json().code).toBe('MOBILE_TAKEN');
    });

    it('binds an email with the code sent to it', async () => {
      const { token } = (await api.register()).json().value;
      const email = `bind${Date.now()}@example.com`;
      await post('/wps/member/bind/send', token, { channel: 'email', email });
      const res = await post('/wps/member/bind', token, {
        channel: 'email',
        email,
        code: await api.lastCode(email),
      });
      expect(res.json().value.email).toBe('b***@example.com');
    });
  });

  it('remembers the language the member chose', async () => {
    const { token, user } = (await api.register()).json().value;
    expect((await post('/wps/member/language', token, { language: 'TL' })).json().success).toBe(
      true,
    );
    const [row] = await database.db.select().from(members).where(eq(members.id, user.id));
    expect(row!.language).toBe('TL');
    expect((await post('/wps/member/language', token, { language: 'JP' })).json().code).toBe(
      'VALIDATION_ERROR',
    );
  });
});
