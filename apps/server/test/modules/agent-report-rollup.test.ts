import { randomUUID } from 'node:crypto';
import { addDays, formatAmount, recordDayStart, recordsToday } from '@app/shared';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { queryRows } from '../../src/db/rows.js';
import { gameRounds, jobRuns, merchants, vendorCredentials } from '../../src/db/schema/index.js';
import { agentReportRollupJob, rollUp } from '../../src/modules/agent-reports/rollup.job.js';
import { overview as teamFigures } from '../../src/modules/agent-reports/reports.repository.js';
import { teamOverview, userLoss } from '../../src/modules/agent-reports/reports.service.js';
import { rollupClosesSql } from '../../src/modules/agent-reports/rollup-figures.repository.js';
import {
  activeMembersOfClosesSql,
  activeMembersSql,
  type ActiveRule,
} from '../../src/modules/agent/active-members.repository.js';
import {
  DEFAULT_CONTRACT_SETTINGS,
  saveContractSettings,
} from '../../src/modules/agent/contract-settings.js';
import { createJobRunner } from '../../src/modules/jobs/jobs.runner.js';
import { createGameSession } from '../../src/modules/vendor-wallet/vendor-wallet.service.js';
import { inTransaction } from '../../src/lib/transaction.js';
import { testDatabases } from '../support/databases.js';
import { createMember, CURRENCY, fund, MERCHANT_ID } from '../support/ledger.js';
import { buildTestApp } from '../support/test-app.js';
import {
  testVendor,
  vendorPost,
  type TestPlayer,
  type TestVendor,
} from '../support/vendor-wallet.js';

const AGENT = 1;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/**
 * The random rounds and ranges span 70 days up to 10 days after today: whole months, ISO weeks
 * and parts of them, ranges that reach today (whose month and week rows run past the range) and
 * rounds after the range inside those rows.
 */
const SPREAD = 70;
const BASE_DAY = addDays(recordsToday(), 10 - SPREAD);

const silent = { warn: () => undefined } as unknown as FastifyBaseLogger;

/**
 * The agent reports' rollup (decision 015) on the database: the job's passes, a round changed
 * after its day was rolled up, and the reports equal to a direct computation on random data.
 */
