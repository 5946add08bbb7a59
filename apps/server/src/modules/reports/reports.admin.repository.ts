import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { activeMembersOfClosesSql, activeMembersSql, type ActiveRule } from '../agent/index.js';
import { rollupClosesSql, rolledUpTo } from '../agent-reports/index.js';
import { firstDepositPostingsFrom, memberPostingsFrom } from '../ledger/index.js';

/**
 * The figures of the back-office reports, summed in SQL per day of the merchant's time zone
 * (decision 024) for one merchant and currency. Money comes from the ledger: postings on member accounts
 * of deposit, bonus and game entries (bets less returned bets, payouts), so game figures appear as
 * soon as games post to the ledger. Withdrawals are the paid ones (withdrawals.paid_at).
 */

export type Scope = {
  merchantId: number;
  currency: string;
  /** The merchant's time zone, an IANA name: the days the figures are summed by. */
  timeZone: string;
  start: Date;
  end: Date;
};

/** The day of a timestamptz in the scope's time zone, yyyy-MM-dd. */
function dayOf(scope: Scope, column: SQL): SQL {
  return sql`to_char(${column} at time zone ${scope.timeZone}::text, 'YYYY-MM-DD')`;
}

function between(column: SQL, scope: Scope): SQL {
  return sql`${column} >= ${scope.start.toISOString()}::timestamptz
         and ${column} < ${scope.end.toISOString()}::timestamptz`;
}

const big = (value: unknown) => BigInt((value as string | null) ?? '0');

export type DayCount = { day: string; count: number; amount: bigint };

export async function registrations(db: Db, scope: Scope, trialType: number): Promise<DayCount[]> {
  const rows = await queryRows(
    db,
    sql`select ${dayOf(scope, sql`created_at`)} as day, count(*)::int as count
          from members
         where merchant_id = ${scope.merchantId} and type <> ${trialType}
           and ${between(sql`created_at`, scope)}
         group by 1`,
  );
  return rows.map((row) => ({ day: String(row.day), count: Number(row.count), amount: 0n }));
}

export async function deposits(db: Db, scope: Scope): Promise<DayCount[]> {
  const rows = await queryRows(
    db,
    sql`select ${dayOf(scope, sql`e.created_at`)} as day, count(distinct e.id)::int as count,
               coalesce(sum(p.amount), 0)::text as amount
          ${memberPostingsFrom(scope, ['deposit'])}
         group by 1`,
  );
  return rows.map((row) => ({
    day: String(row.day),
    count: Number(row.count),
    amount: big(row.amount),
  }));
}

/** Members whose first deposit ever (in this currency) falls in the range, and its amount. */
export async function firstDeposits(db: Db, scope: Scope): Promise<DayCount[]> {
  const rows = await queryRows(
    db,
    sql`select ${dayOf(scope, sql`f.created_at`)} as day, count(distinct f.id)::int as count,
               coalesce(sum(p.amount), 0)::text as amount
          ${firstDepositPostingsFrom(scope)}
         group by 1`,
  );
  return rows.map((row) => ({
    day: String(row.day),
    count: Number(row.count),
    amount: big(row.amount),
  }));
}

export async function paidWithdrawals(db: Db, scope: Scope): Promise<DayCount[]> {
  const rows = await queryRows(
    db,
    sql`select ${dayOf(scope, sql`paid_at`)} as day, count(*)::int as count,
               coalesce(sum(amount), 0)::text as amount
          from withdrawals
         where merchant_id = ${scope.merchantId} and currency = ${scope.currency}
           and status = 'paid' and ${between(sql`paid_at`, scope)}
         group by 1`,
  );
  return rows.map((row) => ({
    day: String(row.day),
    count: Number(row.count),
    amount: big(row.amount),
  }));
}

export async function bonuses(db: Db, scope: Scope): Promise<Map<string, bigint>> {
  const rows = await queryRows(
    db,
    sql`select ${dayOf(scope, sql`e.created_at`)} as day, coalesce(sum(p.amount), 0)::text as amount
          ${memberPostingsFrom(scope, ['bonus'])}
         group by 1`,
  );
  return new Map(rows.map((row) => [String(row.day), big(row.amount)]));
}

export type GameDayRow = {
  day: string;
  vendorCode: string;
  category: string;
  bets: bigint;
  wins: bigint;
};

