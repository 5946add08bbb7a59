import { eq, sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, DatabaseHandle } from '../../src/db/client.js';
import { auditLog, jobRuns, withdrawals } from '../../src/db/schema/index.js';
import {
  createJobRunner,
  everyMs,
  type JobDefinition,
} from '../../src/modules/jobs/jobs.runner.js';
import { serverJobs } from '../../src/jobs.js';
import { createMerchantZones } from '../../src/modules/merchant/index.js';
import { testDatabases } from '../support/databases.js';
import { saveKycInfo } from '../support/kyc.js';
import { fund, MERCHANT_ID, setMoneySettings } from '../support/ledger.js';
import { CAPTCHA_ANSWER, memberApi } from '../support/member-api.js';
import { operatorHeaders, signInOperator } from '../support/operator-api.js';
import { buildTestApp } from '../support/test-app.js';
import { testSecrets } from '../support/secrets.js';

const MINUTE = 60_000;

/** What the test jobs write: one row per run (created by the suite, not a migration). */
const jobTestMarks = pgTable('job_test_marks', {
  job: text('job').notNull(),
  period: text('period').notNull(),
});
const T0 = Date.parse('2026-03-01T00:00:00Z');

/** A job that writes one row per run into a table of its own (to count runs by period). */
function countingJob(name: string, options: { failOn?: Set<string> } = {}): JobDefinition {
  return {
    name,
    periodOf: everyMs(MINUTE),
    async run(tx: Db, period) {
      await tx.insert(jobTestMarks).values({ job: name, period: period.key });
      // Slow enough that racing runners overlap inside the claim transaction.
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (options.failOn?.has(period.key)) throw new Error('boom');
      return { period: period.key };
    },
  };
}

