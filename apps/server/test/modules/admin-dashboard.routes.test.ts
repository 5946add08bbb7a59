import { randomUUID } from 'node:crypto';
import { isActiveMember } from '@app/agents';
import { addDays, recordDayStart, recordsToday } from '@app/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import {
  agentContractRequests,
  agentContracts,
  agentSettlementFailures,
  auditLog,
  depositChannels,
  deposits,
  gameRounds,
  kycProfiles,
  ledgerEntries,
  members,
  restrictedPersons,
  whitelabelSwitches,
} from '../../src/db/schema/index.js';
import {
  loadContractSettings,
  saveContractSettings,
} from '../../src/modules/agent/contract-settings.js';
import { memberFigures } from '../../src/modules/agent/settlement.repository.js';
import { rollUp } from '../../src/modules/agent-reports/rollup.job.js';
import { rolledUpTo } from '../../src/modules/agent-reports/rollup.repository.js';
import { inTransaction } from '../../src/lib/transaction.js';
import { recheckMembers } from '../../src/modules/eligibility/restricted-recheck.js';
import { appendAudit } from '../../src/modules/audit/audit.service.js';
import { openSession } from '../../src/modules/auth/session.service.js';
import type { AccountRef } from '../../src/modules/ledger/accounts.js';
import { postEntry, type EntryType } from '../../src/modules/ledger/ledger.service.js';
import { adminApi } from '../support/admin-api.js';
import { testDatabases } from '../support/databases.js';
import { insertMember } from '../../src/modules/member/member.repository.js';
import { CURRENCY, insertHeldWithdrawal } from '../support/ledger.js';
import { CAPTCHA_ANSWER } from '../support/member-api.js';
import { createMerchant, signInOperator } from '../support/operator-api.js';
import { buildTestApp } from '../support/test-app.js';

const HOUR = 3_600_000;

/**
 * The operations console (issue 18) on a merchant of its own: the dashboard's
 * figures against sums worked out by hand below, its queues per role, the one active-member rule
 * in the reports, the agent overview and the contract tiers, the commission cost lines, and the
 * audit log's filters and CSV export.
 *
 * Seeded today (Asia/Manila), default contract settings (active: valid bets >= 500.00):
 * - agent A (type 1) with team m1..m4; m5 outside any team, registered yesterday.
 * - deposits (ledger): m1 1,000.00, m2 500.00, m3 700.00, m4 1,200.00; yesterday m5 200.00.
 * - closed rounds and their ledger bets: m1 600.00 (won 100.00), m2 400.00, m3 300.00 + 300.00,
 *   m4 1,000.00, m5 100.00. Valid bets >= 500.00: m1, m3, m4 -> 3 active members.
 * - bets 2,700.00, wins 100.00, GGR 2,600.00; bonus m2 50.00; NGR 2,550.00.
 * - commission to A: dividend 20.00, daily 12.34, hourly 3.00, real-time 1.50 = 36.84; net
 *   2,513.16. Yesterday: daily salary 5.00.
 * - a paid withdrawal of 40.00 (m1) today and a pending one of 60.00 two hours old.
 */
