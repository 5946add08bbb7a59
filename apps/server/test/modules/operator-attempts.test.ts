import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { auditLog, operatorLoginAttempts } from '../../src/db/schema/index.js';
import { createJobRunner } from '../../src/modules/jobs/jobs.runner.js';
import { operatorAttemptsPruneJob } from '../../src/modules/operator/operator.jobs.js';
import {
  OPERATOR_ATTEMPT_WINDOW_SECONDS,
  OPERATOR_FREE_ATTEMPTS,
} from '../../src/modules/operator/operator.service.js';
import { testDatabases } from '../support/databases.js';
import {
  OPERATOR_PASSWORD,
  createOperator,
  operatorIp,
  postOperatorLogin,
  signInOperatorDetails,
  totpCode,
} from '../support/operator-api.js';
import { MERCHANT_ID } from '../support/ledger.js';
import { buildTestApp } from '../support/test-app.js';

const BURST = 50;

/**
 * Attempt limits of the operator sign-in (decision 008): every attempt is reserved before the
 * password or code is checked, so a parallel burst is judged at most the limit, and nobody can
 * lock the real operator out.
 */
describe.each(testDatabases)('operator sign-in attempts on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  function login(payload: Record<string, unknown>, ip = operatorIp()) {
    return postOperatorLogin(app, { merchantCode: 'demo', ...payload }, ip);
  }

  /** The reasons of the refused sign-ins of one operator, as the audit log keeps them. */
  async function failureReasons(operatorId: number) {
    const rows = await database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'operator.login_failed'),
          eq(auditLog.subjectId, String(operatorId)),
        ),
      );
    return rows.map((row) => (row.after as { reason: string }).reason);
  }

  const count = (reasons: string[], reason: string) => reasons.filter((r) => r === reason).length;

  it('judges at most 5 of 50 parallel wrong passwords from one address, which then waits', async () => {
    const target = await signInOperatorDetails(app, database.db, {
      role: 'owner',
      merchantId: MERCHANT_ID,
    });
    const attacker = operatorIp();
    const burst = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        login({ username: target.username, password: `Wrong#guess${i}` }, attacker),
      ),
    );
    const codes = burst.map((res) => res.json().code as string);
    expect(count(codes, 'INVALID_CREDENTIALS')).toBeLessThanOrEqual(OPERATOR_FREE_ATTEMPTS);
    expect(count(codes, 'INVALID_CREDENTIALS') + count(codes, 'TOO_MANY_REQUESTS')).toBe(BURST);
    expect(count(await failureReasons(target.operatorId), 'wrong_password')).toBeLessThanOrEqual(
      OPERATOR_FREE_ATTEMPTS,
    );
    // Even the right password waits at that address.
    const waiting = await login(
      {
        username: target.username,
        password: OPERATOR_PASSWORD,
        code: await totpCode(target.secret, 30),
      },
      attacker,
    );
    expect([waiting.statusCode, waiting.json().code]).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect(waiting.json().value.retryAfterSeconds).toBeGreaterThanOrEqual(1);

    // The owner, elsewhere, is not kept waiting and signs in with password and code.
    const owner = operatorIp();
    const passwordOnly = await login(
      { username: target.username, password: OPERATOR_PASSWORD },
      owner,
    );
    expect(passwordOnly.json().value).toEqual({ step: 'totp_required' });
    const signedIn = await login(
      {
        username: target.username,
        password: OPERATOR_PASSWORD,
        code: await totpCode(target.secret, 30),
      },
      owner,
    );
    expect(signedIn.json().value.step).toBe('session');
  });

  it('makes an address wait longer after each further failure', async () => {
    const { username } = await signInOperatorDetails(app, database.db, {
      role: 'finance',
      merchantId: MERCHANT_ID,
    });
    const ip = operatorIp();
    // With a code, so that the guesses stay judged once the operator is under attack.
    const guess = { username, password: 'Wrong#guess', code: '000000' };
    for (let i = 0; i < OPERATOR_FREE_ATTEMPTS; i += 1) {
      expect((await login(guess, ip)).json().code).toBe('INVALID_CREDENTIALS');
    }
    const first = (await login(guess, ip)).json();
    expect(first).toMatchObject({ code: 'TOO_MANY_REQUESTS', value: { retryAfterSeconds: 1 } });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await login(guess, ip)).json().code).toBe('INVALID_CREDENTIALS');
    const second = (await login(guess, ip)).json();
    expect(second).toMatchObject({ code: 'TOO_MANY_REQUESTS', value: { retryAfterSeconds: 2 } });
  });

  it('judges a password only with a code once 50 addresses guessed in parallel; the owner still signs in', async () => {
    const target = await signInOperatorDetails(app, database.db, {
      role: 'owner',
      merchantId: MERCHANT_ID,
    });
    const burst = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        login({ username: target.username, password: `Wrong#guess${i}` }),
      ),
    );
    const judged = burst.filter((res) => res.json().code === 'INVALID_CREDENTIALS').length;
    expect(judged).toBeLessThanOrEqual(OPERATOR_FREE_ATTEMPTS);
    // Every other guess is asked for the code: the same answer as for the right password.
    expect(burst.filter((res) => res.json().value?.step === 'totp_required')).toHaveLength(
      BURST - judged,
    );
    expect(count(await failureReasons(target.operatorId), 'wrong_password')).toBeLessThanOrEqual(
      OPERATOR_FREE_ATTEMPTS,
    );

    // Under attack the right password alone opens nothing, and a wrong code with it is answered
    // like a wrong password with a right code.
    const code = await totpCode(target.secret, 30);
    expect(
      (await login({ username: target.username, password: OPERATOR_PASSWORD })).json().value,
    ).toEqual({ step: 'totp_required' });
    const wrongCode = await login({
      username: target.username,
      password: OPERATOR_PASSWORD,
      code: '000000',
    });
    const wrongPassword = await login({ username: target.username, password: 'Wrong#guess', code });
    for (const res of [wrongCode, wrongPassword]) {
      expect([res.statusCode, res.json().code]).toEqual([401, 'INVALID_CREDENTIALS']);
    }
    // 50 more guesses, each with a code, are not judged on the password at all.
    const before = count(await failureReasons(target.operatorId), 'wrong_password');
    const guesses = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        login({
          username: target.username,
          password: `Wrong#again${i}`,
          code: String(100000 + i),
        }),
      ),
    );
    expect(guesses.every((res) => res.json().code === 'INVALID_CREDENTIALS')).toBe(true);
    // Only a guess that happens to be the right code reaches the password.
    expect(count(await failureReasons(target.operatorId), 'wrong_password')).toBeLessThanOrEqual(
      before + 1,
    );

    // The owner has the authenticator: password and code together sign in (the code was not
    // spent by the wrong password above).
    const signedIn = await login({ username: target.username, password: OPERATOR_PASSWORD, code });
    expect(signedIn.json().value.step).toBe('session');
  });

  it('throttles guesses on an unknown username from one address like a real one', async () => {
    const ip = operatorIp();
    const burst = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        login({ username: 'nobody.here', password: `Wrong#guess${i}` }, ip),
      ),
    );
    const codes = burst.map((res) => res.json().code as string);
    expect(count(codes, 'INVALID_CREDENTIALS')).toBeLessThanOrEqual(OPERATOR_FREE_ATTEMPTS);
    expect(count(codes, 'TOO_MANY_REQUESTS')).toBeGreaterThanOrEqual(
      BURST - OPERATOR_FREE_ATTEMPTS,
    );
  });

  it('enrols only with the one-time code: never by password alone, guesses limited, the code once', async () => {
    const { operator, username, enrolmentCode } = await createOperator(database.db, {
      role: 'finance',
      merchantId: MERCHANT_ID,
    });
    const passwordOnly = await login({ username, password: OPERATOR_PASSWORD });
    expect([passwordOnly.statusCode, passwordOnly.json().code]).toEqual([
      401,
      'INVALID_CREDENTIALS',
    ]);
    expect(passwordOnly.body).not.toMatch(/secret|token/i);
    // A wrong code with the right password is answered like a wrong password with the right code.
    const wrongCode = await login({
      username,
      password: OPERATOR_PASSWORD,
      enrolmentCode: '0'.repeat(32),
    });
    const wrongPassword = await login({ username, password: 'Wrong#guess', enrolmentCode });
    for (const res of [wrongCode, wrongPassword]) {
      expect([res.statusCode, res.json().code]).toEqual([401, 'INVALID_CREDENTIALS']);
    }

    const guesser = operatorIp();
    const guesses = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        login(
          {
            username,
            password: OPERATOR_PASSWORD,
            enrolmentCode: i.toString(16).padStart(32, 'a'),
          },
          guesser,
        ),
      ),
    );
    const codes = guesses.map((res) => res.json().code as string);
    expect(count(codes, 'INVALID_CREDENTIALS')).toBeLessThanOrEqual(OPERATOR_FREE_ATTEMPTS);
    expect(count(codes, 'INVALID_CREDENTIALS') + count(codes, 'TOO_MANY_REQUESTS')).toBe(BURST);
    const reasons = await failureReasons(operator.id);
    expect(count(reasons, 'wrong_enrolment_code')).toBeLessThanOrEqual(OPERATOR_FREE_ATTEMPTS + 1);
    expect(count(reasons, 'enrolment_code_required')).toBe(1);

    // The right code, sent 50 times at once from 50 addresses, starts exactly one enrolment.
    const uses = await Promise.all(
      Array.from({ length: BURST }, () =>
        login({
          username,
          password: OPERATOR_PASSWORD,
          enrolmentCode: enrolmentCode.toUpperCase(),
        }),
      ),
    );
    const enrolments = uses.filter((res) => res.json().value?.step === 'totp_enrolment');
    expect(enrolments).toHaveLength(1);
    expect(uses.filter((res) => res.json().code === 'INVALID_CREDENTIALS')).toHaveLength(BURST - 1);
    const enrolment = enrolments[0]!.json().value;
    const confirmed = await app.inject({
      method: 'POST',
      url: '/admin/api/session/totp',
      remoteAddress: operatorIp(),
      payload: { enrolmentToken: enrolment.enrolmentToken, code: await totpCode(enrolment.secret) },
    });
    expect(confirmed.json().value.step).toBe('session');
  });

  it('judges at most 5 of 50 parallel codes guessed for an open enrolment', async () => {
    const { username, enrolmentCode } = await createOperator(database.db, {
      role: 'read_only',
      merchantId: MERCHANT_ID,
    });
    const enrolment = (await login({ username, password: OPERATOR_PASSWORD, enrolmentCode })).json()
      .value;
    const ip = operatorIp();
    const guesses = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/admin/api/session/totp',
          remoteAddress: ip,
          payload: { enrolmentToken: enrolment.enrolmentToken, code: String(200000 + i) },
        }),
      ),
    );
    const codes = guesses.map((res) => res.json().code as string);
    expect(count(codes, 'CODE_INVALID')).toBeLessThanOrEqual(OPERATOR_FREE_ATTEMPTS);
    expect(count(codes, 'CODE_INVALID') + count(codes, 'TOO_MANY_REQUESTS')).toBe(BURST);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const postgres = testDatabases.find((d) => d.name === 'postgres');

