import { parsePeriodKey } from '@app/agents';
import { DEFAULT_TIME_ZONE } from '@app/shared';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import {
  agentContracts,
  agentContractSettlements,
  jobRuns,
  ledgerEntries,
  members as accounts,
} from '../../src/db/schema/index.js';
import { openSession } from '../../src/modules/auth/session.service.js';
import { mainBalance } from '../../src/modules/ledger/ledger.service.js';
import { settlementClaimsPruneJob } from '../../src/modules/agent/settlement.job.js';
import {
  settleContractPeriod,
  settleDuePeriods,
} from '../../src/modules/agent/settlement.service.js';
import { createJobRunner } from '../../src/modules/jobs/jobs.runner.js';
import { inTransaction } from '../../src/lib/transaction.js';
import { activeDailySalary } from '../support/agents.js';
import { testDatabases } from '../support/databases.js';
import { withZones } from '../support/zones.js';
import { createMember, CURRENCY, MERCHANT_ID, insertClosedRound } from '../support/ledger.js';
import { buildTestApp } from '../support/test-app.js';

const AGENT = 1;
const HOUR = 60 * 60_000;
/** Local day D:2027-03-10 in Philippine time (GMT+8) starts at 2027-03-09T16:00Z. */
const DAY_START = Date.parse('2027-03-09T16:00:00Z');
const DAY = 24 * HOUR;
/** When the settlement of the day may run: its end plus the 10-minute delay, plus a minute. */
const afterDay = (n: number) => new Date(DAY_START + (n + 1) * DAY + 11 * 60_000);

/**
 * Daily salary settlement on the database (decision 014): A holds 0.3/0.5/0.8 % from the
 * operator, B under A holds 0.2/0.4/0.6 % from A; the merchant's tiers are the defaults
 * (50,000.00 and 3 active; 200,000.00 and 10 active; 1,000,000.00 and 25 active).
 */