describe.each(testDatabases)('agent report rollup on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let vendor: TestVendor;
  let credentialId: number;
  let merchant: { id: number; currency: string; currencySymbol: string };

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database);
    vendor = await testVendor(database.db);
    const [credential] = await database.db
      .select({ id: vendorCredentials.id })
      .from(vendorCredentials)
      .where(eq(vendorCredentials.vendorCode, vendor.code));
    credentialId = credential!.id;
    const [row] = await database.db.select().from(merchants).where(eq(merchants.id, MERCHANT_ID));
    merchant = { id: row!.id, currency: row!.currency, currencySymbol: row!.currencySymbol };
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const caller = (agentId: number) =>
    ({ merchant, agentId, log: silent }) as unknown as Parameters<typeof teamOverview>[1];
  const pass = () => inTransaction(database.db, (tx) => rollUp(tx));

  /** A vendor call through the wallet API, as the vendor makes it. */
  async function vendorCall(path: string, fields: Record<string, unknown>) {
    const res = await vendorPost(app, vendor, path, fields);
    expect(res.json()).toMatchObject({ status: 'RS_OK' });
  }
  const call = (player: TestPlayer) => ({
    request_uuid: randomUUID(),
    user: player.username,
    token: player.token,
    game_code: vendor.gameCode,
    currency: CURRENCY,
  });

  it('runs once per period across two runners and catches up after downtime', async () => {
    const t0 = Date.parse('2026-05-01T00:00:00Z');
    const runner = (at: number) =>
      createJobRunner({ db: database.db, jobs: [agentReportRollupJob], now: () => new Date(at) });
    const periods = async () =>
      (
        await database.db
          .select({ period: jobRuns.period })
          .from(jobRuns)
          .where(eq(jobRuns.job, 'agent-report-rollup'))
          .orderBy(jobRuns.periodStart)
      ).map((row) => row.period);
    const [one, two] = await Promise.all([runner(t0 + MINUTE).tick(), runner(t0 + MINUTE).tick()]);
    expect([...one, ...two]).toHaveLength(1);
    expect(await periods()).toEqual(['2026-04-30T23:55:00.000Z']);
    // 20 minutes without a process: the next tick runs the 4 periods missed, in order.
    const caught = await runner(t0 + 21 * MINUTE).tick();
    expect(caught.map((run) => run.period)).toEqual([
      '2026-05-01T00:00:00.000Z',
      '2026-05-01T00:05:00.000Z',
      '2026-05-01T00:10:00.000Z',
      '2026-05-01T00:15:00.000Z',
    ]);
    expect(await periods()).toHaveLength(5);
    // The watermark never goes back.
    const marks = caught.map((run) => (run.result as { to: number }).to);
    expect([...marks].sort((a, b) => a - b)).toEqual(marks);
    // Two passes at once (two processes' periods): one waits for the other, both succeed.
    const both = await Promise.all([pass(), pass()]);
    expect(both.every((run) => run.from !== null)).toBe(true);
  });

  it('counts a round settled after its day was rolled up, at once and after the next pass', async () => {
    const agent = await createMember(database.db, { type: AGENT });
    const username = `ar${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const id = await createMember(database.db, { username, uplineId: agent });
    await fund(database.db, id, 100_000n);
    const { token } = await createGameSession(database.db, {
      merchantId: MERCHANT_ID,
      memberId: id,
      vendorId: vendor.vendorId,
      gameCode: vendor.gameCode,
    });
    const player: TestPlayer = { id, username, token };
    const round = randomUUID();
    const placed = { ...call(player), transaction_uuid: randomUUID(), round, round_closed: false };
    await vendorCall('transaction/bet', { ...placed, amount: 5_000 });
    // The round opened yesterday (the vendor settles it a day late).
    const yesterday = addDays(recordsToday(), -1);
    await database.db
      .update(gameRounds)
      .set({ createdAt: new Date(recordDayStart(yesterday).getTime() + 22 * 60 * MINUTE) })
      .where(eq(gameRounds.roundId, round));
    await pass();
    const range = { from: yesterday, to: yesterday };
    expect(await teamOverview(database.db, caller(agent), range)).toMatchObject({
      betCount: 1,
      bets: '50.00',
      validBets: '0.00',
      payout: '0.00',
    });

    // The win arrives today, after yesterday was rolled up.
    await vendorCall('transaction/win', {
      ...call(player),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: placed.transaction_uuid,
      round,
      round_closed: true,
      amount: 12_000,
    });
    const settled = { betCount: 1, bets: '50.00', validBets: '50.00', payout: '120.00' };
    expect(await teamOverview(database.db, caller(agent), range)).toMatchObject(settled);
    const loss = await userLoss(database.db, caller(agent), { ...range, page: 1, size: 20 });
    expect(loss.items).toEqual([
      expect.objectContaining({ memberId: player.id, profit: '70.00', validBets: '50.00' }),
    ]);
    await pass();
    const [rolled] = await queryRows(
      database.db,
      sql`select bets::text, valid_bets::text, payout::text from agent_report_days
           where member_id = ${player.id} and span = 'D' and day = ${yesterday}::date`,
    );
    expect(rolled).toEqual({ bets: '5000', valid_bets: '5000', payout: '12000' });
    expect(await teamOverview(database.db, caller(agent), range)).toMatchObject(settled);
  });

  it('leaves out the rounds and members after a range that its month row holds', async () => {
    const db = database.db;
    const agent = await createMember(db, { type: AGENT });
    const member = await createMember(db, { uplineId: agent });
    const later = await createMember(db, { uplineId: agent });
    // A range reaching today reads this month's row, which ends after it; `to` is never the
    // last day of its month, so a round on the day after it is inside that row.
    const today = recordsToday();
    const to = addDays(today, 1).slice(0, 7) === today.slice(0, 7) ? today : addDays(today, 1);
    for (const [who, day, bet] of [
      [member, to, 1_000n],
      [member, addDays(to, 1), 7_000n],
      [later, addDays(to, 1), 3_000n],
    ] as const) {
      const at = new Date(recordDayStart(day).getTime() + 60 * MINUTE);
      const [round] = await db
        .insert(gameRounds)
        .values({
          merchantId: MERCHANT_ID,
          memberId: who,
          vendorCode: vendor.code,
          roundId: randomUUID(),
          gameCode: vendor.gameCode,
          gameCategory: vendor.gameType,
          currency: CURRENCY,
          betTotal: bet,
          betCount: 1,
          closed: true,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: gameRounds.id });
      await db.execute(
        sql`insert into game_transactions (merchant_id, credential_id, member_id, kind,
              transaction_uuid, round_pk, amount)
            values (${MERCHANT_ID}, ${credentialId}, ${who}, 'bet', ${randomUUID()},
              ${round!.id}, ${bet})`,
      );
    }
    await pass();
    const range = { from: `${to.slice(0, 8)}01`, to };
    // Active members follow the contract rule, not the rollup (admin-dashboard.routes.test.ts).
    const expected = { betCount: 1, bets: '10.00', validBets: '10.00' };
    expect(await teamOverview(db, caller(agent), range)).toMatchObject(expected);
    const loss = await userLoss(db, caller(agent), { ...range, page: 1, size: 20 });
    expect(loss.items).toEqual([expect.objectContaining({ memberId: member, bets: '10.00' })]);
  });

  type Op =
    | {
        kind: 'open';
        member: number;
        day: number;
        bet: number;
        win: number;
        closed: boolean;
        closeAfter: number;
      }
    | {
        kind: 'change';
        round: number;
        win: number;
        refund: boolean;
        close: boolean;
        later: number;
      }
    | { kind: 'pass' };

  const opening: fc.Arbitrary<Op> = fc.record({
    kind: fc.constant('open' as const),
    member: fc.nat(7),
    // Days near the end more often: rounds inside a range's month or week, after the range.
    day: fc.oneof(fc.nat(SPREAD), fc.integer({ min: SPREAD - 14, max: SPREAD })),
    bet: fc.integer({ min: 1, max: 50_000 }),
    win: fc.nat(100_000),
    closed: fc.boolean(),
    // Days between the round's opening and its close (its last change, `updated_at`).
    closeAfter: fc.nat(2),
  });
  const change: fc.Arbitrary<Op> = fc.record({
    kind: fc.constant('change' as const),
    round: fc.nat(40),
    win: fc.nat(30_000),
    refund: fc.boolean(),
    close: fc.boolean(),
    // Days after the round's last change that this change comes: a win, rollback or close
    // of a closed round moves its close day (and a rollback its valid bets).
    later: fc.nat(4),
  });
  const op = fc.oneof(opening, change, fc.constant({ kind: 'pass' as const }));

  /**
   * The merchant's active members per day and over the range, by the rule read from the rounds
   * and from the rollup (`day:count` lists), and each member's closed rounds and valid bets in
   * the range read directly from the rounds and from the rollup (`member:rounds:valid`).
   */
  async function activeBothWays(
    scope: {
      merchantId: number;
      currency: string;
      start: Date;
      end: Date;
      from: string;
      to: string;
    },
    rule: ActiveRule,
  ) {
    const activity = { merchantId: scope.merchantId, start: scope.start, end: scope.end };
    // Each member's closed rounds and valid bets in the range, as the rule sums them.
    const figures = async (closes: SQL) =>
      (
        await queryRows(
          database.db,
          sql`select member_id, sum(closed_count)::int as n, sum(valid_bet)::text as valid
                from (${closes}) x group by member_id having sum(closed_count) <> 0
               order by member_id`,
        )
      ).map((row) => `${Number(row.member_id)}:${Number(row.n)}:${String(row.valid)}`);
    const direct = sql`select member_id, 1 as closed_count, bet_total - refund_total as valid_bet
        from game_rounds where merchant_id = ${scope.merchantId} and closed
         and updated_at >= ${scope.start.toISOString()}::timestamptz
         and updated_at < ${scope.end.toISOString()}::timestamptz`;
    const counts = async (rollup: boolean) => {
      const lists: string[] = [];
      for (const byDay of [true, false]) {
        const active = rollup
          ? activeMembersOfClosesSql(rollupClosesSql(scope, { byDay }), activity, rule, { byDay })
          : activeMembersSql(activity, rule, { byDay });
        const rows = await queryRows(
          database.db,
          sql`select ${byDay ? sql`day` : sql`'range'`} as day, count(*)::int as n
                from (${active}) x group by 1 order by 1`,
        );
        lists.push(rows.map((row) => `${String(row.day)}:${Number(row.n)}`).join(' '));
      }
      return lists;
    };
    return {
      rounds: [...(await counts(false)), await figures(direct)],
      rollup: [...(await counts(true)), await figures(rollupClosesSql(scope))],
    };
  }

  it('reports what a direct count of the rounds gives, for random play, passes and ranges', async () => {
    await pass();
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 40 }),
        // Then play after the last pass, which the reports read live (changes weigh more).
        fc.array(fc.oneof(opening, change, change), { minLength: 1, maxLength: 8 }),
        fc.nat(SPREAD),
        // One end near today: half the ranges reach it.
        fc.integer({ min: SPREAD - 20, max: SPREAD - 1 }),
        fc.nat(2),
        // The merchant's active-member threshold: none, one centavo, and within the bets' range.
        fc.constantFrom(0n, 1n, 20_000n, 50_000n),
        async (played, late, a, b, who, minValidBet) => {
          const db = database.db;
          const rule = { activeMinValidBet: minValidBet, activeMinDeposit: null };
          await saveContractSettings(db, MERCHANT_ID, { ...DEFAULT_CONTRACT_SETTINGS, ...rule });
          // A top agent, a sub-agent under it, 4 members under each.
          const top = await createMember(db, { type: AGENT });
          const sub = await createMember(db, { type: AGENT, uplineId: top });
          const players: number[] = [];
          for (let n = 0; n < 8; n += 1) {
            players.push(await createMember(db, { uplineId: n < 4 ? top : sub }));
          }
          type Model = {
            pk: number;
            member: number;
            day: string;
            bet: bigint;
            win: bigint;
            refund: bigint;
            wins: number;
            rollbacks: number;
            closed: boolean;
            updatedAt: Date;
          };
          const rounds: Model[] = [];
          for (const step of [...played, ...late]) {
            if (step.kind === 'pass') {
              await pass();
              continue;
            }
            await inTransaction(db, async (tx) => {
              let target: Model;
              if (step.kind === 'open') {
                const day = addDays(BASE_DAY, step.day);
                const at = new Date(
                  recordDayStart(day).getTime() + ((step.day % 20) + 1) * 37 * MINUTE,
                );
                const updatedAt = new Date(
                  at.getTime() + (step.closed ? step.closeAfter : 0) * DAY,
                );
                const [row] = await tx
                  .insert(gameRounds)
                  .values({
                    merchantId: MERCHANT_ID,
                    memberId: players[step.member]!,
                    vendorCode: vendor.code,
                    roundId: randomUUID(),
                    gameCode: vendor.gameCode,
                    gameCategory: vendor.gameType,
                    currency: CURRENCY,
                    betTotal: BigInt(step.bet),
                    winTotal: BigInt(step.win),
                    betCount: 1,
                    winCount: step.win > 0 ? 1 : 0,
                    closed: step.closed,
                    createdAt: at,
                    updatedAt,
                  })
                  .returning({ id: gameRounds.id });
                target = {
                  pk: row!.id,
                  member: players[step.member]!,
                  day,
                  bet: BigInt(step.bet),
                  win: BigInt(step.win),
                  refund: 0n,
                  wins: step.win > 0 ? 1 : 0,
                  rollbacks: 0,
                  closed: step.closed,
                  updatedAt,
                };
                rounds.push(target);
              } else {
                if (rounds.length === 0) return;
                target = rounds[step.round % rounds.length]!;
                const refund = step.refund && target.rollbacks === 0 ? target.bet : 0n;
                target.win += BigInt(step.win);
                target.wins += 1;
                target.refund += refund;
                target.rollbacks += refund > 0n ? 1 : 0;
                target.closed ||= step.close;
                target.updatedAt = new Date(
                  target.updatedAt.getTime() + step.later * DAY + 7 * MINUTE,
                );
                await tx
                  .update(gameRounds)
                  .set({
                    winTotal: target.win,
                    winCount: target.wins,
                    refundTotal: target.refund,
                    rollbackCount: target.rollbacks,
                    closed: target.closed,
                    updatedAt: target.updatedAt,
                  })
                  .where(eq(gameRounds.id, target.pk));
              }
              // Every change of a round comes with its vendor transaction (decision 015).
              await tx.execute(
                sql`insert into game_transactions (merchant_id, credential_id, member_id, kind,
                      transaction_uuid, round_pk, amount)
                    values (${MERCHANT_ID}, ${credentialId}, ${target.member},
                      ${step.kind === 'open' ? 'bet' : 'win'}, ${randomUUID()}, ${target.pk}, 0)`,
              );
            });
          }

          const range = {
            from: addDays(BASE_DAY, Math.min(a, b)),
            to: addDays(BASE_DAY, Math.max(a, b)),
          };
          const agent = who === 2 ? sub : top;
          const team = new Set(who === 2 ? players.slice(4) : players);
          const expected = new Map<
            number,
            { count: number; bets: bigint; valid: bigint; payout: bigint }
          >();
          for (const r of rounds) {
            if (!team.has(r.member) || r.day < range.from || r.day > range.to) continue;
            const line = expected.get(r.member) ?? { count: 0, bets: 0n, valid: 0n, payout: 0n };
            const stake = r.bet - r.refund;
            const settled = r.rollbacks < 1 && (r.closed || r.wins > 0);
            line.count += 1;
            line.bets += stake;
            line.valid += settled ? stake : 0n;
            line.payout += r.win;
            expected.set(r.member, line);
          }
          // The active-member rule (decision 014) on the model: valid bets of the rounds closed
          // (last changed) in the range.
          const start = recordDayStart(range.from);
          const end = recordDayStart(addDays(range.to, 1));
          const closes = new Map<number, bigint>();
          for (const r of rounds) {
            if (!team.has(r.member) || !r.closed || r.updatedAt < start || r.updatedAt >= end) {
              continue;
            }
            closes.set(r.member, (closes.get(r.member) ?? 0n) + r.bet - r.refund);
          }
          const active = [...closes.values()].filter((valid) => valid >= minValidBet).length;
          const amount = formatAmount;
          const sum = (pick: (l: { bets: bigint; valid: bigint; payout: bigint }) => bigint) =>
            [...expected.values()].reduce((total, line) => total + pick(line), 0n);

          const overview = await teamOverview(db, caller(agent), range);
          const scope = { merchantId: MERCHANT_ID, agentId: agent, currency: CURRENCY, start, end };
          // The overview counts them from the rollup; read from the rounds, the same.
          const byRounds = await teamFigures(db, { ...scope, ...range }, false, rule);
          expect([overview.activeMembers, byRounds.activeMembers]).toEqual([active, active]);
          // The operator reports' counts (the merchant's, per day and over the range) too.
          const merchantWide = await activeBothWays({ ...scope, ...range }, rule);
          expect(merchantWide.rollup).toEqual(merchantWide.rounds);
          expect(overview).toMatchObject({
            betCount: [...expected.values()].reduce((n, line) => n + line.count, 0),
            bets: amount(sum((l) => l.bets)),
            validBets: amount(sum((l) => l.valid)),
            payout: amount(sum((l) => l.payout)),
          });
          const loss = await userLoss(db, caller(agent), { ...range, page: 1, size: 20 });
          expect(loss.total).toBe(expected.size);
          expect(
            new Map(
              loss.items.map((item) => [
                item.memberId,
                [item.betCount, item.bets, item.validBets, item.payout],
              ]),
            ),
          ).toEqual(
            new Map(
              [...expected].map(([member, line]) => [
                member,
                [line.count, amount(line.bets), amount(line.valid), amount(line.payout)],
              ]),
            ),
          );
        },
      ),
      { numRuns: 16 },
    );
  }, 600_000);
});