describe.runIf(redisUrl && postgres)(
  'operator sign-in attempts across two processes (Redis)',
  () => {
    let database: DatabaseHandle;
    const apps: FastifyInstance[] = [];
    const connections: Redis[] = [];

    beforeAll(async () => {
      database = await postgres!.open();
      // A key prefix of its own, so that other suites on the same Redis never meet these keys.
      const keyPrefix = `operator-attempts-${Math.random().toString(36).slice(2)}:`;
      for (let i = 0; i < 2; i += 1) {
        const redis = new Redis(redisUrl!, { lazyConnect: true, keyPrefix });
        await redis.connect();
        connections.push(redis);
        apps.push(await buildTestApp(database, {}, redis));
      }
    }, 180_000);
    afterAll(async () => {
      for (const app of apps) await app.close();
      for (const redis of connections) redis.disconnect();
      await database?.close();
    });

    it('judges at most 5 of 50 parallel wrong passwords sent through both processes', async () => {
      const target = await signInOperatorDetails(apps[0]!, database.db, {
        role: 'owner',
        merchantId: MERCHANT_ID,
      });
      const login = (app: FastifyInstance, payload: Record<string, unknown>, ip: string) =>
        postOperatorLogin(app, { merchantCode: 'demo', username: target.username, ...payload }, ip);
      const attacker = operatorIp();
      const fromOne = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          login(apps[i % 2]!, { password: `Wrong#guess${i}`, code: '000000' }, attacker),
        ),
      );
      const fromMany = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          login(apps[i % 2]!, { password: `Wrong#again${i}` }, operatorIp()),
        ),
      );
      const judged = [...fromOne, ...fromMany].filter(
        (res) => res.json().code === 'INVALID_CREDENTIALS',
      );
      expect(judged.length).toBeLessThanOrEqual(OPERATOR_FREE_ATTEMPTS);
      const reasons = await database.db
        .select({ after: auditLog.after })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'operator.login_failed'),
            eq(auditLog.subjectId, String(target.operatorId)),
          ),
        );
      const wrongPasswords = reasons.filter(
        (row) => (row.after as { reason: string }).reason === 'wrong_password',
      );
      expect(wrongPasswords.length).toBeGreaterThan(0);
      expect(wrongPasswords.length).toBeLessThanOrEqual(OPERATOR_FREE_ATTEMPTS);

      const owner = operatorIp();
      const signedIn = await login(
        apps[1]!,
        { password: OPERATOR_PASSWORD, code: await totpCode(target.secret, 30) },
        owner,
      );
      expect(signedIn.json().value.step).toBe('session');
    });
  },
);

describe.each(testDatabases)('operator sign-in attempts pruned hourly on $name', ({ open }) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.close());

  it('forgets the rows whose last attempt is past the window, keeping newer ones', async () => {
    const now = Date.now();
    const row = (source: string, ageMs: number) => ({
      subject: 'demo/prune-check',
      source,
      attempts: 3,
      lastAttemptAt: new Date(now - ageMs),
    });
    await database.db
      .insert(operatorLoginAttempts)
      .values([
        row('old', OPERATOR_ATTEMPT_WINDOW_SECONDS * 1000 + 2 * 3_600_000),
        row('young', 60_000),
      ]);
    const prune = createJobRunner({
      db: database.db,
      jobs: [operatorAttemptsPruneJob],
      now: () => new Date(now),
    });
    const [report] = await prune.tick();
    expect((report!.result as { deleted: number }).deleted).toBe(1);
    const left = await database.db
      .select({ source: operatorLoginAttempts.source })
      .from(operatorLoginAttempts)
      .where(eq(operatorLoginAttempts.subject, 'demo/prune-check'));
    expect(left.map((r) => r.source)).toEqual(['young']);
  });
});
