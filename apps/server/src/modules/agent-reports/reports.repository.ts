import { DEFAULT_TIME_ZONE, recordsToday } from '@app/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows, queryRowsWithWorkMem, type Row } from '../../db/rows.js';
import {
  activeMembersSql,
  isActiveSql,
  memberDepositsSql,
  type ActiveRule,
  type ActivityScope,
} from '../agent/index.js';
import { accountPostingsFrom, teamPostingsFrom } from '../ledger/index.js';
import { spanPlan, type SpanPlan } from './report-spans.js';
import { rollupPartsSql } from './rollup-figures.repository.js';
import { rolledUpTo, SETTLED } from './rollup.repository.js';

/**
 * The agent centre's reports in SQL. Every query starts from `team`: the caller's rows of the
 * closure table `member_tree` (ancestor = the agent, depth >= 1, decision 011), read from the
 * index member_tree_ancestor_depth; each fact table is then probed per team member through its
 * (member_id, created_at) index (a covering index on game_rounds would make every round update
 * of the vendor wallet a non-HOT update, so it was left out). The overview and the user loss
 * read the rounds' figures from the rollup once it is built (decision 015, `played`). A member
 * filter narrows `team` itself, so an account outside the team can never appear, whatever the
 * filter names.
 */

export type TeamScope = {
  merchantId: number;
  agentId: number;
  currency: string;
  /** The merchant's time zone (decision 024): the report days are its days; Asia/Manila if unset. */
  timeZone?: string | undefined;
  /** [start, end) instants: the start of day `from` and of the day after `to`. */
  start: Date;
  end: Date;
  /** The report days, yyyy-MM-dd. */
  from: string;
  to: string;
  /** Only this team member (already checked to be in the team). */
  memberId?: number | undefined;
};

/**
 * The caller's team. No merchant test: the ancestor is the caller, and a tree never crosses
 * merchants (decision 011); so the (ancestor_id, depth, descendant_id) index answers it alone.
 */
function team(scope: TeamScope): SQL {
  return sql`team as not materialized (
    select t.descendant_id as id, t.depth
      from member_tree t
     where t.ancestor_id = ${scope.agentId} and t.depth >= 1
       ${scope.memberId === undefined ? sql`` : sql`and t.descendant_id = ${scope.memberId}`})`;
}

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

function inRange(column: SQL, scope: TeamScope): SQL {
  return sql`${column} >= ${ts(scope.start)} and ${column} < ${ts(scope.end)}`;
}

const STATUS = sql`case
  when r.bet_count > 0 and r.rollback_count >= r.bet_count then 'cancelled'
  when r.closed or r.win_count > 0 then 'settled'
  else 'open' end`;

const big = (value: unknown) => BigInt((value as string | null | undefined) ?? '0');
const int = (value: unknown) => Number(value ?? 0);

/** The members of the agent's team (any depth) with `id`: the one allowed filter target. */
export async function teamMemberId(
  db: Db,
  scope: Pick<TeamScope, 'merchantId' | 'agentId'>,
  filter: { memberId?: number | undefined; account?: string | undefined },
): Promise<number | undefined> {
  const [row] = await queryRows(
    db,
    sql`select t.descendant_id as id
          from member_tree t
          join members m on m.id = t.descendant_id
         where t.ancestor_id = ${scope.agentId} and t.merchant_id = ${scope.merchantId}
           and t.depth >= 1 and m.merchant_id = ${scope.merchantId}
           ${filter.memberId === undefined ? sql`` : sql`and t.descendant_id = ${filter.memberId}`}
           ${filter.account === undefined ? sql`` : sql`and m.username = ${filter.account}`}
         limit 1`,
  );
  return row ? Number(row.id) : undefined;
}

/** Whether the rollup has been built (the reports read it from then on). */
export async function rollupReady(db: Db): Promise<boolean> {
  return (await rolledUpTo(db)) !== null;
}

