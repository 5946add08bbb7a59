import { addDays, presetRange, recordsToday } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db, DatabaseHandle } from '../../src/db/client.js';
import { members, merchants } from '../../src/db/schema/index.js';
import {
  teamBets,
  teamTransactions,
  userLoss,
} from '../../src/modules/agent-reports/reports.service.js';
import { postEntry, type EntryRequest } from '../../src/modules/ledger/ledger.service.js';
import { testDatabases } from '../support/databases.js';
import { createMember, CURRENCY, fund, MERCHANT_ID } from '../support/ledger.js';
import { CAPTCHA_ANSWER, memberApi } from '../support/member-api.js';
import { EXPORT_MAX_ROWS } from '../../src/modules/agent-reports/reports.export.js';
import { buildTestApp } from '../support/test-app.js';

/** hh:mm on a yyyy-MM-dd day in Asia/Manila (UTC+8). */
const manila = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`);

let sequence = 0;
const key = (label: string) => `agent-reports-${label}-${Date.now()}-${(sequence += 1)}`;

type Round = {
  memberId: number;
  bet: bigint;
  win?: bigint;
  refund?: bigint;
  closed?: boolean;
  winCount?: number;
  betCount?: number;
  rollbackCount?: number;
  category?: string;
  at: Date;
};

/** A game round as the vendor wallet leaves it (test data: the reports only read it). */
async function round(db: Db, r: Round) {
  await db.execute(sql`
    insert into game_rounds (merchant_id, member_id, vendor_code, round_id, game_code, game_category,
      currency, bet_total, win_total, refund_total, bet_count, win_count, rollback_count, closed,
      created_at, updated_at)
    values (${MERCHANT_ID}, ${r.memberId}, 'PG', ${key('round')}, 'g1', ${r.category ?? 'SLOTS'},
      ${CURRENCY}, ${r.bet}, ${r.win ?? 0n}, ${r.refund ?? 0n}, ${r.betCount ?? 1},
      ${r.winCount ?? 0}, ${r.rollbackCount ?? 0}, ${r.closed ?? false},
      ${r.at.toISOString()}::timestamptz, ${r.at.toISOString()}::timestamptz)`);
}

async function deposit(db: Db, memberId: number, amount: bigint, status: string, at: Date) {
  await db.execute(sql`
    insert into deposits (merchant_id, member_id, channel_id, kind, currency, amount, status,
      client_request_id, request_hash, created_at, updated_at)
    values (${MERCHANT_ID}, ${memberId},
      (select id from deposit_channels where merchant_id = ${MERCHANT_ID} order by id limit 1),
      'manual', ${CURRENCY}, ${amount}, ${status}, ${key('dep')}, ${'0'.repeat(64)},
      ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);
}

