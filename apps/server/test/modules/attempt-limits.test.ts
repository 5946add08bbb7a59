import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import {
  loginEvents,
  members,
  outboxMessages,
  whitelabelSwitches,
} from '../../src/db/schema/index.js';
import { testDatabases, type TestDatabase } from '../support/databases.js';
import { CAPTCHA_ANSWER, memberApi, randomIp } from '../support/member-api.js';
import { buildTestApp } from '../support/test-app.js';

const PASSWORD = 'Secret#2026pw';
const BURST = 60;
const redisUrl = process.env.TEST_REDIS_URL;

/** Every database alone (limits in process memory), and two processes sharing Redis. */
const variants: (TestDatabase & { label: string; redis: boolean })[] = [
  ...testDatabases.map((d) => ({ ...d, label: d.name, redis: false })),
  ...(redisUrl
    ? [{ ...testDatabases.at(-1)!, label: `${testDatabases.at(-1)!.name} with Redis`, redis: true }]
    : []),
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tally = (codes: string[]) =>
  codes.reduce<Record<string, number>>((t, c) => ({ ...t, [c]: (t[c] ?? 0) + 1 }), {});

describe.each(variants)('attempt limits on $label', ({ open, redis }) => {
  let database: DatabaseHandle;
  let apps: FastifyInstance[];
  let apis: ReturnType<typeof memberApi>[];
  const clients: Redis[] = [];
  /** The API of the n-th request: with Redis, alternately the two processes. */
  const via = (n: number) => apis[n % apis.length]!;
  const api = () => apis[0]!;
  const captcha = async (n = 0) => ({
    captchaId: await via(n).captchaId(),
    captcha: CAPTCHA_ANSWER,
  });

  beforeAll(async () => {
    database = await open();
    const env = { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER };
    if (redis) {
      // A prefix of its own, so suites running beside this one on the same Redis never meet.
      const keyPrefix = `test:${randomUUID()}:`;
      clients.push(new Redis(redisUrl!, { keyPrefix }), new Redis(redisUrl!, { keyPrefix }));
      apps = await Promise.all(clients.map((client) => buildTestApp(database, env, client)));
    } else {
      apps = [await buildTestApp(database, env)];
    }
    apis = apps.map((app) => memberApi(app));
    await database.db
      .update(whitelabelSwitches)
      .set({ enabled: true })
      .where(inArray(whitelabelSwitches.code, ['CHNGPASSMAIL3', 'CHNGPASSVERIF3']));
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    for (const client of clients) client.disconnect();
    await database.close();
  });

  /** A member with an email bound (a second factor). */
  async function memberWithEmail(fields: Record<string, string> = {}) {
    const email = `limits${randomUUID().slice(0, 8)}@example.com`;
    const { user } = (await api().register({ email, ...fields })).json().value;
    return { account: user.account as string, id: user.id as number, email };
  }

  /** A member with an email and a mobile number bound, the number proved earlier by a code. */
  async function memberWithMobileAndEmail() {
    const mobile = `917${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
    const member = await memberWithEmail({ countryDialingCode: '63', mobileNum: mobile });
    await database.db
      .update(members)
      .set({ mobileVerifiedAt: new Date() })
      .where(eq(members.id, member.id));
    return { ...member, phone: `+63${mobile}` };
  }

  const wrongPasswordEvents = async (memberId: number) =>
    (
      await database.db
        .select()
        .from(loginEvents)
        .where(and(eq(loginEvents.memberId, memberId), eq(loginEvents.reason, 'wrong_password')))
    ).length;

  /** `count` wrong passwords at once, each from its own address, with or without captchas. */
  async function burst(account: string, count: number, withCaptcha: boolean) {
    const extras = withCaptcha
      ? await Promise.all(Array.from({ length: count }, (_, i) => captcha(i)))
      : Array.from({ length: count }, () => ({}));
    return Promise.all(
      extras.map((extra, i) => via(i).login(account, `Guess#${i}pw`, extra, randomIp())),
    );
  }

  it('judges at most 3 passwords without a captcha and 10 by password alone; the owner still gets in', async () => {
    const victim = await memberWithMobileAndEmail();
    const bare = await burst(victim.account, BURST, false);
    expect(tally(bare.map((r) => r.json().code))).toEqual({
      INVALID_CREDENTIALS: 3,
      CAPTCHA_REQUIRED: BURST - 3,
    });
    const solved = await burst(victim.account, BURST, true);
    // 7 more are judged by the password; from then on every answer is the hold for a factor.
    expect(tally(solved.map((r) => r.json().code))).toEqual({
      INVALID_CREDENTIALS: 7,
      SECOND_VERIFICATION_REQUIRED: BURST - 7,
    });
    expect(await wrongPasswordEvents(victim.id)).toBe(3 + BURST);
    const heldRes = solved.find((r) => r.json().code === 'SECOND_VERIFICATION_REQUIRED')!;
    const held = heldRes.json();
    expect(held.value.methods).toEqual(['sms', 'email']);

    // The right password alone opens no session: the answer is the same hold.
    const right = await api().login(victim.account, PASSWORD, await captcha(), randomIp());
    expect(right.statusCode).toBe(heldRes.statusCode);
    expect(right.json()).toMatchObject({
      code: 'SECOND_VERIFICATION_REQUIRED',
      value: { methods: ['sms', 'email'] },
    });
    expect(Object.keys(right.json().value).sort()).toEqual(Object.keys(held.value).sort());

    // With a code to a bound factor the owner is in; a guesser's hold, even so, is not.
    const finish = async (challengeId: string, method: 'sms' | 'email', to: string) => {
      await apps[0]!.inject({
        method: 'POST',
        url: '/wps/session/login/verify/send',
        headers: api().headers(),
        payload: { challengeId, method },
      });
      return api().sealed('POST', '/wps/session/login/verify', {
        challengeId,
        method,
        answer: await api().lastCode(to),
      });
    };
    const guesser = await finish(held.value.challengeId, 'email', victim.email);
    expect(guesser.json().code).toBe('INVALID_CREDENTIALS');
    const owner = await finish(right.json().value.challengeId, 'sms', victim.phone);
    expect(owner.json().value.token).toEqual(expect.any(String));
  }, 120_000);

  it('spaces out one address after its 3rd failure, but not another address (which needs the captcha)', async () => {
    const victim = await memberWithEmail();
    const attacker = randomIp();
    for (let i = 0; i < 3; i++) await api().login(victim.account, `Wrong#${i}pw`, {}, attacker);
    const extras = await Promise.all(Array.from({ length: 50 }, (_, i) => captcha(i)));
    const answers = await Promise.all(
      extras.map((extra, i) => via(i).login(victim.account, `Guess#${i}pw`, extra, attacker)),
    );
    const codes = tally(answers.map((r) => r.json().code));
    expect(codes.INVALID_CREDENTIALS ?? 0).toBeLessThanOrEqual(1);
    expect(codes.TOO_MANY_REQUESTS).toBeGreaterThanOrEqual(49);
    const throttled = answers.find((r) => r.json().code === 'TOO_MANY_REQUESTS')!;
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    const elsewhere = randomIp();
    const noCaptcha = await api().login(victim.account, PASSWORD, {}, elsewhere);
    expect(noCaptcha.json().code).toBe('CAPTCHA_REQUIRED');
    const owner = await api().login(victim.account, PASSWORD, await captcha(), elsewhere);
    // Not throttled by the attacker's delay: judged, and held only because the network is new.
    expect(owner.json().code).toBe('SECOND_VERIFICATION_REQUIRED');
  }, 120_000);

  it('with nothing bound, spaces out the account under attack instead of locking it', async () => {
    const { user } = (await api().register()).json().value;
    const account = user.account as string;
    // Attempts from the owner's own network (the registration address's /24), each address new.
    const [registered] = await database.db
      .select({ ip: members.registerIp })
      .from(members)
      .where(eq(members.id, user.id));
    const network = registered!.ip!.split('.').slice(0, 3).join('.');
    const near = (n: number) => `${network}.${(n % 250) + 1}`;
    const extras = await Promise.all(Array.from({ length: BURST }, (_, i) => captcha(i)));
    const answers = await Promise.all(
      extras.map((extra, i) => via(i).login(account, `Guess#${i}pw`, extra, near(i))),
    );
    const codes = tally(answers.map((r) => r.json().code));
    // The first 10 are judged, then at most the one turn of the growing delay: never a 12th.
    expect(codes.INVALID_CREDENTIALS).toBeGreaterThanOrEqual(10);
    expect(codes.INVALID_CREDENTIALS).toBeLessThanOrEqual(11);
    expect(codes.TOO_MANY_REQUESTS).toBe(BURST - codes.INVALID_CREDENTIALS!);
    expect(await wrongPasswordEvents(user.id)).toBe(codes.INVALID_CREDENTIALS);

    // The owner waits out the current step (seconds, not a 15-minute lock) and is in.
    const home = near(251);
    let res = await api().login(account, PASSWORD, await captcha(), home);
    if (res.json().code === 'TOO_MANY_REQUESTS') {
      const wait = Number(res.headers['retry-after']);
      expect(wait).toBeLessThanOrEqual(4);
      await sleep(wait * 1000 + 100);
      res = await api().login(account, PASSWORD, await captcha(), home);
    }
    expect(res.json().value.token).toEqual(expect.any(String));
  }, 120_000);

  it('judges at most 5 of 60 SMS login codes sent at once; then the right one is spent too', async () => {
    const victim = await memberWithMobileAndEmail();
    const mobileNum = victim.phone.slice(3);
    await apps[0]!.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      headers: api().headers(),
      remoteAddress: randomIp(),
      payload: {
        countryDialingCode: '63',
        mobile: mobileNum,
        purpose: 'login',
        ...(await captcha()),
      },
    });
    const code = await api().lastCode(victim.phone);
    const smsLogin = (n: number, verificationCode: string) =>
      via(n).sealed('POST', '/wps/session/login', {
        type: 'sms',
        countryDialingCode: '63',
        mobileNum,
        verificationCode,
        termsAccepted: true,
      });
    const guesses = Array.from({ length: BURST }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(guesses.map((guess, i) => smsLogin(i, guess)));
    expect(tally(answers.map((r) => r.json().code))).toEqual({
      CODE_INVALID: 5,
      CODE_EXPIRED: BURST - 5,
    });
    expect((await smsLogin(0, code)).json().code).toBe('CODE_EXPIRED');
  }, 120_000);

  it('judges at most 5 of 60 answers to one second verification sent at once', async () => {
    const email = `limits${randomUUID().slice(0, 8)}@example.com`;
    const { user } = (await api().register({ email, payeeName: 'Andres Bonifacio' })).json().value;
    const held = await api().login(user.account, PASSWORD, {}, '198.51.100.17');
    const { challengeId } = held.json().value;
    const answer = (n: number, name: string) =>
      via(n).sealed('POST', '/wps/session/login/verify', {
        challengeId,
        method: 'payeeName',
        answer: name,
      });
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) => answer(i, `Guess Number ${i}`)),
    );
    expect(tally(answers.map((r) => r.json().code))).toEqual({
      CODE_INVALID: 5,
      CODE_EXPIRED: BURST - 5,
    });
    expect((await answer(0, 'Andres Bonifacio')).json().code).toBe('CODE_EXPIRED');
  }, 120_000);

  it('judges at most 5 of 60 old passwords at once on a signed-in account', async () => {
    const { token } = (await api().register()).json().value;
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        via(i).sealed(
          'POST',
          '/wps/member/password',
          {
            oldPassword: `Guess#${i}pw`,
            newPassword: 'Fresh#2027pw',
            confirmNewPassword: 'Fresh#2027pw',
          },
          token,
        ),
      ),
    );
    expect(tally(answers.map((r) => r.json().code))).toEqual({
      WRONG_PASSWORD: 5,
      TOO_MANY_REQUESTS: BURST - 5,
    });
  }, 120_000);

  const sentTo = async (destination: string) =>
    (
      await database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.destination, destination))
    ).length;
  const forgotByEmail = (n: number, account: string, email: string, ip: string) =>
    apps[n % apps.length]!.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      headers: api().headers(),
      remoteAddress: ip,
      payload: { username: account, email },
    });

  it('sends at most 3 reset emails to one account asked from 60 addresses at once', async () => {
    const victim = await memberWithEmail();
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        forgotByEmail(i, victim.account, victim.email, randomIp()),
      ),
    );
    expect(tally(answers.map((r) => r.json().code ?? 'SENT'))).toEqual({
      SENT: 3,
      TOO_MANY_REQUESTS: BURST - 3,
    });
    expect(await sentTo(victim.email)).toBe(3);
  }, 120_000);

  it('sends at most 10 reset emails an hour from one address, whatever the accounts', async () => {
    const victims: Awaited<ReturnType<typeof memberWithEmail>>[] = [];
    for (let i = 0; i < 12; i++) victims.push(await memberWithEmail());
    const address = randomIp();
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) => {
        const victim = victims[i % victims.length]!;
        return forgotByEmail(i, victim.account, victim.email, address);
      }),
    );
    expect(tally(answers.map((r) => r.json().code ?? 'SENT'))).toEqual({
      SENT: 10,
      TOO_MANY_REQUESTS: BURST - 10,
    });
    let sent = 0;
    for (const victim of victims) sent += await sentTo(victim.email);
    expect(sent).toBe(10);
  }, 120_000);

  it('uses a number typed at username registration for nothing until a code binds it', async () => {
    const mobile = `916${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
    const phone = `+63${mobile}`;
    const { token, user } = (
      await api().register({
        countryDialingCode: '63',
        mobileNum: mobile,
        email: `${mobile}@example.com`,
      })
    ).json().value;
    const askReset = async () =>
      apps[0]!.inject({
        method: 'POST',
        url: '/wps/verification/sms/noLogin',
        headers: api().headers(),
        remoteAddress: randomIp(),
        payload: { countryDialingCode: '63', mobile, purpose: 'reset', ...(await captcha()) },
      });
    const refused = await askReset();
    expect(refused.json().code).toBe('USER_NOT_FOUND');
    expect(await sentTo(phone)).toBe(0);
    // Nor does it serve as a second verification method from a new network.
    const held = await api().login(user.account, PASSWORD, {}, '198.51.100.33');
    expect(held.json().value.methods).toEqual(['email']);

    await apps[0]!.inject({
      method: 'POST',
      url: '/wps/member/bind/send',
      headers: api().headers(token),
      payload: { channel: 'sms', countryDialingCode: '63', mobileNum: mobile },
    });
    const bound = await apps[0]!.inject({
      method: 'POST',
      url: '/wps/member/bind',
      headers: api().headers(token),
      payload: {
        channel: 'sms',
        countryDialingCode: '63',
        mobileNum: mobile,
        code: await api().lastCode(phone),
      },
    });
    expect(bound.json().success).toBe(true);
    const methods = (await api().login(user.account, PASSWORD, {}, '198.51.100.34')).json().value;
    expect(methods.methods).toEqual(['sms', 'email']);

    // The bind code went out seconds ago and a number gets one code a minute: a process with
    // fresh counts stands for the minute having passed.
    const fresh = redis ? new Redis(redisUrl!, { keyPrefix: `test:${randomUUID()}:` }) : null;
    const later = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER }, fresh);
    try {
      const laterApi = memberApi(later);
      const asked = await laterApi.sendSmsCode(mobile, 'reset', randomIp());
      expect(asked.json().success).toBe(true);
      const reset = await laterApi.sealed('POST', '/wps/member/password/verification', {
        countryDialingCode: '63',
        mobileNum: mobile,
        verificationCode: await laterApi.lastCode(phone),
        newPassword: 'Phone#2027pw',
        confirmNewPassword: 'Phone#2027pw',
      });
      expect(reset.json().value.user.account).toBe(user.account);
    } finally {
      await later.close();
      fresh?.disconnect();
    }
  }, 120_000);

  it('lets an account with nothing bound in from new networks once per 30 s, with a captcha', async () => {
    const { user } = (await api().register()).json().value;
    const bare = await api().login(user.account, PASSWORD, {}, randomIp());
    expect(bare.json().code).toBe('CAPTCHA_REQUIRED');
    const extras = await Promise.all(Array.from({ length: BURST }, (_, i) => captcha(i)));
    // Each from a network of its own: one the winner made known would rightly let a later one in.
    // (randomIp never gives 10.255.*, so none is the registration's network either.)
    const ownNetwork = (i: number) => `10.255.${i}.${1 + Math.floor(Math.random() * 254)}`;
    const answers = await Promise.all(
      extras.map((extra, i) => via(i).login(user.account, PASSWORD, extra, ownNetwork(i))),
    );
    expect(tally(answers.map((r) => r.json().code ?? 'IN'))).toEqual({
      IN: 1,
      TOO_MANY_REQUESTS: BURST - 1,
    });
    const throttled = answers.find((r) => r.statusCode === 429)!;
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(25);
    // The owner's own network is not a new one: in at once, without a captcha.
    const [registered] = await database.db
      .select({ ip: members.registerIp })
      .from(members)
      .where(eq(members.id, user.id));
    const home = await api().login(user.account, PASSWORD, {}, registered!.ip!);
    expect(home.json().value.token).toEqual(expect.any(String));
  }, 120_000);
});