/** The rollup rows a report over the scope's days reads; null before the rollup's first build. */
const planOf = (scope: TeamScope, rollup: boolean): SpanPlan | null =>
  rollup
    ? spanPlan(scope.from, scope.to, recordsToday(new Date(), scope.timeZone ?? DEFAULT_TIME_ZONE))
    : null;

/**
 * `parts`: rows `member_id, currency, bet_count, bets, valid_bets, payout` whose sums per team
 * member (of the scope's currency) are that member's rounds created in the range. Without the
 * rollup, one row per round (one index probe per team member into `game_rounds`); with it, the
 * rollup's rows and the live correction (`rollupPartsSql`), which also carry the closed rounds'
 * figures the active-member rule reads (`closed_count`, `closed_valid_bets`).
 */
function partsSql(scope: TeamScope, plan: SpanPlan | null): SQL {
  if (!plan) {
    return sql`parts as not materialized (
      select r.member_id, r.currency, 1 as bet_count, r.bet_total - r.refund_total as bets,
             case when ${SETTLED} then r.bet_total - r.refund_total else 0 end as valid_bets,
             r.win_total as payout
        from team join game_rounds r on r.member_id = team.id
       where ${betWhere(scope, {})})`;
  }
  return rollupPartsSql({ ...scope, members: sql`team` }, plan);
}

/** `played`: per team member with a round in the range, the sums of `parts`. */
function playedSql(scope: TeamScope, rollup: boolean): SQL {
  return sql`${partsSql(scope, planOf(scope, rollup))},
    played as (
      select member_id, sum(bet_count) as bet_count, sum_bigint(bets) as bets,
             sum_bigint(valid_bets) as valid_bets, sum_bigint(payout) as payout
        from parts
       where currency = ${scope.currency} and bet_count <> 0
       group by member_id
      having sum(bet_count) > 0)`;
}

/** The memory the overview's per-member sums may take (see rollupRoundsSql). */
const REPORT_WORK_MEM = '32MB';

export type OverviewFigures = {
  members: number;
  directMembers: number;
  newMembers: number;
  activeMembers: number;
  depositCount: number;
  deposits: bigint;
  withdrawalCount: number;
  withdrawals: bigint;
  betCount: number;
  bets: bigint;
  validBets: bigint;
  payout: bigint;
  bonus: bigint;
};

/**
 * `rounds` without the rollup: the sums of `parts` (one row per round) and the active members by
 * the rule over the team's rounds.
 */
function roundsOfRoundsSql(scope: TeamScope, activity: ActivityScope, rule: ActiveRule): SQL {
  return sql`rounds as (
      select coalesce(sum(bet_count), 0) as bet_count, coalesce(sum_bigint(bets), 0) as bets,
             coalesce(sum_bigint(valid_bets), 0) as valid_bets,
             coalesce(sum_bigint(payout), 0) as payout,
             (select count(*) from (${activeMembersSql(activity, rule)}) act) as active
        from parts)`;
}

/**
 * `rounds` from the rollup, in one pass over `parts`: each team member's sums (`per`: the
 * created-day figures of the report's currency and the closed-round figures of every currency),
 * then their totals and the active members by the rule on each member's closed rounds (with their
 * deposits when the rule needs them). A hash of 100,000 members with six sums needs about 14 MB:
 * the overview runs with REPORT_WORK_MEM, so it never spills to disk.
 */
function rollupRoundsSql(scope: TeamScope, activity: ActivityScope, rule: ActiveRule): SQL {
  const deposits = memberDepositsSql(activity, rule);
  const active = isActiveSql(
    {
      closedCount: sql`coalesce(p.closed_count, 0)`,
      validBet: sql`coalesce(p.valid_bet, 0)`,
      depositCount: deposits ? sql`coalesce(dp.deposit_count, 0)` : sql`0`,
      largestDeposit: deposits ? sql`coalesce(dp.largest_deposit, 0)` : sql`0`,
    },
    rule,
  );
  const ofCurrency = sql`filter (where currency = ${scope.currency})`;
  return sql`per as (
      select member_id, sum(bet_count) ${ofCurrency} as bet_count,
             sum_bigint(bets) ${ofCurrency} as bets,
             sum_bigint(valid_bets) ${ofCurrency} as valid_bets,
             sum_bigint(payout) ${ofCurrency} as payout,
             sum(closed_count) as closed_count, sum_bigint(closed_valid_bets) as valid_bet
        from parts
       group by member_id),
    rounds as (
      select coalesce(sum(p.bet_count), 0) as bet_count, coalesce(sum_bigint(p.bets), 0) as bets,
             coalesce(sum_bigint(p.valid_bets), 0) as valid_bets,
             coalesce(sum_bigint(p.payout), 0) as payout,
             count(*) filter (where ${active}) as active
        from per p
        ${deposits ? sql`full join (${deposits}) dp on dp.member_id = p.member_id` : sql``})`;
}