async function withdrawal(db: Db, memberId: number, amount: bigint, status: string, at: Date) {
  const hold = await fund(db, memberId, 1n);
  await db.execute(sql`
    insert into withdrawals (merchant_id, member_id, currency, amount, status, payee_method,
      payee_name, payee_account, client_request_id, request_hash, hold_id, hold_entry_id,
      created_at, updated_at)
    values (${MERCHANT_ID}, ${memberId}, ${CURRENCY}, ${amount}, ${status}, 'gcash', 'Juan',
      '09170000000', ${key('wd')}, ${'0'.repeat(64)}, 0, ${hold.entryId},
      ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);
}

function credit(type: string, memberId: number, amount: bigint, from = 'house'): EntryRequest {
  return {
    merchantId: MERCHANT_ID,
    currency: CURRENCY,
    // bonus, adjustment, or a contract payout type as the settlement jobs post it.
    type: type as EntryRequest['type'],
    idempotencyKey: key(type),
    memberId,
    reference: { period: 'test' },
    postings: [
      { account: { kind: 'member_main', memberId }, amount },
      { account: { kind: from as 'house' }, amount: -amount },
    ],
  };
}

describe.each(testDatabases)('agent centre reports on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: ReturnType<typeof memberApi>;
  let today: string;
  let yesterday: string;
  const team = { s: 0, m1: 0, m2: 0, m3: 0, b1: 0 };
  let tokenA: string;
  let tokenB: string;
  let agentA: number;
  let agentB: number;

  const get = (url: string, token: string, query: Record<string, string | number> = {}) =>
    api.get(url, token, query);
  const value = async (url: string, token: string, query: Record<string, string | number> = {}) => {
    const res = await get(url, token, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value;
  };

  async function agent(): Promise<{ token: string; id: number }> {
    const { token, user } = (await api.register()).json().value;
    await database.db.update(members).set({ type: 1 }).where(eq(members.id, user.id));
    return { token, id: user.id as number };
  }

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
    api = memberApi(app);
    const db = database.db;
    today = recordsToday();
    yesterday = addDays(today, -1);
    const at = manila(today, '00:30');
    const before = manila(yesterday, '12:00');

    ({ token: tokenA, id: agentA } = await agent());
    ({ token: tokenB, id: agentB } = await agent());
    // A's team: sub-agent S with m2 under it, m1 and m3 directly below A.
    team.s = await createMember(db, { uplineId: agentA, type: 2, username: key('s').slice(-30) });
    team.m1 = await createMember(db, { uplineId: agentA, username: key('m1').slice(-30) });
    team.m2 = await createMember(db, { uplineId: team.s, username: key('m2').slice(-30) });
    team.m3 = await createMember(db, { uplineId: agentA, username: key('m3').slice(-30) });
    team.b1 = await createMember(db, { uplineId: agentB, username: key('b1').slice(-30) });
    // Everyone registered today except m3 (yesterday).
    for (const id of Object.values(team)) {
      await db.execute(
        sql`update members set created_at = ${(id === team.m3 ? before : at).toISOString()}::timestamptz where id = ${id}`,
      );
    }

    await round(db, { memberId: team.m1, bet: 1000n, win: 500n, winCount: 1, closed: true, at });
    await round(db, { memberId: team.m1, bet: 2000n, at }); // open: not a valid bet
    await round(db, { memberId: team.m2, bet: 3000n, win: 6000n, winCount: 1, at });
    await round(db, {
      memberId: team.m2,
      bet: 500n,
      refund: 500n,
      rollbackCount: 1,
      at,
    }); // cancelled
    await round(db, { memberId: team.s, bet: 700n, closed: true, category: 'LIVE', at });
    await round(db, { memberId: agentA, bet: 99_999n, closed: true, at }); // the agent's own
    await round(db, { memberId: team.b1, bet: 5000n, closed: true, at }); // another team
    await round(db, { memberId: team.m1, bet: 400n, closed: true, at: before }); // yesterday

    await deposit(db, team.m1, 10_000n, 'credited', at);
    await deposit(db, team.m2, 5000n, 'pending', at);
    await deposit(db, team.b1, 7777n, 'credited', at);
    await deposit(db, team.m3, 1200n, 'credited', before);
    await withdrawal(db, team.m2, 2000n, 'paid', at);
    await withdrawal(db, team.m1, 300n, 'rejected', at);
    await withdrawal(db, team.b1, 900n, 'paid', at);

    await postEntry(db, credit('bonus', team.m2, 250n, 'bonus'));
    await postEntry(db, credit('bonus', team.b1, 999n, 'bonus'));
    await postEntry(db, credit('agent_daily_salary', agentA, 1500n));
    await postEntry(db, credit('agent_dividend', agentA, 2500n));
    await postEntry(db, credit('agent_dividend', agentB, 4444n));
    await postEntry(db, credit('adjustment', agentA, 10n)); // not an income type
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('gives the team overview of the agent’s own team, exactly', async () => {
    const overview = await value('/wps/agent/report/overview', tokenA, {
      from: today,
      to: today,
    });
    expect(overview).toMatchObject({
      from: today,
      to: today,
      currency: 'PHP',
      members: 4,
      directMembers: 3,
      newMembers: 3,
      // Active by the contract rule (500.00 of valid bets in closed rounds): nobody here.
      activeMembers: 0,
      depositCount: 1,
      deposits: '100.00',
      withdrawalCount: 1,
      withdrawals: '20.00',
      betCount: 5,
      bets: '67.00',
      validBets: '47.00',
      payout: '65.00',
      profit: '-2.00',
      bonus: '2.50',
    });
    const b = await value('/wps/agent/report/overview', tokenB, { from: today, to: today });
    expect(b).toMatchObject({
      members: 1,
      activeMembers: 0,
      deposits: '77.77',
      withdrawals: '9.00',
      bets: '50.00',
      bonus: '9.99',
    });
  });

  it('answers presets: today by default, yesterday, this week', async () => {
    const byDefault = await value('/wps/agent/report/overview', tokenA);
    expect(byDefault).toMatchObject({ from: today, to: today, betCount: 5 });
    const past = await value('/wps/agent/report/overview', tokenA, { preset: 'yesterday' });
    expect(past).toMatchObject({
      from: yesterday,
      to: yesterday,
      newMembers: 1,
      activeMembers: 0,
      betCount: 1,
      bets: '4.00',
      deposits: '12.00',
    });
    const week = presetRange('thisWeek', today);
    const thisWeek = await value('/wps/agent/report/overview', tokenA, { preset: 'thisWeek' });
    expect(thisWeek).toMatchObject(week);
    expect(thisWeek.betCount).toBe(week.from <= yesterday ? 6 : 5);
    expect(presetRange('lastWeek', '2026-11-25')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(presetRange('thisWeek', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(presetRange('lastMonth', '2026-03-31')).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(presetRange('thisMonth', '2026-03-31')).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
    });
    const bad = await get('/wps/agent/report/overview', tokenA, { preset: 'lastYear' });
    expect(bad.statusCode).toBe(400);
  });

  it('lists the team’s bets with paging and filters', async () => {
    const range = { from: yesterday, to: today };
    const first = await value('/wps/agent/report/bets', tokenA, { ...range, size: 4 });
    expect(first.total).toBe(6);
    expect(first.items).toHaveLength(4);
    expect(first.totalBet).toBe('71.00');
    const second = await value('/wps/agent/report/bets', tokenA, { ...range, size: 4, page: 2 });
    expect(second.items).toHaveLength(2);
    const ids = [...first.items, ...second.items].map((item: { id: number }) => item.id);
    expect(new Set(ids).size).toBe(6);
    const accounts = new Set(
      [...first.items, ...second.items].map((item: { memberId: number }) => item.memberId),
    );
    expect([...accounts].sort()).toEqual([team.m1, team.m2, team.s].sort());
    const live = await value('/wps/agent/report/bets', tokenA, { ...range, category: 'LIVE' });
    expect(live.items.map((item: { memberId: number }) => item.memberId)).toEqual([team.s]);
    const m1 = await value('/wps/agent/report/bets', tokenA, { ...range, memberId: team.m1 });
    expect(m1.total).toBe(3);
    const statuses = m1.items.map((item: { status: string }) => item.status).sort();
    expect(statuses).toEqual(['open', 'settled', 'settled']);
  });

  it('gives the user loss statement per member, biggest loss first', async () => {
    const loss = await value('/wps/agent/report/loss', tokenA, { from: today, to: today });
    expect(loss.total).toBe(3);
    expect(loss.items).toEqual([
      {
        memberId: team.m1,
        account: expect.any(String),
        depth: 1,
        betCount: 2,
        bets: '30.00',
        validBets: '10.00',
        payout: '5.00',
        profit: '-25.00',
        bonus: '0.00',
      },
      expect.objectContaining({ memberId: team.s, depth: 1, bets: '7.00', profit: '-7.00' }),
      expect.objectContaining({
        memberId: team.m2,
        depth: 2,
        bets: '30.00',
        validBets: '30.00',
        payout: '60.00',
        profit: '30.00',
        bonus: '2.50',
      }),
    ]);
    expect(loss.totals).toEqual({
      betCount: 5,
      bets: '67.00',
      validBets: '47.00',
      payout: '65.00',
      profit: '-2.00',
      bonus: '2.50',
    });
    const paged = await value('/wps/agent/report/loss', tokenA, {
      from: today,
      to: today,
      size: 2,
      page: 2,
    });
    expect(paged.items.map((item: { memberId: number }) => item.memberId)).toEqual([team.m2]);
    expect(paged.total).toBe(3);
  });

  it('lists the team’s transactions with type and member filters', async () => {
    const all = await value('/wps/agent/report/transactions', tokenA, { from: today, to: today });
    const who = new Set(all.items.map((item: { memberId: number }) => item.memberId));
    expect([...who].sort()).toEqual([team.m1, team.m2].sort());
    const bonus = await value('/wps/agent/report/transactions', tokenA, {
      from: today,
      to: today,
      category: 'bonus',
    });
    expect(bonus.items).toEqual([
      expect.objectContaining({ memberId: team.m2, type: 'bonus', amount: '2.50', wallet: 'main' }),
    ]);
    expect(bonus.totalIn).toBe('2.50');
    const m1 = await value('/wps/agent/report/transactions', tokenA, {
      from: today,
      to: today,
      memberId: team.m1,
    });
    expect(m1.total).toBeGreaterThan(0);
    expect(m1.items.every((item: { memberId: number }) => item.memberId === team.m1)).toBe(true);
  });

  it('lists the agent’s own contract income only', async () => {
    const income = await value('/wps/agent/report/income', tokenA, { from: today, to: today });
    expect(income.total).toBe(2);
    expect(income.totalAmount).toBe('40.00');
    expect(income.byType).toEqual([
      { type: 'agent_dividend', amount: '25.00' },
      { type: 'agent_daily_salary', amount: '15.00' },
      { type: 'agent_hourly_salary', amount: '0.00' },
      { type: 'agent_realtime_salary', amount: '0.00' },
    ]);
    const daily = await value('/wps/agent/report/income', tokenA, {
      from: today,
      to: today,
      type: 'agent_daily_salary',
    });
    expect(daily.items).toEqual([
      expect.objectContaining({ type: 'agent_daily_salary', amount: '15.00', wallet: 'main' }),
    ]);
    const b = await value('/wps/agent/report/income', tokenB, { from: today, to: today });
    expect(b.totalAmount).toBe('44.44');
  });

  it('refuses members; an agent sees nothing of a team member of theirs as someone else', async () => {
    const member = (await api.register()).json().value.token as string;
    const res = await get('/wps/agent/report/overview', member);
    expect(res.statusCode).toBe(403);
    // B's reports hold nothing of A's team.
    const loss = await value('/wps/agent/report/loss', tokenB, { from: today, to: today });
    expect(loss.items.map((item: { memberId: number }) => item.memberId)).toEqual([team.b1]);
  });

  it('answers nothing, for 1,000 ids of another agent’s team, on every report', async () => {
    const db = database.db;
    // 1,000 accounts under agent B, each with a round and a credited deposit today.
    const created = await db.execute(sql`
      insert into members (merchant_id, username, password_hash, upline_id, created_at)
      select ${MERCHANT_ID}, 'idor' || ${sequence} || 'x' || g, 'not-a-hash', ${team.b1}, now()
        from generate_series(1, 1000) g
      returning id`);
    const ids = (created as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
    const batch = sql`m.upline_id = ${team.b1} and m.username like ${`idor${sequence}x%`}`;
    await db.execute(sql`
      insert into member_tree (merchant_id, ancestor_id, descendant_id, depth)
      select ${MERCHANT_ID}, m.id, m.id, 0 from members m where ${batch}`);
    await db.execute(sql`
      insert into member_tree (merchant_id, ancestor_id, descendant_id, depth)
      select ${MERCHANT_ID}, t.ancestor_id, m.id, t.depth + 1
        from members m join member_tree t on t.descendant_id = m.upline_id
       where ${batch}`);
    const at = manila(today, '00:45');
    await db.execute(sql`
      insert into game_rounds (merchant_id, member_id, vendor_code, round_id, game_code,
        game_category, currency, bet_total, bet_count, closed, created_at, updated_at)
      select ${MERCHANT_ID}, m.id, 'PG', 'idor-' || m.id, 'g1', 'SLOTS', ${CURRENCY}, 100, 1, true,
             ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
        from members m where ${batch}`);
    for (const id of ids.slice(0, 5)) await fund(db, id, 100n);
    const usernames = (
      await db.select({ id: members.id, username: members.username }).from(members)
    ).filter((row) => ids.includes(row.id));

    // Control: B sees them.
    const seen = await value('/wps/agent/report/bets', tokenB, {
      from: today,
      to: today,
      memberId: ids[0]!,
    });
    expect(seen.total).toBe(1);
    const seenMoney = await value('/wps/agent/report/transactions', tokenB, {
      from: today,
      to: today,
      memberId: ids[0]!,
    });
    expect(seenMoney.total).toBeGreaterThan(0);

    // Every id through the reports' service (the routes' code below the HTTP layer), logged once
    // each; every 20th also over HTTP, by id and by account.
    const [merchant] = await db.select().from(merchants).where(eq(merchants.id, MERCHANT_ID));
    const warn = vi.fn();
    const caller = {
      merchant: { ...merchant!, defaultLanguage: 'EN' } as never,
      agentId: agentA,
      log: { warn } as unknown as FastifyBaseLogger,
    };
    const query = { from: today, to: today, page: 1, size: 20 };
    const leaks: string[] = [];
    for (let i = 0; i < ids.length; i += 25) {
      await Promise.all(
        ids.slice(i, i + 25).map(async (memberId) => {
          const pages = await Promise.all([
            teamBets(db, caller, { ...query, memberId }),
            userLoss(db, caller, { ...query, memberId }),
            teamTransactions(db, caller, { ...query, memberId }),
          ]);
          pages.forEach((page, n) => {
            if (page.total !== 0 || page.items.length !== 0)
              leaks.push(`service ${n} id ${memberId}`);
          });
        }),
      );
    }
    expect(warn).toHaveBeenCalledTimes(ids.length * 3);
    const reports = ['bets', 'loss', 'transactions'];
    for (const [n, id] of ids.entries()) {
      if (n % 20 !== 0) continue;
      const account = usernames.find((row) => row.id === id)!.username;
      for (const report of reports) {
        const filters: Record<string, string | number>[] = [{ memberId: id }, { account }];
        for (const filter of filters) {
          const page = await value(`/wps/agent/report/${report}`, tokenA, {
            from: today,
            to: today,
            ...filter,
          });
          if (page.total !== 0 || page.items.length !== 0) leaks.push(`${report} ${id}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    // Unfiltered, A's reports still show exactly A's team.
    const overview = await value('/wps/agent/report/overview', tokenA, { from: today, to: today });
    expect(overview).toMatchObject({ members: 4, activeMembers: 0, bets: '67.00' });
    const bets = await value('/wps/agent/report/bets', tokenA, {
      from: today,
      to: today,
      size: 100,
    });
    expect(bets.items.some((item: { memberId: number }) => ids.includes(item.memberId))).toBe(
      false,
    );
    const income = await value('/wps/agent/report/income', tokenA, { from: today, to: today });
    expect(income.totalAmount).toBe('40.00');
  }, 180_000);

  it('logs a member filter outside the caller’s team with the caller and the id asked', async () => {
    const [merchant] = await database.db
      .select()
      .from(merchants)
      .where(eq(merchants.id, MERCHANT_ID));
    const warn = vi.fn();
    const log = { warn } as unknown as FastifyBaseLogger;
    const page = await userLoss(
      database.db,
      { merchant: { ...merchant!, defaultLanguage: 'EN' } as never, agentId: agentA, log },
      { memberId: team.b1, from: today, to: today, page: 1, size: 20 },
    );
    expect(page.items).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ agentId: agentA, askedMemberId: team.b1 }),
      expect.any(String),
    );
    // A member of the caller's own team is not logged.
    warn.mockClear();
    await userLoss(
      database.db,
      { merchant: { ...merchant!, defaultLanguage: 'EN' } as never, agentId: agentA, log },
      { memberId: team.m1, from: today, to: today, page: 1, size: 20 },
    );
    expect(warn).not.toHaveBeenCalled();
  });

  /** A CSV download: its status, headers and lines (byte order mark checked and removed). */
  async function csv(report: string, token: string, query: Record<string, string | number> = {}) {
    const res = await get(`/wps/agent/report/${report}/export`, token, query);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.slice(1).split('\r\n');
    expect(lines.pop()).toBe('');
    return { disposition: res.headers['content-disposition'], lines };
  }

  it('exports the user loss statement as CSV: every row, the filters, decimals', async () => {
    const account = async (id: number) =>
      (await database.db.select().from(members).where(eq(members.id, id)))[0]!.username;
    const file = await csv('loss', tokenA, { from: today, to: today, size: 1 });
    expect(file.disposition).toBe(`attachment; filename="agent-loss_${today}_${today}.csv"`);
    expect(file.lines).toEqual([
      'account,level,bet_count,bets,valid_bets,payout,bonus,profit',
      `${await account(team.m1)},1,2,30.00,10.00,5.00,0.00,-25.00`,
      `${await account(team.s)},1,1,7.00,7.00,0.00,0.00,-7.00`,
      `${await account(team.m2)},2,2,30.00,30.00,60.00,2.50,30.00`,
    ]);
    const one = await csv('loss', tokenA, { from: today, to: today, memberId: team.m2 });
    expect(one.lines).toHaveLength(2);
    expect(one.lines[1]).toMatch(/^.+,2,2,30\.00,30\.00,60\.00,2\.50,30\.00$/);
  });

  it('exports only the caller’s own team, and a member of another team as nothing', async () => {
    const mine = await csv('bets', tokenA, { from: yesterday, to: today });
    expect(mine.disposition).toBe(`attachment; filename="agent-bets_${yesterday}_${today}.csv"`);
    expect(mine.lines[0]).toBe(
      'time,account,round_id,vendor,game_code,game_category,bet,win,profit,status',
    );
    expect(mine.lines).toHaveLength(7);
    const bets = mine.lines.slice(1).map((line) => line.split(',')[6]);
    // Stakes less refunds: m2's cancelled 5.00 round counts 0.00, as on the page.
    expect(bets.sort()).toEqual(['0.00', '10.00', '20.00', '30.00', '4.00', '7.00']);
    const live = await csv('bets', tokenA, { from: yesterday, to: today, category: 'LIVE' });
    expect(live.lines.slice(1).map((line) => line.split(',')[5])).toEqual(['LIVE']);
    // B's member asked by A: an empty file, as the page answers.
    const tampered = await csv('bets', tokenA, { from: yesterday, to: today, memberId: team.b1 });
    expect(tampered.lines).toHaveLength(1);
    // B gets its own member's round (an earlier test gave B's team more rounds).
    const other = await csv('bets', tokenB, { from: yesterday, to: today, memberId: team.b1 });
    expect(other.lines.slice(1).map((line) => line.split(',')[6])).toEqual(['50.00']);
  });

  it('exports the overview, transactions and income with the page’s figures', async () => {
    const overview = await csv('overview', tokenA, { from: today, to: today });
    expect(overview.lines[0]).toBe(
      'from,to,currency,members,direct_members,new_members,active_members,deposit_count,deposits,withdrawal_count,withdrawals,bet_count,bets,valid_bets,payout,profit,bonus',
    );
    // Active members 0: no member's valid bets reach 500.00 (the one active-member rule, decision 014).
    expect(overview.lines[1]).toBe(
      `${today},${today},PHP,4,3,3,0,1,100.00,1,20.00,5,67.00,47.00,65.00,-2.00,2.50`,
    );
    const bonus = await csv('transactions', tokenA, {
      from: today,
      to: today,
      category: 'bonus',
    });
    expect(bonus.lines[0]).toBe('time,account,type,wallet,amount,balance_after');
    expect(bonus.lines).toHaveLength(2);
    expect(bonus.lines[1]).toMatch(/,bonus,main,2\.50,/);
    const income = await csv('income', tokenA, { from: today, to: today });
    expect(income.lines[0]).toBe('time,type,wallet,amount,reference');
    const amounts = income.lines.slice(1).map((line) => line.split(',').slice(1, 4).join(','));
    expect(amounts.sort()).toEqual(['agent_daily_salary,main,15.00', 'agent_dividend,main,25.00']);
    // The reference is JSON: quoted, its quotes doubled.
    expect(income.lines[1]).toContain('"{""period"":""test""}"');
    const salary = await csv('income', tokenA, {
      from: today,
      to: today,
      type: 'agent_daily_salary',
    });
    expect(salary.lines).toHaveLength(2);
  });

  it('refuses an export larger than one file may hold, with the limit', async () => {
    const c = await agent();
    const player = await createMember(database.db, {
      uplineId: c.id,
      username: key('c1').slice(-30),
    });
    await database.db.execute(sql`
      insert into game_rounds (merchant_id, member_id, vendor_code, round_id, game_code,
        game_category, currency, bet_total, win_total, refund_total, bet_count, win_count,
        rollback_count, closed, created_at, updated_at)
      select ${MERCHANT_ID}, ${player}, 'PG', ${key('bulk')} || '-' || n, 'g1', 'SLOTS',
        ${CURRENCY}, 100, 0, 0, 1, 0, 0, true, ${manila(today, '00:10').toISOString()}::timestamptz,
        ${manila(today, '00:10').toISOString()}::timestamptz
      from generate_series(1, ${EXPORT_MAX_ROWS + 1}) n`);
    const res = await get('/wps/agent/report/bets/export', c.token, { from: today, to: today });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'EXPORT_TOO_LARGE',
      value: { limit: EXPORT_MAX_ROWS, total: EXPORT_MAX_ROWS + 1 },
    });
    // Narrowed below the cap (the loss statement: one line for the member), it exports.
    const loss = await csv('loss', c.token, { from: today, to: today });
    expect(loss.lines[1]).toMatch(/,1,10001,10001\.00,10001\.00,0\.00,0\.00,-10001\.00$/);
  }, 120_000);

  it('refuses exports to members and visitors', async () => {
    const member = (await api.register()).json().value.token as string;
    expect((await get('/wps/agent/report/loss/export', member)).json().code).toBe('FORBIDDEN');
    const visitor = await app.inject({ method: 'GET', url: '/wps/agent/report/loss/export' });
    expect(visitor.json().code).toBe('NOT_LOGGED_IN');
  });
});