describe.each(testDatabases)('operations console on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let call: ReturnType<typeof adminApi>;
  let owner: string;
  let finance: string;
  let riskKyc: string;
  let support: string;
  let readOnly: string;
  let agentA: number;
  const team: number[] = [];
  let m5: number;
  let merchantId: number;
  let merchantCode: string;
  let sequence = 0;
  /** A member of the test's own merchant (the default merchant has seeded accounts of its own). */
  const createMember = async (options: { uplineId?: number; type?: number } = {}) => {
    sequence += 1;
    const row = await insertMember(database.db, {
      merchantId: merchantId,
      username: `console${sequence}x${Date.now() % 100000}`,
      passwordHash: 'x',
      type: options.type ?? 0,
      uplineId: options.uplineId ?? null,
    });
    return row.id;
  };
  const today = recordsToday();
  const yesterday = addDays(today, -1);
  const yesterdayNoon = new Date(recordDayStart(yesterday).getTime() + 12 * HOUR);

  const post = (type: EntryType, memberId: number, amount: bigint, other: AccountRef, at?: Date) =>
    postEntry(database.db, {
      merchantId: merchantId,
      currency: CURRENCY,
      type,
      idempotencyKey: randomUUID(),
      memberId,
      ...(type === 'bet' || type === 'payout'
        ? {
            reference: {
              vendorCode: 'JILI',
              gameCategory: 'SLOTS',
              gameCode: 'g1',
              roundId: randomUUID(),
            },
          }
        : {}),
      postings: [
        { account: { kind: 'member_main', memberId }, amount },
        { account: other, amount: -amount },
      ],
    }).then(async (entry) => {
      // The ledger is append-only (a trigger refuses updates): backdate past the trigger.
      if (at) {
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`set local session_replication_role = replica`);
          await tx
            .update(ledgerEntries)
            .set({ createdAt: at })
            .where(eq(ledgerEntries.id, entry.entryId));
        });
      }
      return entry;
    });

  let round = 0;
  async function play(memberId: number, stake: bigint, win: bigint) {
    round += 1;
    await database.db.insert(gameRounds).values({
      merchantId: merchantId,
      memberId,
      vendorCode: 'JILI',
      roundId: `console-${round}`,
      gameCode: 'g1',
      gameCategory: 'SLOTS',
      currency: CURRENCY,
      betTotal: stake,
      winTotal: win,
      betCount: 1,
      winCount: win > 0n ? 1 : 0,
      closed: true,
    });
    await post('bet', memberId, -stake, { kind: 'house' });
    if (win > 0n) await post('payout', memberId, win, { kind: 'house' });
  }

  async function withdrawal(memberId: number, amount: bigint, status: 'paid' | 'pending') {
    await insertHeldWithdrawal(
      database.db,
      { merchantId, memberId, amount },
      status === 'paid'
        ? { status, paidAt: new Date() }
        : { status, createdAt: new Date(Date.now() - 2 * HOUR) },
    );
  }

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
    call = adminApi(app);
    const db = database.db;
    merchantCode = `con${Date.now() % 100000}`;
    merchantId = await createMerchant(db, merchantCode);
    // The merchant runs an agent programme (decision 020): the agent overview answers.
    await db.insert(whitelabelSwitches).values({ merchantId, code: 'AGENTPOLICY3', enabled: true });
    const roles = ['owner', 'finance', 'risk_kyc', 'customer_service', 'read_only'] as const;
    const tokens = await Promise.all(
      roles.map((role) => signInOperator(app, db, { role, merchantId })),
    );
    [owner, finance, riskKyc, support, readOnly] = tokens as [
      string,
      string,
      string,
      string,
      string,
    ];
    agentA = await createMember({ type: 1 });
    for (let i = 0; i < 4; i += 1) team.push(await createMember({ uplineId: agentA }));
    m5 = await createMember();
    await db.update(members).set({ createdAt: yesterdayNoon }).where(eq(members.id, m5));
    const [m1, m2, m3, m4] = team as [number, number, number, number];
    const inTransit: AccountRef = { kind: 'payments_in_transit' };
    await post('deposit', m1, 100_000n, inTransit);
    await post('deposit', m2, 50_000n, inTransit);
    await post('deposit', m3, 70_000n, inTransit);
    await post('deposit', m4, 120_000n, inTransit);
    await post('deposit', m5, 20_000n, inTransit, yesterdayNoon);
    await play(m1, 60_000n, 10_000n);
    await play(m2, 40_000n, 0n);
    await play(m3, 30_000n, 0n);
    await play(m3, 30_000n, 0n);
    await play(m4, 100_000n, 0n);
    await play(m5, 10_000n, 0n);
    await post('bonus', m2, 5_000n, { kind: 'bonus' });
    await post('agent_dividend', agentA, 2_000n, { kind: 'house' });
    await post('agent_daily_salary', agentA, 1_234n, { kind: 'house' });
    await post('agent_hourly_salary', agentA, 300n, { kind: 'house' });
    await post('agent_realtime_salary', agentA, 150n, { kind: 'house' });
    await post('agent_daily_salary', agentA, 500n, { kind: 'house' }, yesterdayNoon);
    await withdrawal(m1, 4_000n, 'paid');
    await withdrawal(m1, 6_000n, 'pending');
    await seedQueues();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /**
   * Queues: 2 pending deposits (oldest 3 h), 1 KYC (1 h), 1 risk match, 1 termination request,
   * 1 settlement held back (4 h).
   */
  async function seedQueues() {
    const db = database.db;
    const [m1, m2, m3] = team as [number, number, number];
    const [channel] = await db
      .insert(depositChannels)
      .values({
        merchantId: merchantId,
        code: `console-${Date.now() % 100000}`,
        kind: 'manual',
        method: 'gcash',
        names: { EN: 'GCash', TL: 'GCash' },
        minAmount: 100n,
        maxAmount: 10_000_000n,
      })
      .returning({ id: depositChannels.id });
    for (const [memberId, hoursAgo] of [
      [m2, 3],
      [m3, 1],
    ] as const) {
      await db.insert(deposits).values({
        merchantId: merchantId,
        memberId,
        channelId: channel!.id,
        kind: 'manual',
        currency: CURRENCY,
        amount: 10_000n,
        clientRequestId: randomUUID(),
        requestHash: '0'.repeat(64),
        createdAt: new Date(Date.now() - hoursAgo * HOUR),
      });
    }
    await db.insert(kycProfiles).values({
      memberId: m1,
      merchantId: merchantId,
      idType: 1,
      payeeName: 'Juan Dela Cruz',
      birthday: '1990-01-01',
      address: 'Manila',
      permanentAddress: 'Manila',
      placeOfBirth: 'Manila',
      nationality: 'Philippines',
      sourceOfIncome: 1,
      occupation: 3,
      updatedAt: new Date(Date.now() - HOUR),
    });
    await db.insert(restrictedPersons).values({
      merchantId: merchantId,
      fullName: 'JUAN DELA CRUZ',
      category: 'pep',
      createdAt: new Date(Date.now() - 30 * 60_000),
    });
    // The list import's re-check puts the match on the risk queue.
    expect(await recheckMembers(db, merchantId, { operatorId: null, ip: null })).toEqual([m1]);
    const [contract] = await db
      .insert(agentContracts)
      .values({
        merchantId: merchantId,
        kind: 'daily_salary',
        uplineId: null,
        downlineId: agentA,
        terms: { ratesBp: [30, 50, 80] },
        status: 'active',
        acceptedAt: new Date(Date.now() - 48 * HOUR),
      })
      .returning({ id: agentContracts.id });
    await db.insert(agentContractRequests).values({
      merchantId: merchantId,
      contractId: contract!.id,
      type: 'termination',
      requestedBy: agentA,
      createdAt: new Date(Date.now() - 5 * HOUR),
    });
    // One settlement held back 4 h ago and still open; one resolved (not waiting any more).
    const held = {
      merchantId,
      contractType: 'daily_salary',
      periodKind: 'D',
      contractId: contract!.id,
      agentId: agentA,
      reason: 'overlapping_contracts',
      detail: 'two daily salary contracts in force at once',
    };
    await db.insert(agentSettlementFailures).values([
      { ...held, periodKey: 'D:2026-11-20', firstSeenAt: new Date(Date.now() - 4 * HOUR) },
      {
        ...held,
        periodKey: 'D:2026-11-19',
        firstSeenAt: new Date(Date.now() - 30 * HOUR),
        status: 'resolved',
        resolvedAt: new Date(),
      },
    ]);
  }

  const dashboardOf = async (token: string) => {
    const res = await call(token, 'GET', '/admin/api/dashboard');
    expect(res.statusCode).toBe(200);
    return res.json().value;
  };

  it("shows today's figures beside yesterday's, worked out by hand", async () => {
    const value = await dashboardOf(owner);
    expect(value).toMatchObject({
      today,
      yesterday,
      currency: 'PHP',
      activeRule: { minValidBet: '500.00', minDeposit: null },
    });
    expect(value.figures.today).toEqual({
      deposits: 4,
      depositAmount: '3400.00',
      withdrawals: 1,
      withdrawalAmount: '40.00',
      ggr: '2600.00',
      bonus: '50.00',
      ngr: '2550.00',
      commission: '36.84',
      newMembers: 5,
      activeMembers: 3,
    });
    expect(value.figures.yesterday).toEqual({
      deposits: 1,
      depositAmount: '200.00',
      withdrawals: 0,
      withdrawalAmount: '0.00',
      ggr: '0.00',
      bonus: '0.00',
      ngr: '0.00',
      commission: '5.00',
      newMembers: 1,
      activeMembers: 0,
    });
  });

  it('counts each queue and the age of its oldest item', async () => {
    const value = await dashboardOf(owner);
    const byId = Object.fromEntries(
      value.queues.map((q: { id: string; count: number; oldestAgeSeconds: number | null }) => [
        q.id,
        q,
      ]),
    );
    expect(value.queues.map((q: { id: string }) => q.id)).toEqual([
      'deposits',
      'withdrawals',
      'kyc',
      'risk',
      'agentTerminations',
      'settlementFailures',
    ]);
    const near = (id: string, count: number, seconds: number) => {
      expect(byId[id].count).toBe(count);
      expect(Math.abs(byId[id].oldestAgeSeconds - seconds)).toBeLessThan(120);
    };
    near('deposits', 2, 3 * 3600);
    near('withdrawals', 1, 2 * 3600);
    near('kyc', 1, 3600);
    near('agentTerminations', 1, 5 * 3600);
    near('settlementFailures', 1, 4 * 3600);
    // The match exists since the later of the member's registration (now) and the entry (30 min).
    expect(byId.risk.count).toBe(1);
    expect(byId.risk.oldestAgeSeconds).toBeLessThan(120);
  });

  it('shows each role only the queues it can act on, and figures only to report readers', async () => {
    const ids = (value: { queues: { id: string }[] }) => value.queues.map((q) => q.id);
    const ofFinance = await dashboardOf(finance);
    expect(ids(ofFinance)).toEqual(['deposits', 'withdrawals']);
    expect(ofFinance.figures.today.activeMembers).toBe(3);
    expect(ids(await dashboardOf(riskKyc))).toEqual(['kyc', 'risk']);
    const ofSupport = await dashboardOf(support);
    expect(ids(ofSupport)).toEqual([]);
    expect(ofSupport.figures).toBeNull();
    const ofReader = await dashboardOf(readOnly);
    expect(ids(ofReader)).toEqual([]);
    expect(ofReader.figures.today.ggr).toBe('2600.00');
    const anonymous = await app.inject({ method: 'GET', url: '/admin/api/dashboard' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows agent commission as cost lines that reconcile with the ledger', async () => {
    const res = await call(owner, 'GET', `/admin/api/reports/daily?from=${yesterday}&to=${today}`);
    const report = res.json().value;
    expect(report.total).toMatchObject({
      ggr: '2600.00',
      bonus: '50.00',
      ngr: '2550.00',
      dividend: '20.00',
      dailySalary: '17.34',
      hourlySalary: '3.00',
      realtimeSalary: '1.50',
      commission: '41.84',
      netAfterCommission: '2508.16',
    });
    expect(report.days[0]).toMatchObject({ dailySalary: '5.00', commission: '5.00' });
    // The ledger's own sum of the commission entries.
    const rows = await database.db
      .select({ type: ledgerEntries.type })
      .from(ledgerEntries)
      .where(
        inArray(ledgerEntries.type, [
          'agent_dividend',
          'agent_daily_salary',
          'agent_hourly_salary',
          'agent_realtime_salary',
        ]),
      );
    expect(rows).toHaveLength(5);
    const csv = await call(
      owner,
      'GET',
      `/admin/api/reports/daily.csv?from=${yesterday}&to=${today}`,
    );
    const lines = csv.body.trim().split('\r\n');
    const header = lines[0]!.split(',');
    const total = lines.at(-1)!.split(',');
    expect(total[header.indexOf('commission')]).toBe('41.84');
    expect(total[header.indexOf('net_after_commission')]).toBe('2508.16');
  });

  /** Active members today: in the daily report, in A's overview and by the tiers' rule. */
  async function activeEverywhere() {
    const report = (
      await call(readOnly, 'GET', `/admin/api/reports/daily?from=${today}&to=${today}`)
    ).json().value;
    const [agentRow] = await database.db.select().from(members).where(eq(members.id, agentA));
    const token = await openSession(
      database.db,
      { idleMinutes: 60, absoluteHours: 1 },
      { member: agentRow!, method: 'password', ip: '127.0.0.1', userAgent: 'test' },
    );
    const overview = await app.inject({
      method: 'GET',
      url: `/wps/agent/report/overview?from=${today}&to=${today}`,
      headers: { merchant: merchantCode, authorization: `Bearer ${token}` },
    });
    expect(overview.statusCode).toBe(200);
    const settings = await loadContractSettings(database.db, merchantId);
    const period = {
      kind: 'D' as const,
      key: today,
      start: recordDayStart(today),
      end: recordDayStart(addDays(today, 1)),
    };
    const figures = await memberFigures(database.db, merchantId, team, period);
    const tiers = team.filter((id) => {
      const f = figures.get(String(id));
      return f !== undefined && isActiveMember(f, settings);
    }).length;
    return {
      tiers,
      overview: overview.json().value.activeMembers as number,
      reportTotal: report.total.activeMembers as number,
      reportDay: report.days[0].activeMembers as number,
      overviewRule: overview.json().value.activeRule,
      reportRule: report.activeRule,
    };
  }

  /** What activeEverywhere answers when all three count `n` active members under `rule`. */
  const countedEverywhere = (
    n: number,
    rule: { minValidBet: string; minDeposit: string | null },
  ) => ({
    tiers: n,
    overview: n,
    reportTotal: n,
    reportDay: n,
    overviewRule: rule,
    reportRule: rule,
  });

  it('counts the same active members in the reports, the agent overview and the contract tiers', async () => {
    // m1 (600.00), m3 (300.00 + 300.00), m4 (1,000.00); m2 (400.00) falls short; m5 is not in A's team.
    const rule = { minValidBet: '500.00', minDeposit: null };
    expect(await activeEverywhere()).toEqual(countedEverywhere(3, rule));
  });

  it("follows the merchant's deposit rule in all three places", async () => {
    const db = database.db;
    const settings = await loadContractSettings(db, merchantId);
    await saveContractSettings(db, merchantId, { ...settings, activeMinDeposit: 100_000n });
    // Approved deposits today: m1 1,000.00 (meets it), m3 500.00 (does not); m4 has none.
    const [m1, , m3] = team as [number, number, number];
    const [channel] = await db.select({ id: depositChannels.id }).from(depositChannels).limit(1);
    for (const [memberId, amount] of [
      [m1, 100_000n],
      [m3, 50_000n],
    ] as const) {
      await db.insert(deposits).values({
        merchantId,
        memberId,
        channelId: channel!.id,
        kind: 'manual',
        currency: CURRENCY,
        amount,
        status: 'credited',
        decidedAt: new Date(),
        clientRequestId: randomUUID(),
        requestHash: '0'.repeat(64),
      });
    }
    const rule = { minValidBet: '500.00', minDeposit: '1000.00' };
    try {
      expect(await activeEverywhere()).toEqual(countedEverywhere(1, rule));
    } finally {
      await saveContractSettings(db, merchantId, settings);
    }
  });

  it("counts the same once the agent reports' rollup is built (read from it, not the rounds)", async () => {
    const db = database.db;
    await inTransaction(db, (tx) => rollUp(tx));
    expect(await rolledUpTo(db)).not.toBeNull();
    expect(await activeEverywhere()).toEqual(
      countedEverywhere(3, { minValidBet: '500.00', minDeposit: null }),
    );
    // The deposits of the test before (m1 1,000.00, m3 500.00) with the deposit rule again.
    const settings = await loadContractSettings(db, merchantId);
    await saveContractSettings(db, merchantId, { ...settings, activeMinDeposit: 100_000n });
    try {
      const rule = { minValidBet: '500.00', minDeposit: '1000.00' };
      expect(await activeEverywhere()).toEqual(countedEverywhere(1, rule));
    } finally {
      await saveContractSettings(db, merchantId, settings);
    }
  });

  describe('audit log', () => {
    beforeAll(async () => {
      const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR);
      for (const [action, subjectId] of [
        ['deposit.approve', '11'],
        ['deposit.reject', '12'],
        ['withdrawal.approve', '13'],
      ] as const) {
        await appendAudit(database.db, {
          merchantId: merchantId,
          actorType: 'operator',
          actorId: '99',
          action,
          subjectType: action.split('.')[0]!,
          subjectId,
          after: { note: 'a, "quoted" note' },
        });
      }
      // One entry dated 3 days back, outside a range of the last day.
      const [last] = await database.db
        .insert(auditLog)
        .values({
          merchantId: merchantId,
          actorType: 'operator',
          actorId: '99',
          action: 'deposit.approve',
          subjectType: 'deposit',
          subjectId: '10',
          prevHash: '0'.repeat(64),
          hash: 'f'.repeat(64),
          createdAt: at(72),
        })
        .returning({ id: auditLog.id });
      expect(last).toBeDefined();
    });

    it('filters by date range, actor, action and target, and exports the same rows as CSV', async () => {
      const from = new Date(Date.now() - 24 * HOUR).toISOString();
      const to = new Date(Date.now() + HOUR).toISOString();
      const query = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&actorId=99&action=deposit.`;
      const page = await call(owner, 'GET', `/admin/api/audit?${query}`);
      expect(page.statusCode).toBe(200);
      const items = page.json().value.items as { subjectId: string }[];
      expect(items.map((i) => i.subjectId)).toEqual(['12', '11']);
      const csv = await call(owner, 'GET', `/admin/api/audit.csv?${query}`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      const lines = csv.body.trim().split('\r\n');
      expect(lines[0]).toBe(
        'id,time,actor_type,actor_id,actor_name,action,subject_type,subject_id,ip,before,after',
      );
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain(',deposit.reject,deposit,12,,');
      expect(lines[1]).toContain('"{""note"":""a, \\""quoted\\"" note""}"');
      const target = await call(
        owner,
        'GET',
        `/admin/api/audit.csv?subjectType=withdrawal&subjectId=13`,
      );
      expect(target.body.trim().split('\r\n')).toHaveLength(2);
    });

    it('refuses an export larger than the cap with a clear error, and a role without audit.read', async () => {
      const { auditCsv } = await import('../../src/modules/operator/audit-export.admin.routes.js');
      await expect(auditCsv(database.db, merchantId, { actorId: '99' }, 2)).rejects.toMatchObject({
        code: 'EXPORT_TOO_LARGE',
      });
      const denied = await call(finance, 'GET', '/admin/api/audit.csv');
      expect(denied.statusCode).toBe(403);
    });
  });
});
