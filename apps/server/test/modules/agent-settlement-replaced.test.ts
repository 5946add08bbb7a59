import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import {
  agentContracts,
  agentContractSettlements,
  agentSettlementFailures,
  ledgerEntries,
  members as accounts,
} from '../../src/db/schema/index.js';
import { openSession } from '../../src/modules/auth/session.service.js';
import { settleDuePeriods } from '../../src/modules/agent/settlement.service.js';
import { adminApi } from '../support/admin-api.js';
import { testDatabases } from '../support/databases.js';
import { withZones } from '../support/zones.js';
import { createMember, MERCHANT_ID, insertClosedRound } from '../support/ledger.js';
import { signInOperator } from '../support/operator-api.js';
import { buildTestApp } from '../support/test-app.js';

/**
 * Decision 014, "Several contracts in one period": an agent that held two contracts of one type
 * inside one period is paid by the time each was in force, and its upline too, for every type and
 * the three ways it happens (the agent accepting a new offer, an operator re-offer, a downline's
 * contract ended by the lower-rate rule and a new one accepted). The merchant's default tiers:
 * daily 50,000.00 / 3 active at 0.3 % (tier 1); hourly 10,000.00 at 0.2 % (tier 1); real-time a
 * single bet of 100.00; dividend 100,000.00 / 5 active / NGR >= 0 at 20 % (tier 1). Active: 500.00
 * of valid bet. Times are Philippine time (GMT+8).
 */

const AGENT = 1;
const MIN = 60_000;
const HOUR = 60 * MIN;
/** D:2027-05-10 starts at 2027-05-09T16:00Z. */
const DAY = Date.parse('2027-05-09T16:00:00Z');
/** Local time of that day: `at(9)` is 09:00, `at(23, 57, 30)` 23:57:30. */
const at = (h: number, m = 0, s = 0) => new Date(DAY + h * HOUR + m * MIN + s * 1000);
/** The first pass after the day (and its last hour and 5-minute slot) closed, plus the delay. */
const AFTER_DAY = new Date(DAY + 24 * HOUR + 11 * MIN);

type Kind = 'dividend' | 'daily_salary' | 'hourly_salary' | 'realtime_salary';
type Terms = { ratesBp: number[] } | { rates: { profitRateBp: number; lossRateBp: number }[] };