/**
 * The team's figures, in two statements the pool runs side by side (each is exact on its own;
 * the rounds' one, the larger, reads the rollup and its watermark in one snapshot): the tree,
 * deposits, withdrawals and bonuses; and the rounds' figures with the active members. Active
 * members follow the one rule of the contract tiers and the operator reports
 * (modules/agent/active-members.repository: valid bets of rounds closed in the range, and the deposit rule
 * when set): from the rollup's closed figures in the same `parts` as the other figures once it is
 * built, else from the team's rounds; deposits of the team's members when the rule needs them.
 */
export async function overview(
  db: Db,
  scope: TeamScope,
  rollup: boolean,
  rule: ActiveRule,
): Promise<OverviewFigures> {
  const [[people], [rounds]] = await Promise.all([
    queryRows(db, peopleSql(scope)),
    queryRowsWithWorkMem(db, roundFiguresSql(scope, rollup, rule), REPORT_WORK_MEM),
  ]);
  return {
    members: int(people?.members),
    directMembers: int(people?.direct_members),
    newMembers: int(people?.new_members),
    activeMembers: int(rounds?.active),
    depositCount: int(people?.deposit_count),
    deposits: big(people?.deposits),
    withdrawalCount: int(people?.withdrawal_count),
    withdrawals: big(people?.withdrawals),
    betCount: int(rounds?.bet_count),
    bets: big(rounds?.bets),
    validBets: big(rounds?.valid_bets),
    payout: big(rounds?.payout),
    bonus: big(people?.bonus),
  };
}

/** The overview's team counts, deposits, withdrawals and bonuses. */
function peopleSql(scope: TeamScope): SQL {
  return sql`with ${team(scope)},
      tree as (
        select count(*) as members,
               count(*) filter (where team.depth = 1) as direct_members,
               count(*) filter (where ${inRange(sql`m.created_at`, scope)}) as new_members
          from team join members m on m.id = team.id),
      dep as (
        select count(*) as n, coalesce(sum(d.amount), 0) as amount
          from team join deposits d on d.member_id = team.id
         where ${inRange(sql`d.created_at`, scope)} and d.status = 'credited'
           and d.currency = ${scope.currency}),
      wd as (
        select count(*) as n, coalesce(sum(w.amount), 0) as amount
          from team join withdrawals w on w.member_id = team.id
         where ${inRange(sql`w.created_at`, scope)} and w.status = 'paid'
           and w.currency = ${scope.currency}),
      bon as (${bonusSql(scope)})
      select tree.members::int as members, tree.direct_members::int as direct_members,
             tree.new_members::int as new_members,
             dep.n::int as deposit_count, dep.amount::text as deposits,
             wd.n::int as withdrawal_count, wd.amount::text as withdrawals,
             (select coalesce(sum(bonus), 0) from bon)::text as bonus
        from tree, dep, wd`;
}

/** The overview's round figures and active members. */
function roundFiguresSql(scope: TeamScope, rollup: boolean, rule: ActiveRule): SQL {
  const plan = planOf(scope, rollup);
  const activity = {
    merchantId: scope.merchantId,
    start: scope.start,
    end: scope.end,
    members: sql`select id from team`,
  };
  return sql`with ${team(scope)},
      ${partsSql(scope, plan)},
      ${plan ? rollupRoundsSql(scope, activity, rule) : roundsOfRoundsSql(scope, activity, rule)}
      select rounds.active::int as active, rounds.bet_count::int as bet_count,
             rounds.bets::text as bets, rounds.valid_bets::text as valid_bets,
             rounds.payout::text as payout
        from rounds`;
}