describe.each(testDatabases)('scheduled jobs on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: ReturnType<typeof memberApi>;

  const marks = async (job: string) =>
    (
      await database.db
        .select({ period: jobTestMarks.period })
        .from(jobTestMarks)
        .where(eq(jobTestMarks.job, job))
        .orderBy(jobTestMarks.period)
    ).map((row) => row.period);

  beforeAll(async () => {
    database = await open();
    await database.db.execute(
      sql`create table job_test_marks (job text not null, period text not null)`,
    );
    app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
    api = memberApi(app);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('runs each period once however many runners race for it', async () => {
    let now = T0 + 30_000;
    const runners = Array.from({ length: 4 }, () =>
      createJobRunner({ db: database.db, jobs: [countingJob('race')], now: () => new Date(now) }),
    );
    // A runner that never ran a job starts with the latest finished period.
    await Promise.all(runners.map((r) => r.tick()));
    expect(await marks('race')).toEqual([new Date(T0 - MINUTE).toISOString()]);
    for (let minute = 1; minute <= 5; minute += 1) {
      now = T0 + minute * MINUTE + 10_000;
      const reports = await Promise.all(runners.map((r) => r.tick()));
      expect(reports.flat()).toHaveLength(1);
    }
    const periods = await marks('race');
    expect(periods).toHaveLength(6);
    expect(new Set(periods).size).toBe(6);
    const runs = await database.db.select().from(jobRuns).where(eq(jobRuns.job, 'race'));
    expect(runs).toHaveLength(6);
    expect(runs.every((run) => run.finishedAt !== null)).toBe(true);
  });

  it('catches up missed periods after downtime, oldest first, up to a bound', async () => {
    let now = T0 + 10_000;
    const runner = createJobRunner({
      db: database.db,
      jobs: [countingJob('catchup')],
      now: () => new Date(now),
      maxCatchUp: 10,
    });
    await runner.tick();
    now = T0 + 4 * MINUTE + 10_000; // four minutes finished since the last run
    const report = await runner.tick();
    expect(report.map((r) => r.period)).toEqual(
      [0, 1, 2, 3].map((m) => new Date(T0 + m * MINUTE).toISOString()),
    );
    now = T0 + 60 * MINUTE + 10_000; // down for almost an hour: only the newest 10
    const late = await runner.tick();
    expect(late).toHaveLength(10);
    expect(late[0]!.period).toBe(new Date(T0 + 50 * MINUTE).toISOString());
    expect(late[9]!.period).toBe(new Date(T0 + 59 * MINUTE).toISOString());
    expect(await runner.tick()).toEqual([]);
  });

  it('a failed run commits nothing and is retried on the next tick', async () => {
    let now = T0 + 10_000;
    const failOn = new Set([new Date(T0 + MINUTE).toISOString()]);
    const errors: string[] = [];
    const runner = createJobRunner({
      db: database.db,
      jobs: [countingJob('flaky', { failOn })],
      now: () => new Date(now),
      onError: (_job, period) => errors.push(period.key),
    });
    await runner.tick();
    now = T0 + 3 * MINUTE + 10_000;
    // T0 runs; T0+1 fails (nothing of it stays) and T0+2 waits behind it.
    expect((await runner.tick()).map((r) => r.period)).toEqual([new Date(T0).toISOString()]);
    expect(errors).toEqual([new Date(T0 + MINUTE).toISOString()]);
    expect(await marks('flaky')).toEqual([
      new Date(T0 - MINUTE).toISOString(),
      new Date(T0).toISOString(),
    ]);
    failOn.clear();
    const report = await runner.tick();
    expect(report.map((r) => r.period)).toEqual(
      [1, 2].map((m) => new Date(T0 + m * MINUTE).toISOString()),
    );
  });

  it('the server starts no loop in tests and exposes its runner', async () => {
    expect(typeof app.jobs.tick).toBe('function');
    expect(
      serverJobs({
        realtime: app.realtime,
        secrets: testSecrets,
        zones: createMerchantZones(database.db),
      }).map((job) => job.name),
    ).toContain('withdrawal-auto-receipt');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const runs = await database.db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.job, 'withdrawal-auto-receipt'));
    expect(runs).toEqual([]);
  });

  it('a started loop ticks until stopped', async () => {
    let now = T0 + 10_000;
    const runner = createJobRunner({
      db: database.db,
      jobs: [countingJob('loop')],
      now: () => new Date(now),
      intervalMs: 10,
    });
    runner.start();
    await expect.poll(() => marks('loop')).toHaveLength(1);
    now = T0 + 2 * MINUTE + 10_000;
    await expect.poll(() => marks('loop')).toHaveLength(3);
    await runner.stop();
    now = T0 + 5 * MINUTE;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await marks('loop')).toHaveLength(3);
  });

  it('auto-receipt: an unconfirmed payout becomes auto_received once, after the minutes', async () => {
    await setMoneySettings(database.db, { autoReceiptMinutes: 10 });
    const registered = (await api.register()).json().value;
    const token = registered.token as string;
    const memberId = registered.user.id as number;
    const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      api.send(method, url, token, payload);
    await saveKycInfo(database.db, memberId, { payeeName: 'Maria Santos', birthday: '1991-01-01' });
    await call('POST', '/wps/member/paymentPassword', {
      loginPassword: 'Secret#2026pw',
      paymentPassword: '112233',
      confirmPaymentPassword: '112233',
    });
    await fund(database.db, memberId, 1000_00n);
    const account = (
      await call('PUT', '/wps/withdraw/accounts', {
        method: 'maya',
        accountName: 'Maria Santos',
        accountNumber: '09981234567',
      })
    ).json().value.id;
    const ids: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await call('PUT', '/wps/withdraw', {
        payoutAccountId: account,
        amount: '200',
        paymentPassword: '112233',
        clientRequestId: `auto-${Date.now()}-${i}`,
      });
      ids.push(res.json().value.id);
    }
    const finance = await signInOperator(app, database.db, {
      role: 'finance',
      merchantId: MERCHANT_ID,
    });
    for (const id of ids) {
      const res = await app.inject({
        method: 'POST',
        url: `/admin/api/withdrawals/${id}/approve`,
        headers: operatorHeaders(finance),
      });
      expect(res.json().value.status).toBe('paid');
    }
    // The member confirms the first one themself.
    await call('POST', `/wps/withdraw/${ids[0]}/receipt`, { status: 'received' });
    const [paid] = await database.db.select().from(withdrawals).where(eq(withdrawals.id, ids[1]!));
    const paidAt = paid!.paidAt!.getTime();

    let now = paidAt + 5 * MINUTE;
    const runners = [1, 2, 3].map(() =>
      createJobRunner({
        db: database.db,
        jobs: serverJobs({
          realtime: app.realtime,
          secrets: testSecrets,
          zones: createMerchantZones(database.db),
        }),
        now: () => new Date(now),
      }),
    );
    await Promise.all(runners.map((r) => r.tick()));
    const early = (await call('GET', `/wps/withdraw/${ids[1]}`)).json().value;
    expect(early.receiptStatus).toBeNull();

    now = paidAt + 11 * MINUTE;
    const reports = await Promise.all(runners.map((r) => r.tick()));
    const marked = reports
      .flat()
      .reduce((sum, r) => sum + ((r.result as { marked: number }).marked ?? 0), 0);
    expect(marked).toBe(1);
    const late = (await call('GET', `/wps/withdraw/${ids[1]}`)).json().value;
    expect(late.receiptStatus).toBe('auto_received');
    const mine = (await call('GET', `/wps/withdraw/${ids[0]}`)).json().value;
    expect(mine.receiptStatus).toBe('received');

    // Irreversible: the member can no longer answer, and later ticks change nothing.
    const refused = await call('POST', `/wps/withdraw/${ids[1]}/receipt`, {
      status: 'not_received',
      proof: 'data:image/png;base64,aGVsbG8=',
    });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'RECEIPT_NOT_OPEN']);
    now = paidAt + 30 * MINUTE;
    await Promise.all(runners.map((r) => r.tick()));
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'withdrawal.auto_receipt'));
    expect(audits.map((a) => a.subjectId)).toEqual([String(ids[1])]);
    const info = (await call('GET', '/wps/withdraw/info')).json().value;
    expect(info.balance).toBe('600.00');
  });
});