/**
 * Bets (stakes taken from members less stakes returned) and wins (payouts credited) per day,
 * vendor and category, read from the entries' game reference (GameLedgerReference).
 */
export async function games(db: Db, scope: Scope, unknown: string): Promise<GameDayRow[]> {
  const rows = await queryRows(
    db,
    sql`select ${dayOf(scope, sql`e.created_at`)} as day,
               coalesce(nullif(e.reference->>'vendorCode', ''), nullif(a.vendor_code, ''), ${unknown}) as vendor,
               coalesce(nullif(e.reference->>'gameCategory', ''), ${unknown}) as category,
               coalesce(sum(case when e.type in ('bet', 'bet_release') then -p.amount else 0 end), 0)::text as bets,
               coalesce(sum(case when e.type = 'payout' then p.amount else 0 end), 0)::text as wins
          ${memberPostingsFrom(scope, ['bet', 'bet_release', 'payout'])}
         group by 1, 2, 3`,
  );
  return rows.map((row) => ({
    day: String(row.day),
    vendorCode: String(row.vendor),
    category: String(row.category),
    bets: big(row.bets),
    wins: big(row.wins),
  }));
}

/**
 * Active members per day (each day its own period) and over the whole range (each member once),
 * by the one rule the contract tiers and the agent overview use (modules/agent/active-members.repository):
 * from the agent reports' rollup of closed rounds by close day once it is built (decision 015),
 * else from the merchant's closed rounds.
 */
export async function activeMembers(
  db: Db,
  scope: Scope,
  days: { from: string; to: string },
  rule: ActiveRule,
): Promise<{ days: Map<string, number>; total: number }> {
  const activity = {
    merchantId: scope.merchantId,
    timeZone: scope.timeZone,
    start: scope.start,
    end: scope.end,
  };
  const rollup = (await rolledUpTo(db)) !== null;
  const active = (byDay: boolean) =>
    rollup
      ? activeMembersOfClosesSql(
          rollupClosesSql({ ...scope, ...days }, { byDay }),
          activity,
          rule,
          { byDay },
        )
      : activeMembersSql(activity, rule, { byDay });
  const [perDay, total] = await Promise.all([
    queryRows(db, sql`select day, count(*)::int as count from (${active(true)}) x group by day`),
    queryRows(db, sql`select count(*)::int as count from (${active(false)}) x`),
  ]);
  return {
    days: new Map(perDay.map((row) => [String(row.day), Number(row.count)])),
    total: Number(total[0]?.count ?? 0),
  };
}

/** The agent commission entry types, as the reports name their cost lines. */
export const COMMISSION_TYPES = {
  agent_dividend: 'dividend',
  agent_daily_salary: 'dailySalary',
  agent_hourly_salary: 'hourlySalary',
  agent_realtime_salary: 'realtimeSalary',
} as const;
export type CommissionKind = (typeof COMMISSION_TYPES)[keyof typeof COMMISSION_TYPES];

/**
 * Agent commission paid per day and kind: what the settlement entries credited to agents' own
 * accounts (the ledger's postings on member accounts, as every other money figure here).
 */
export async function commissions(
  db: Db,
  scope: Scope,
): Promise<{ day: string; kind: CommissionKind; amount: bigint }[]> {
  const rows = await queryRows(
    db,
    sql`select ${dayOf(scope, sql`e.created_at`)} as day, e.type, coalesce(sum(p.amount), 0)::text as amount
          ${memberPostingsFrom(scope, Object.keys(COMMISSION_TYPES))}
         group by 1, 2`,
  );
  return rows.map((row) => ({
    day: String(row.day),
    kind: COMMISSION_TYPES[String(row.type) as keyof typeof COMMISSION_TYPES],
    amount: big(row.amount),
  }));
}

/** Players over the whole range per vendor and category (each member once). */
export async function gamePlayers(
  db: Db,
  scope: Scope,
  unknown: string,
): Promise<Map<string, number>> {
  const rows = await queryRows(
    db,
    sql`select coalesce(nullif(e.reference->>'vendorCode', ''), nullif(a.vendor_code, ''), ${unknown}) as vendor,
               coalesce(nullif(e.reference->>'gameCategory', ''), ${unknown}) as category,
               count(distinct a.member_id)::int as players
          ${memberPostingsFrom(scope, ['bet'])}
         group by 1, 2`,
  );
  return new Map(
    rows.map((row) => [`${String(row.vendor)}|${String(row.category)}`, Number(row.players)]),
  );
}