/** Bonuses credited to team members' own accounts in the range, per member. */
function bonusSql(scope: TeamScope): SQL {
  return sql`select e.member_id as member_id, sum(p.amount) as bonus
      ${teamPostingsFrom(sql`team`, scope, { types: ['bonus'], recordView: false })}
     group by e.member_id`;
}

export type BetFilter = { category?: string | undefined };

function betWhere(scope: TeamScope, filter: BetFilter): SQL {
  return sql`${inRange(sql`r.created_at`, scope)} and r.merchant_id = ${scope.merchantId}
    and r.currency = ${scope.currency}
    ${filter.category ? sql`and r.game_category = ${filter.category}` : sql``}`;
}

export async function betRows(
  db: Db,
  scope: TeamScope,
  filter: BetFilter,
  page: { limit: number; offset: number },
): Promise<Row[]> {
  return queryRows(
    db,
    sql`with ${team(scope)}
      select r.id::int as id, r.member_id as member_id, m.username as account,
             r.round_id, r.vendor_code, r.game_code, r.game_category,
             (r.bet_total - r.refund_total)::text as stake, r.win_total::text as win,
             ${STATUS} as status, r.created_at
        from team
        join game_rounds r on r.member_id = team.id
        join members m on m.id = r.member_id
       where ${betWhere(scope, filter)}
       order by r.created_at desc, r.id desc
       limit ${page.limit} offset ${page.offset}`,
  );
}

export async function betTotals(
  db: Db,
  scope: TeamScope,
  filter: BetFilter,
): Promise<{ count: number; stake: bigint; win: bigint }> {
  const [row] = await queryRows(
    db,
    sql`with ${team(scope)}
      select count(*)::int as count,
             coalesce(sum(r.bet_total - r.refund_total), 0)::text as stake,
             coalesce(sum(r.win_total), 0)::text as win
        from team join game_rounds r on r.member_id = team.id
       where ${betWhere(scope, filter)}`,
  );
  return { count: int(row?.count), stake: big(row?.stake), win: big(row?.win) };
}

export type LossFigures = {
  betCount: number;
  bets: bigint;
  validBets: bigint;
  payout: bigint;
  bonus: bigint;
};

/**
 * Per team member with a round or a bonus in the range: bets, valid bets, payouts and bonuses,
 * largest member loss (payout - bets) first; with the totals over all of them.
 */
function lossCte(scope: TeamScope, rollup: boolean): SQL {
  return sql`with ${team(scope)},
    ${playedSql(scope, rollup)},
    bon as (${bonusSql(scope)}),
    lines as (
      select coalesce(played.member_id, bon.member_id) as member_id,
             coalesce(played.bet_count, 0) as bet_count, coalesce(played.bets, 0) as bets,
             coalesce(played.valid_bets, 0) as valid_bets, coalesce(played.payout, 0) as payout,
             coalesce(bon.bonus, 0) as bonus
        from played full join bon on bon.member_id = played.member_id)`;
}

export async function lossRows(
  db: Db,
  scope: TeamScope,
  rollup: boolean,
  page: { limit: number; offset: number },
): Promise<Row[]> {
  return queryRows(
    db,
    sql`${lossCte(scope, rollup)},
      paged as (
        -- The totals over every line ride along each row of the page (windows run before limit).
        select lines.*, count(*) over () as all_members, sum(bet_count) over () as all_bet_count,
               sum_bigint(bets) over () as all_bets,
               sum_bigint(valid_bets) over () as all_valid_bets,
               sum_bigint(payout) over () as all_payout, sum(bonus) over () as all_bonus
          from lines
         order by (payout - bets) asc, member_id asc
         limit ${page.limit} offset ${page.offset})
      select l.all_members::int as all_members, l.all_bet_count::int as all_bet_count,
             l.all_bets::text as all_bets, l.all_valid_bets::text as all_valid_bets,
             l.all_payout::text as all_payout, l.all_bonus::text as all_bonus,
             l.member_id as member_id, m.username as account,
             (select t.depth from member_tree t
               where t.ancestor_id = ${scope.agentId} and t.descendant_id = l.member_id) as depth,
             l.bet_count::int as bet_count, l.bets::text as bets, l.valid_bets::text as valid_bets,
             l.payout::text as payout, l.bonus::text as bonus
        from paged l
        join members m on m.id = l.member_id
       order by (l.payout - l.bets) asc, l.member_id asc`,
  );
}