describe.each(testDatabases)('agent contract settlement on $name', ({ open }) => {
  let database: DatabaseHandle;
  let a: number;
  let b: number;
  const members: number[] = [];
  let contractA: number;
  let contractB: number;

  beforeAll(async () => {
    database = await open();
    const db = database.db;
    a = await createMember(db, { type: AGENT });
    b = await createMember(db, { type: AGENT, uplineId: a });
    for (const upline of [b, b, b, a, a, a])
      members.push(await createMember(db, { uplineId: upline }));
    const accepted = new Date(DAY_START - 5 * DAY);
    contractA = await activeDailySalary(db, {
      uplineId: null,
      downlineId: a,
      ratesBp: [30, 50, 80],
      acceptedAt: accepted,
    });
    contractB = await activeDailySalary(db, {
      uplineId: a,
      downlineId: b,
      ratesBp: [20, 40, 60],
      acceptedAt: accepted,
    });
  });
  afterAll(async () => {
    await database.close();
  });

  /** A closed round of `member`: `stake` bet, `win` paid back, closed at `at`. */
  async function play(member: number, stake: bigint, win: bigint, at: Date) {
    await insertClosedRound(database.db, { memberId: member, vendor: 'SETTLE', stake, win, at });
  }

  const balance = (member: number) => mainBalance(database.db, MERCHANT_ID, member, CURRENCY);

  const settlementsOf = (contractId: number) =>
    database.db
      .select()
      .from(agentContractSettlements)
      .where(eq(agentContractSettlements.contractId, contractId))
      .orderBy(agentContractSettlements.periodKey);

  it('pays each agent its differential for a closed day, the chain its top rate', async () => {
    const at = new Date(DAY_START + 3 * HOUR);
    // Each member bets 20,000.00 in the day (a win of half the stake changes nothing for salary).
    for (const member of members) await play(member, 2_000_000n, 1_000_000n, at);
    // A round closed after the day's end belongs to the next day.
    await play(members[0]!, 9_000_000n, 0n, new Date(DAY_START + DAY + HOUR));

    const before = { a: await balance(a), b: await balance(b) };
    const outcome = await settleDuePeriods(withZones(database.db), afterDay(0));
    const mine = outcome.filter((o) => o.type === 'daily_salary' && o.period === 'D:2027-03-10');
    expect(mine).toHaveLength(1);

    // B's team: 60,000.00 with 3 active, tier 1: 0.2 % = 120.00.
    expect((await balance(b)) - before.b).toBe(12_000n);
    // A's whole team: 120,000.00 with 6 active, tier 1: 0.3 % = 360.00, less B's 120.00.
    expect((await balance(a)) - before.a).toBe(24_000n);
    const [settledA] = await settlementsOf(contractA);
    expect(settledA).toMatchObject({
      periodKey: 'D:2027-03-10',
      validBet: 12_000_000n,
      activeMembers: 6,
      tier: 0,
      rateBp: 30,
      amount: 24_000n,
    });
    expect(settledA!.ledgerEntryId).not.toBeNull();
    const entries = await database.db
      .select()
      .from(ledgerEntries)
      .where(
        inArray(ledgerEntries.idempotencyKey, [
          `contract:${contractA}:D:2027-03-10`,
          `contract:${contractB}:D:2027-03-10`,
        ]),
      );
    expect(entries.map((e) => e.type).sort()).toEqual(['agent_daily_salary', 'agent_daily_salary']);
  });

  it('pays once when the settlement runs again or on two processes at once', async () => {
    const before = { a: await balance(a), b: await balance(b) };
    await Promise.all([
      settleDuePeriods(withZones(database.db), afterDay(0)),
      settleDuePeriods(withZones(database.db), afterDay(0)),
    ]);
    await settleDuePeriods(withZones(database.db), afterDay(0));
    expect(await balance(a)).toBe(before.a);
    expect(await balance(b)).toBe(before.b);
    expect(await settlementsOf(contractB)).toHaveLength(1);
    const entries = await database.db
      .select()
      .from(ledgerEntries)
      .where(like(ledgerEntries.idempotencyKey, `contract:${contractB}:%`));
    expect(entries).toHaveLength(1);
  });

  it('catches up every day missed while no process ran, in order', async () => {
    // Day 3 (D:2027-03-12): B's members bet 30,000.00 each.
    for (const member of members.slice(0, 3)) {
      await play(member, 3_000_000n, 0n, new Date(DAY_START + 2 * DAY + 5 * HOUR));
    }
    const before = { a: await balance(a), b: await balance(b) };
    const outcome = await settleDuePeriods(withZones(database.db), afterDay(3));
    expect(outcome.filter((o) => o.type === 'daily_salary').map((o) => o.period)).toEqual([
      'D:2027-03-11',
      'D:2027-03-12',
      'D:2027-03-13',
    ]);
    const keys = (await settlementsOf(contractB)).map((s) => [s.periodKey, s.amount]);
    // Day 2 holds only the 90,000.00 round of one member: 1 active, no tier, nothing paid.
    expect(keys).toEqual([
      ['D:2027-03-10', 12_000n],
      ['D:2027-03-11', 0n],
      ['D:2027-03-12', 18_000n],
      ['D:2027-03-13', 0n],
    ]);
    // Day 3: B's team 90,000.00 with 3 active: 0.2 % = 180.00; A's team the same: 0.3 % = 270.00.
    expect((await balance(b)) - before.b).toBe(18_000n);
    expect((await balance(a)) - before.a).toBe(9_000n);
  });

  it('settles a contract ended during a day for that day only', async () => {
    const endedAt = new Date(DAY_START + 4 * DAY + 2 * HOUR);
    await database.db
      .update(agentContracts)
      .set({ status: 'terminated', endedAt })
      .where(and(eq(agentContracts.id, contractB)));
    for (const member of members.slice(0, 3)) {
      await play(member, 2_000_000n, 0n, new Date(DAY_START + 4 * DAY + HOUR));
      await play(member, 2_000_000n, 0n, new Date(DAY_START + 5 * DAY + HOUR));
    }
    await settleDuePeriods(withZones(database.db), afterDay(5));
    const amounts = Object.fromEntries(
      (await settlementsOf(contractB)).map((s) => [s.periodKey, s.amount]),
    );
    expect(amounts['D:2027-03-14']).toBe(12_000n);
    expect(amounts['D:2027-03-15']).toBeUndefined();
    // With B's contract gone, A's rate covers B's team on the next day: 0.3 % x 60,000.00.
    const amountsA = Object.fromEntries(
      (await settlementsOf(contractA)).map((s) => [s.periodKey, s.amount]),
    );
    expect(amountsA['D:2027-03-15']).toBe(18_000n);
  });

  it('shows each agent its own settled periods and nobody else the contract', async () => {
    const app = await buildTestApp(database);
    try {
      const tokenOf = async (memberId: number) => {
        const [row] = await database.db.select().from(accounts).where(eq(accounts.id, memberId));
        return openSession(
          database.db,
          { idleMinutes: 60, absoluteHours: 1 },
          { member: row!, method: 'password', ip: '127.0.0.1', userAgent: 'test' },
        );
      };
      const get = async (memberId: number, type: string) =>
        app.inject({
          method: 'GET',
          url: `/wps/relay/contracts/settlements?type=${type}&pageSize=2`,
          headers: { merchant: 'demo', authorization: `Bearer ${await tokenOf(memberId)}` },
        });
      const ofB = (await get(b, 'daily_salary')).json().value;
      expect(ofB.totalElements).toBe(5);
      expect(ofB.totalAmount).toBe('420.00');
      expect(ofB.content.map((s: { periodKey: string }) => s.periodKey)).toEqual([
        'D:2027-03-14',
        'D:2027-03-13',
      ]);
      expect(ofB.content[0]).toMatchObject({ amount: '120.00', tier: 1, rateBp: 20 });
      // A sees its own contract's periods, not B's; a member is refused.
      const ofA = (await get(a, 'daily_salary')).json().value;
      expect(ofA.content.every((s: { contractId: number }) => s.contractId === contractA)).toBe(
        true,
      );
      expect((await get(members[0]!, 'daily_salary')).statusCode).toBe(403);
      // The export holds every settled period of the page's rows, newest first, in the period's
      // time zone; A's export holds A's own contract only, a member's is refused.
      const exportOf = async (memberId: number) =>
        app.inject({
          method: 'GET',
          url: '/wps/relay/contracts/settlements/export?type=daily_salary',
          headers: { merchant: 'demo', authorization: `Bearer ${await tokenOf(memberId)}` },
        });
      const file = await exportOf(b);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(file.headers['content-disposition']).toContain('agent-daily_salary-settlements.csv');
      expect(file.body.startsWith('\uFEFF')).toBe(true);
      const lines = file.body.trim().split('\r\n');
      const header = lines[0]!.split(',');
      expect(header.slice(0, 4)).toEqual([
        'period_start',
        'period_end',
        'time_zone',
        'contract_id',
      ]);
      expect(lines).toHaveLength(1 + 5);
      const first = Object.fromEntries(lines[1]!.split(',').map((v, i) => [header[i], v]));
      expect(first).toMatchObject({
        period_start: '2027-03-14 00:00',
        time_zone: 'Asia/Manila (GMT+8)',
        contract_id: String(contractB),
        tier: '1',
        rate_percent: '0.20',
        amount: '120.00',
      });
      const paid = lines.slice(1).map((line) => line.split(',')[header.indexOf('amount')]);
      expect(paid.reduce((sum, v) => sum + Number(v), 0).toFixed(2)).toBe('420.00');
      const ofAFile = (await exportOf(a)).body.trim().split('\r\n').slice(1);
      expect(ofAFile.length).toBeGreaterThan(0);
      expect(
        ofAFile.every(
          (line) => line.split(',')[header.indexOf('contract_id')] === String(contractA),
        ),
      ).toBe(true);
      expect((await exportOf(members[0]!)).statusCode).toBe(403);
      // The payouts are commission in B's own account record.
      const record = await app.inject({
        method: 'GET',
        url: '/wps/relay/member/transactions?category=commission&size=50',
        headers: { merchant: 'demo', authorization: `Bearer ${await tokenOf(b)}` },
      });
      const items = record.json().value.items as { type: string; amount: string }[];
      expect(items.map((item) => item.amount).sort()).toEqual(['120.00', '120.00', '180.00']);
      expect(new Set(items.map((item) => item.type))).toEqual(new Set(['commission']));
    } finally {
      await app.close();
    }
  });

  it('prunes old claims but the newest, and never pays a pruned period again', async () => {
    const claimOf = `agent-settlement:${MERCHANT_ID}:daily_salary:D`;
    const claims = async () =>
      (
        await database.db
          .select({ period: jobRuns.period })
          .from(jobRuns)
          .where(eq(jobRuns.job, claimOf))
          .orderBy(jobRuns.periodStart)
      ).map((row) => row.period);
    const allDays = ['2027-03-10', '2027-03-11', '2027-03-12', '2027-03-13', '2027-03-14'];
    expect(await claims()).toEqual([...allDays, '2027-03-15'].map((day) => `D:${day}`));
    const prune = (at: Date) =>
      createJobRunner({ db: database.db, jobs: [settlementClaimsPruneJob], now: () => at }).tick();

    // Within the 7-day retention nothing goes.
    await prune(new Date(afterDay(5).getTime() + DAY));
    expect(await claims()).toHaveLength(6);
    // Later, every claim but the newest goes (the catch-up starts after that one).
    const [ran] = await prune(new Date(afterDay(5).getTime() + 30 * DAY));
    expect(ran?.result).toMatchObject({ deleted: expect.any(Number) });
    expect((ran!.result as { deleted: number }).deleted).toBeGreaterThanOrEqual(5);
    expect(await claims()).toEqual(['D:2027-03-15']);

    const before = { a: await balance(a), b: await balance(b) };
    const settled = { a: await settlementsOf(contractA), b: await settlementsOf(contractB) };
    // The next pass settles nothing it settled before.
    const again = await settleDuePeriods(withZones(database.db), afterDay(5));
    expect(again.filter((o) => o.type === 'daily_salary')).toEqual([]);
    // Even a pruned day settled on purpose pays nothing twice: UNIQUE (contract, period key).
    for (const day of allDays) {
      const outcome = await inTransaction(database.db, (tx) =>
        settleContractPeriod(
          tx,
          MERCHANT_ID,
          'daily_salary',
          parsePeriodKey(`D:${day}`, DEFAULT_TIME_ZONE)!,
        ),
      );
      expect(outcome).toMatchObject({ contracts: 0, paid: 0, total: 0n });
    }
    expect(await balance(a)).toBe(before.a);
    expect(await balance(b)).toBe(before.b);
    expect(await settlementsOf(contractA)).toEqual(settled.a);
    expect(await settlementsOf(contractB)).toEqual(settled.b);
  });
});