describe.each(testDatabases)(
  'several contracts of one agent in one period on $name',
  ({ open }) => {
    let database: DatabaseHandle;
    let app: FastifyInstance;
    let owner: string;

    beforeAll(async () => {
      database = await open();
      app = await buildTestApp(database);
      owner = await signInOperator(app, database.db, { role: 'owner', merchantId: MERCHANT_ID });
    });
    afterAll(async () => {
      await app.close();
      await database.close();
    });

    /** A contract row as the offer/accept flow leaves it (accepted, maybe ended since). */
    async function contract(
      kind: Kind,
      uplineId: number | null,
      downlineId: number,
      terms: Terms,
      acceptedAt: Date,
      ended?: { at: Date; status: 'terminated' | 'ended_by_conflict'; reason: string },
    ): Promise<number> {
      const [row] = await database.db
        .insert(agentContracts)
        .values({
          merchantId: MERCHANT_ID,
          kind,
          uplineId,
          downlineId,
          period: kind === 'dividend' ? 'D' : null,
          terms,
          status: ended?.status ?? 'active',
          endReason: ended?.reason ?? null,
          acceptedAt,
          createdAt: new Date(acceptedAt.getTime() - MIN),
          endedAt: ended?.at ?? null,
        })
        .returning({ id: agentContracts.id });
      return row!.id;
    }
    const replacedAt = (t: Date) => ({ at: t, status: 'terminated' as const, reason: 'replaced' });
    const loweredAt = (t: Date) => ({
      at: t,
      status: 'ended_by_conflict' as const,
      reason: 'upline_rate_lowered',
    });

    /** A top-level agent A, an agent B under it, `nB` members under B and `nA` under A. */
    async function chain(nB: number, nA: number) {
      const a = await createMember(database.db, { type: AGENT });
      const b = await createMember(database.db, { type: AGENT, uplineId: a });
      const bm: number[] = [];
      const am: number[] = [];
      for (let i = 0; i < nB; i++) bm.push(await createMember(database.db, { uplineId: b }));
      for (let i = 0; i < nA; i++) am.push(await createMember(database.db, { uplineId: a }));
      return { a, b, bm, am };
    }

    /** A closed round: `stake` bet, `win` paid back, closed at `when` (pesos). */
    async function play(member: number, stake: number, win: number, when: Date) {
      await insertClosedRound(database.db, {
        memberId: member,
        vendor: 'REPL',
        stake: BigInt(stake * 100),
        win: BigInt(win * 100),
        at: when,
      });
    }

    /** What each contract was paid for its period (centavos), and the ledger entries' sum. */
    async function paid(contracts: Record<string, number>) {
      const ids = Object.values(contracts);
      const rows = await database.db
        .select()
        .from(agentContractSettlements)
        .where(inArray(agentContractSettlements.contractId, ids));
      const entries = await database.db
        .select({ key: ledgerEntries.idempotencyKey })
        .from(ledgerEntries)
        .where(
          inArray(
            ledgerEntries.idempotencyKey,
            rows.map((r) => `contract:${r.contractId}:${r.periodKey}`),
          ),
        );
      expect(entries).toHaveLength(rows.filter((r) => r.amount > 0n).length);
      return Object.fromEntries(
        Object.entries(contracts).map(([name, id]) => {
          const mine = rows.filter((r) => r.contractId === id);
          expect(mine.length).toBeLessThanOrEqual(1);
          return [name, mine[0]?.amount ?? null];
        }),
      );
    }

    const D = (bp: number[]) => ({ ratesBp: bp });
    const RT = (profitRateBp: number, lossRateBp: number) => ({
      rates: [{ profitRateBp, lossRateBp }],
    });
    const BEFORE = new Date(DAY - 3 * 24 * HOUR);
    const scenarios: { name: string; check: () => Promise<void> }[] = [];
    type Chain = Awaited<ReturnType<typeof chain>>;

    /** B accepts A's new offer at `when`: A keeps its terms, B's first contract gives way. */
    async function bReplaced(
      kind: Kind,
      t: Chain,
      when: Date,
      terms: { A: Terms; B1: Terms; B2: Terms },
    ) {
      return {
        A: await contract(kind, null, t.a, terms.A, BEFORE),
        B1: await contract(kind, t.a, t.b, terms.B1, BEFORE, replacedAt(when)),
        B2: await contract(kind, t.a, t.b, terms.B2, when),
      };
    }
    /** The operator re-offers A new terms at `when` (A accepts); B keeps its contract. */
    async function operatorReOffer(
      kind: Kind,
      t: Chain,
      when: Date,
      terms: { A1: Terms; A2: Terms; B: Terms },
    ) {
      return {
        A1: await contract(kind, null, t.a, terms.A1, BEFORE, replacedAt(when)),
        A2: await contract(kind, null, t.a, terms.A2, when),
        B: await contract(kind, t.a, t.b, terms.B, BEFORE),
      };
    }
    /** A accepts lower terms at `when`, ending B's by the lower-rate rule; B accepts at `bAt`. */
    async function lowerRateRule(
      kind: Kind,
      t: Chain,
      when: Date,
      bAt: Date,
      terms: { A1: Terms; A2: Terms; B1: Terms; B2: Terms },
    ) {
      return {
        A1: await contract(kind, null, t.a, terms.A1, BEFORE, replacedAt(when)),
        A2: await contract(kind, null, t.a, terms.A2, when),
        B1: await contract(kind, t.a, t.b, terms.B1, BEFORE, loweredAt(when)),
        B2: await contract(kind, t.a, t.b, terms.B2, bAt),
      };
    }
    /** After the settlement pass, `contracts` were paid exactly `expected` (centavos). */
    function expectPaid(
      name: string,
      contracts: Record<string, number>,
      expected: Record<string, bigint>,
    ) {
      scenarios.push({ name, check: async () => expect(await paid(contracts)).toEqual(expected) });
    }

    beforeAll(async () => {
      // ---------------------------------------------------------------- daily salary, D:2027-05-10
      // Bets in each: B's 3 members 10,000.00 each at 09:00 and 10,000.00 each at 16:00; A's 3
      // members 20,000.00 each at 09:00. B's team 60,000.00 with 3 active, A's 120,000.00 with 6:
      // tier 1 for both.
      const dailyBets = async (t: Chain) => {
        for (const m of t.bm) {
          await play(m, 10_000, 0, at(9));
          await play(m, 10_000, 5_000, at(16));
        }
        for (const m of t.am) await play(m, 20_000, 0, at(9));
      };
      {
        // 1. B accepts A's new offer at 12:00 (0.1 %), replacing its 0.2 % contract.
        const t = await chain(3, 3);
        const c = await bReplaced('daily_salary', t, at(12), {
          A: D([30, 50, 80]),
          B1: D([20, 40, 60]),
          B2: D([10, 30, 50]),
        });
        await dailyBets(t);
        // B1: 0.2 % x 30,000.00 (morning) = 60.00; B2: 0.1 % x 30,000.00 (16:00) = 30.00;
        // A: 0.3 % x 120,000.00 = 360.00 - 60.00 - 30.00 = 270.00.
        expectPaid('daily, B replaced', c, { A: 27_000n, B1: 6_000n, B2: 3_000n });
      }
      {
        // 2. The operator re-offers A 0.25 % at 12:00 (A accepts); B keeps 0.2 %.
        const t = await chain(3, 3);
        const c = await operatorReOffer('daily_salary', t, at(12), {
          A1: D([30, 50, 80]),
          A2: D([25, 45, 70]),
          B: D([20, 40, 60]),
        });
        await dailyBets(t);
        // B: 0.2 % x 60,000.00 = 120.00.
        // A1 (00:00-12:00): 0.3 % x (30,000.00 + 60,000.00) = 270.00 - 0.2 % x 30,000.00 = 210.00.
        // A2 (12:00-24:00): 0.25 % x 30,000.00 = 75.00 - 60.00 = 15.00.
        expectPaid('daily, operator re-offer', c, { A1: 21_000n, A2: 1_500n, B: 12_000n });
      }
      {
        // 3. A accepts 0.15 % at 12:00: B's 0.2 % ends by the lower-rate rule; B accepts 0.1 % at
        // 15:00. B's first member also bets 10,000.00 at 13:00, when B holds nothing.
        const t = await chain(3, 3);
        const c = await lowerRateRule('daily_salary', t, at(12), at(15), {
          A1: D([30, 50, 80]),
          A2: D([15, 40, 70]),
          B1: D([20, 40, 60]),
          B2: D([10, 30, 50]),
        });
        await dailyBets(t);
        await play(t.bm[0]!, 10_000, 0, at(13));
        // B's team 70,000.00, A's 130,000.00: tier 1.
        // B1 (to 12:00): 0.2 % x 30,000.00 = 60.00; B2 (from 15:00): 0.1 % x 30,000.00 = 30.00.
        // A1 (to 12:00): 0.3 % x 90,000.00 = 270.00 - 60.00 = 210.00.
        // A2 (from 12:00): 0.15 % x 40,000.00 = 60.00 - 30.00 = 30.00.
        expectPaid('daily, lower-rate rule', c, {
          A1: 21_000n,
          A2: 3_000n,
          B1: 6_000n,
          B2: 3_000n,
        });
      }

      // ------------------------------------------------------- hourly salary, HR:2027-05-10T23:00
      // Bets: B's 3 members 2,000.00 each at 23:10 and 2,000.00 each at 23:50; A's 3 members
      // 4,000.00 each at 23:10. B's team 12,000.00, A's 24,000.00: tier 1 (10,000.00).
      const hourlyBets = async (t: Chain) => {
        for (const m of t.bm) {
          await play(m, 2_000, 0, at(23, 10));
          await play(m, 2_000, 0, at(23, 50));
        }
        for (const m of t.am) await play(m, 4_000, 0, at(23, 10));
      };
      {
        const t = await chain(3, 3);
        const c = await bReplaced('hourly_salary', t, at(23, 30), {
          A: D([20, 30]),
          B1: D([15, 25]),
          B2: D([10, 20]),
        });
        await hourlyBets(t);
        // B1: 0.15 % x 6,000.00 = 9.00; B2: 0.10 % x 6,000.00 = 6.00;
        // A: 0.2 % x 24,000.00 = 48.00 - 9.00 - 6.00 = 33.00.
        expectPaid('hourly, B replaced', c, { A: 3_300n, B1: 900n, B2: 600n });
      }
      {
        const t = await chain(3, 3);
        const c = await operatorReOffer('hourly_salary', t, at(23, 30), {
          A1: D([20, 30]),
          A2: D([18, 28]),
          B: D([15, 25]),
        });
        await hourlyBets(t);
        // B: 0.15 % x 12,000.00 = 18.00.
        // A1 (to 23:30): 0.2 % x 18,000.00 = 36.00 - 0.15 % x 6,000.00 (9.00) = 27.00.
        // A2 (from 23:30): 0.18 % x 6,000.00 = 10.80 - 9.00 = 1.80.
        expectPaid('hourly, operator re-offer', c, { A1: 2_700n, A2: 180n, B: 1_800n });
      }
      {
        const t = await chain(3, 3);
        const c = await lowerRateRule('hourly_salary', t, at(23, 30), at(23, 45), {
          A1: D([20, 30]),
          A2: D([12, 30]),
          B1: D([15, 25]),
          B2: D([10, 25]),
        });
        await hourlyBets(t);
        await play(t.bm[0]!, 2_000, 0, at(23, 35));
        // B1 (to 23:30): 0.15 % x 6,000.00 = 9.00; B2 (from 23:45): 0.10 % x 6,000.00 = 6.00.
        // A1 (to 23:30): 0.2 % x 18,000.00 = 36.00 - 9.00 = 27.00.
        // A2 (from 23:30): 0.12 % x (2,000.00 + 6,000.00) = 9.60 - 6.00 = 3.60.
        expectPaid('hourly, lower-rate rule', c, { A1: 2_700n, A2: 360n, B1: 900n, B2: 600n });
      }

      // --------------------------------------------------- real-time salary, RT:2027-05-10T23:55
      // Bets: B's first member 1,000.00 lost at 23:56; B's second 2,000.00 won (4,000.00 back) at
      // 23:58:30; A's member 500.00 won (1,000.00 back) at 23:56.
      const rtBets = async (t: Chain) => {
        await play(t.bm[0]!, 1_000, 0, at(23, 56));
        await play(t.bm[1]!, 2_000, 4_000, at(23, 58, 30));
        await play(t.am[0]!, 500, 1_000, at(23, 56));
      };
      {
        const t = await chain(3, 1);
        const c = await bReplaced('realtime_salary', t, at(23, 57), {
          A: RT(10, 20),
          B1: RT(5, 10),
          B2: RT(8, 15),
        });
        await rtBets(t);
        // B1: loss 0.10 % x 1,000.00 = 1.00; B2: profit 0.08 % x 2,000.00 = 1.60;
        // A: 0.20 % x 1,000.00 + 0.10 % x 2,000.00 + 0.10 % x 500.00 = 4.50 - 2.60 = 1.90.
        expectPaid('real-time, B replaced', c, { A: 190n, B1: 100n, B2: 160n });
      }
      {
        const t = await chain(3, 1);
        const c = await operatorReOffer('realtime_salary', t, at(23, 57), {
          A1: RT(10, 20),
          A2: RT(8, 16),
          B: RT(5, 10),
        });
        await rtBets(t);
        // B: 0.10 % x 1,000.00 + 0.05 % x 2,000.00 = 2.00.
        // A1 (to 23:57): 0.20 % x 1,000.00 + 0.10 % x 500.00 = 2.50 - 1.00 = 1.50.
        // A2 (from 23:57): 0.08 % x 2,000.00 = 1.60 - 1.00 = 0.60.
        expectPaid('real-time, operator re-offer', c, { A1: 150n, A2: 60n, B: 200n });
      }
      {
        const t = await chain(3, 1);
        const c = await lowerRateRule('realtime_salary', t, at(23, 57), at(23, 58), {
          A1: RT(10, 20),
          A2: RT(4, 20),
          B1: RT(5, 10),
          B2: RT(3, 10),
        });
        await rtBets(t);
        await play(t.bm[2]!, 1_000, 0, at(23, 57, 30));
        // B1 (to 23:57): 0.10 % x 1,000.00 = 1.00; B2 (from 23:58): 0.03 % x 2,000.00 = 0.60.
        // A1 (to 23:57): 0.20 % x 1,000.00 + 0.10 % x 500.00 = 2.50 - 1.00 = 1.50.
        // A2 (from 23:57): 0.20 % x 1,000.00 (23:57:30) + 0.04 % x 2,000.00 = 2.80 - 0.60 = 2.20.
        expectPaid('real-time, lower-rate rule', c, { A1: 150n, A2: 220n, B1: 100n, B2: 60n });
      }

      // ------------------------------------------------------------ daily dividend, D:2027-05-10
      // B's 5 members each bet 20,000.00 at 09:00 winning back 16,000.00 (NGR +4,000.00 each) and
      // 20,000.00 at 16:00 winning back 18,000.00 (+2,000.00 each): B's team 200,000.00 valid bet,
      // 5 active, NGR 30,000.00 (20,000.00 morning, 10,000.00 afternoon): tier 1, as A's.
      const dividendBets = async (t: Chain) => {
        for (const m of t.bm) {
          await play(m, 20_000, 16_000, at(9));
          await play(m, 20_000, 18_000, at(16));
        }
      };
      {
        const t = await chain(5, 0);
        const c = await bReplaced('dividend', t, at(12), {
          A: D([2000, 3000, 4000]),
          B1: D([1500, 2500, 3500]),
          B2: D([1000, 2000, 3000]),
        });
        await database.db
          .update(agentContracts)
          .set({ carry: -100_000n })
          .where(eq(agentContracts.id, c.B1));
        await dividendBets(t);
        scenarios.push({
          name: 'dividend, B replaced (each contract its own carry)',
          check: async () => {
            // B1: 15 % x (20,000.00 - 1,000.00 carry) = 2,850.00, its carry cleared;
            // B2: 10 % x 10,000.00 = 1,000.00; A: 20 % x 30,000.00 = 6,000.00 - 3,850.00 = 2,150.00.
            expect(await paid(c)).toEqual({ A: 215_000n, B1: 285_000n, B2: 100_000n });
            const [b1] = await database.db
              .select({ carry: agentContracts.carry })
              .from(agentContracts)
              .where(eq(agentContracts.id, c.B1));
            expect(b1!.carry).toBe(0n);
          },
        });
      }
      {
        const t = await chain(5, 0);
        const c = await operatorReOffer('dividend', t, at(12), {
          A1: D([2000, 3000, 4000]),
          A2: D([1800, 3000, 4000]),
          B: D([1500, 2500, 3500]),
        });
        await dividendBets(t);
        // B: 15 % x 30,000.00 = 4,500.00, subtracted above in proportion to each half's positive
        // NGR: 3,000.00 in the morning, 1,500.00 in the afternoon.
        // A1: 20 % x 20,000.00 = 4,000.00 - 3,000.00 = 1,000.00.
        // A2: 18 % x 10,000.00 = 1,800.00 - 1,500.00 = 300.00.
        expectPaid('dividend, operator re-offer', c, { A1: 100_000n, A2: 30_000n, B: 450_000n });
      }
      {
        const t = await chain(5, 0);
        const c = await lowerRateRule('dividend', t, at(12), at(15), {
          A1: D([2000, 3000, 4000]),
          A2: D([1200, 3000, 4000]),
          B1: D([1500, 2500, 3500]),
          B2: D([1000, 2000, 3000]),
        });
        await dividendBets(t);
        await play(t.bm[0]!, 20_000, 15_000, at(13));
        // B's team: 220,000.00, 5 active, NGR 35,000.00: tier 1.
        // B1 (to 12:00): 15 % x 20,000.00 = 3,000.00; B2 (from 15:00): 10 % x 10,000.00 = 1,000.00.
        // A1 (to 12:00): 20 % x 20,000.00 = 4,000.00 - 3,000.00 = 1,000.00.
        // A2 (from 12:00): 12 % x (5,000.00 + 10,000.00) = 1,800.00 - 1,000.00 = 800.00.
        expectPaid('dividend, lower-rate rule', c, {
          A1: 100_000n,
          A2: 80_000n,
          B1: 300_000n,
          B2: 100_000n,
        });
      }
    });

    it('pays everyone of every type by the time each contract was in force', async () => {
      const errors: string[] = [];
      await settleDuePeriods(withZones(database.db), AFTER_DAY, {
        onError: (name) => errors.push(name),
      });
      expect(errors).toEqual([]);
      for (const scenario of scenarios) await scenario.check();
      expect(
        await database.db.select().from(agentSettlementFailures),
        'no alert when nothing is wrong',
      ).toEqual([]);
    });

    it('pays once when the job runs again, twice at once', async () => {
      const before = await database.db.select().from(agentContractSettlements);
      await Promise.all([
        settleDuePeriods(withZones(database.db), AFTER_DAY),
        settleDuePeriods(withZones(database.db), AFTER_DAY),
      ]);
      expect(await database.db.select().from(agentContractSettlements)).toHaveLength(before.length);
      for (const scenario of scenarios) await scenario.check();
    });

    it('shows the agent what was deducted for downlines, the rates and local times', async () => {
      // The first real-time scenario's A: its whole-slot contract, 1.90 paid, 2.60 to B's two.
      const [agentA] = await database.db
        .select({ id: agentContracts.downlineId })
        .from(agentContracts)
        .innerJoin(
          agentContractSettlements,
          eq(agentContractSettlements.contractId, agentContracts.id),
        )
        .where(
          and(
            eq(agentContracts.kind, 'realtime_salary'),
            eq(agentContractSettlements.amount, 190n),
          ),
        );
      const [member] = await database.db.select().from(accounts).where(eq(accounts.id, agentA!.id));
      const token = await openSession(
        database.db,
        { idleMinutes: 60, absoluteHours: 1 },
        { member: member!, method: 'password', ip: '127.0.0.1', userAgent: 'test' },
      );
      const res = await app.inject({
        method: 'GET',
        url: '/wps/relay/contracts/settlements?type=realtime_salary',
        headers: { merchant: 'demo', authorization: `Bearer ${token}` },
      });
      const [view] = res.json().value.content;
      expect(view).toMatchObject({
        periodKey: 'RT:2027-05-10T23:55',
        periodStart: '2027-05-10 23:55',
        periodEnd: '2027-05-11 00:00',
        timeZone: 'Asia/Manila (GMT+8)',
        amount: '1.90',
        deductedForDownlines: '2.60',
        inForce: [{ start: '2027-05-10 23:55', end: '2027-05-11 00:00' }],
        realtime: {
          // 1,000.00 lost by B's member, 2,000.00 and 500.00 won: 3 qualifying bets.
          qualifyingBets: 3,
          wonStake: '2500.00',
          lostStake: '1000.00',
          rates: [{ singleBetAmount: '100.00', profitRateBp: 10, lossRateBp: 20 }],
        },
      });

      // The operator's settlements view: the same row with the amount passed to downlines.
      const call = adminApi(app);
      const page = (
        await call(
          owner,
          'GET',
          `/admin/api/agents/settlements?type=realtime_salary&username=${member!.username}`,
        )
      ).json().value;
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({
        periodKey: 'RT:2027-05-10T23:55',
        agent: member!.username,
        amount: '1.90',
        deductedForDownlines: '2.60',
        ledgerEntryId: expect.any(Number),
      });
      const ranged = (
        await call(
          owner,
          'GET',
          '/admin/api/agents/settlements?type=daily_salary&from=2027-05-11&to=2027-05-20',
        )
      ).json().value;
      expect(ranged.total).toBe(0);
      const inDay = (
        await call(
          owner,
          'GET',
          '/admin/api/agents/settlements?type=daily_salary&from=2027-05-10&to=2027-05-10&size=100',
        )
      ).json().value;
      // Every daily row of the day (the 10 of the three scenarios and the seed's), none other.
      const daily = await database.db
        .select({ id: agentContractSettlements.id })
        .from(agentContractSettlements)
        .innerJoin(agentContracts, eq(agentContracts.id, agentContractSettlements.contractId))
        .where(
          and(
            eq(agentContracts.kind, 'daily_salary'),
            eq(agentContractSettlements.periodKey, 'D:2027-05-10'),
          ),
        );
      expect(daily.length).toBeGreaterThanOrEqual(10);
      expect(inDay.total).toBe(daily.length);
    });
  },
);