export async function lossTotals(
  db: Db,
  scope: TeamScope,
  rollup: boolean,
): Promise<LossFigures & { members: number }> {
  const [row] = await queryRows(
    db,
    sql`${lossCte(scope, rollup)}
      select count(*)::int as members, coalesce(sum(bet_count), 0)::int as bet_count,
             coalesce(sum(bets), 0)::text as bets, coalesce(sum(valid_bets), 0)::text as valid_bets,
             coalesce(sum(payout), 0)::text as payout, coalesce(sum(bonus), 0)::text as bonus
        from lines`,
  );
  return {
    members: int(row?.members),
    betCount: int(row?.bet_count),
    bets: big(row?.bets),
    validBets: big(row?.valid_bets),
    payout: big(row?.payout),
    bonus: big(row?.bonus),
  };
}

export async function transactionRows(
  db: Db,
  scope: TeamScope,
  types: readonly string[] | null,
  page: { limit: number; offset: number },
): Promise<Row[]> {
  return queryRows(
    db,
    sql`with ${team(scope)}
      select p.id::int as id, e.member_id as member_id,
             (select m.username from members m where m.id = e.member_id) as account,
             e.created_at, e.type, p.amount::text as amount, p.balance_after::text as balance_after,
             a.kind as account_kind, a.vendor_code
        ${teamPostingsFrom(sql`team`, scope, { types, recordView: true })}
       order by e.created_at desc, p.id desc
       limit ${page.limit} offset ${page.offset}`,
  );
}

export async function transactionTotals(
  db: Db,
  scope: TeamScope,
  types: readonly string[] | null,
): Promise<{ count: number; totalIn: bigint; totalOut: bigint }> {
  const [row] = await queryRows(
    db,
    sql`with ${team(scope)}
      select count(*)::int as count,
             coalesce(sum(case when p.amount > 0 then p.amount else 0 end), 0)::text as total_in,
             coalesce(sum(case when p.amount < 0 then p.amount else 0 end), 0)::text as total_out
        ${teamPostingsFrom(sql`team`, scope, { types, recordView: true })}`,
  );
  return { count: int(row?.count), totalIn: big(row?.total_in), totalOut: big(row?.total_out) };
}

export type IncomeScope = Omit<TeamScope, 'memberId'>;

export async function incomeRows(
  db: Db,
  scope: IncomeScope,
  types: readonly string[],
  page: { limit: number; offset: number },
): Promise<Row[]> {
  return queryRows(
    db,
    sql`select p.id::int as id, e.created_at, e.type, p.amount::text as amount,
               a.kind as account_kind, a.vendor_code, e.reference
        ${accountPostingsFrom(scope, scope.agentId, types)}
       order by e.created_at desc, p.id desc
       limit ${page.limit} offset ${page.offset}`,
  );
}

export async function incomeTotals(
  db: Db,
  scope: IncomeScope,
  types: readonly string[],
): Promise<{ count: number; byType: Map<string, bigint> }> {
  const found = await queryRows(
    db,
    sql`select e.type, count(*)::int as count, coalesce(sum(p.amount), 0)::text as amount
        ${accountPostingsFrom(scope, scope.agentId, types)}
       group by e.type`,
  );
  return {
    count: found.reduce((sum, row) => sum + int(row.count), 0),
    byType: new Map(found.map((row) => [String(row.type), big(row.amount)])),
  };
}
