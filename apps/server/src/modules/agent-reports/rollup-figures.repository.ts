import { DEFAULT_TIME_ZONE, recordsToday } from '@app/shared';
import { sql, type SQL } from 'drizzle-orm';
import { CLOSED_VALID_BET, COUNTS_CLOSED } from '../agent/index.js';
import { timeZoneLiteral } from '../merchant/index.js';
import { spanPlan, type SpanPlan } from './report-spans.js';
import { closeDay, dayStart, ROUND_FIGURES, roundDay } from './rollup.repository.js';

/**
 * What the rollup (decision 015) publishes to the reports: `parts`, rows whose sums are exact
 * figures of a range of report days, read from the rollup plus a live correction for what vendor
 * transactions after its watermark changed, all in one statement (one snapshot: the rollup's
 * rows and its watermark come from the same committed pass).
 */

export type RollupScope = {
  merchantId: number;
  /** The report currency: the created-day figures are of this currency. */
  currency: string;
  /** The merchant's time zone (decision 024): the report days are its days; Asia/Manila if unset. */
  timeZone?: string | undefined;
  /** The report days, yyyy-MM-dd, and their [start, end) instants. */
  from: string;
  to: string;
  start: Date;
  end: Date;
  /** A relation with column `id` (a CTE of the statement): only these members; all when unset. */
  members?: SQL | undefined;
};

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Rows of `table` aliased `alias` whose member is in scope (joined to the members' relation). */
function ofScope(scope: RollupScope, table: SQL, alias: string): SQL {
  const d = sql.raw(alias);
  return scope.members
    ? sql`${scope.members} join ${table} ${d} on ${d}.member_id = ${scope.members}.id`
    : sql`${table} ${d}`;
}

/**
 * `touched` (the member, currency and created day of every round a vendor transaction after the
 * watermark changed, of the members in scope) and `parts`: rows `member_id, currency, bet_count,
 * bets, valid_bets, payout, closed_count, closed_valid_bets` (and `day` when `byDay`).
 *
 * Summed per member: `bet_count` .. `payout` where `currency` is the scope's are the figures of
 * the member's rounds **created** in the range (that currency); `closed_count` and
 * `closed_valid_bets` (every currency, as the active-member rule counts them) those of its
 * rounds **closed** in the range (decision 014). Summed per member and `day`, the same per day:
 * then the plan must hold day rows only, each day its own period.
 *
 * From the rollup: the member-months, -weeks and -days of `plan` (one index range each,
 * agent_report_days_covering: the table is never visited), less the day rows after the range
 * that a month or week of the plan covers. Live: for every touched member-day, its created-day
 * figures now (when it lies in the range) less the rollup's day row, and the valid bets of its
 * closed rounds by the day they closed now (when in the range) less the rollup's pairs of that
 * member-day (agent_report_closes): a round whose close moved, or whose valid bets a rollback
 * changed, leaves its old close day and reaches its new one.
 */
export function rollupPartsSql(
  scope: RollupScope,
  plan: SpanPlan,
  options: { byDay?: boolean } = {},
): SQL {
  const day = (column: SQL) =>
    options.byDay ? sql`, to_char(${column}, 'YYYY-MM-DD') as day` : sql``;
  const inDays = (column: SQL) =>
    sql`${column} >= ${scope.from}::date and ${column} <= ${scope.to}::date`;
  const blocks = sql.join(
    plan.blocks.map(
      (block) => sql`select member_id, merchant_id, currency, day, bet_count, bets, valid_bets,
               payout, closed_count, closed_valid_bets
          from agent_report_days
         where span = ${block.span} and day >= ${block.first}::date and day <= ${block.last}::date`,
    ),
    sql` union all `,
  );
  const excess = plan.excess
    ? sql`union all
      select d.member_id, d.currency, -d.bet_count, -d.bets, -d.valid_bets, -d.payout,
             -d.closed_count, -d.closed_valid_bets ${day(sql`d.day`)}
        from ${ofScope(scope, sql`agent_report_days`, 'd')}
       where d.span = 'D' and d.day >= ${plan.excess.first}::date
         and d.day <= ${plan.excess.last}::date and d.merchant_id = ${scope.merchantId}`
    : sql``;
  const r = sql`r`;
  const zone = timeZoneLiteral(scope.timeZone ?? DEFAULT_TIME_ZONE);
  const rounds = sql`game_rounds r on r.member_id = k.member_id and r.currency = k.currency
                          and r.created_at >= ${dayStart(sql`k.day`, zone)}
                          and r.created_at < ${dayStart(sql`k.day + 1`, zone)}`;
  const created = sql`k.currency = ${scope.currency} and ${inDays(sql`k.day`)}`;
  return sql`touched as materialized (
      select distinct r.member_id, r.currency, ${roundDay(r, zone)} as day
        from game_transactions t join game_rounds r on r.id = t.round_pk
       where t.id > (select transaction_id from agent_report_rollup_state where id = 1)
         and r.merchant_id = ${scope.merchantId}
         ${scope.members ? sql`and r.member_id in (select id from ${scope.members})` : sql``}),
    parts as not materialized (
      select d.member_id, d.currency, d.bet_count, d.bets, d.valid_bets, d.payout,
             d.closed_count, d.closed_valid_bets ${day(sql`d.day`)}
        from ${ofScope(scope, sql`(${blocks})`, 'd')}
       where d.merchant_id = ${scope.merchantId}
      ${excess}
      union all
      select k.member_id, k.currency, -d.bet_count, -d.bets, -d.valid_bets, -d.payout, 0, 0
             ${day(sql`k.day`)}
        from touched k
        join agent_report_days d on d.member_id = k.member_id and d.span = 'D' and d.day = k.day
                                and d.currency = k.currency
       where ${created}
      union all
      select k.member_id, k.currency, ${ROUND_FIGURES}, 0, 0 ${day(sql`k.day`)}
        from touched k join ${rounds}
       where ${created}
       group by k.member_id, k.currency, k.day
      union all
      select k.member_id, k.currency, 0, 0, 0, 0, -c.closed_count, -c.valid_bets
             ${day(sql`c.closed_day`)}
        from touched k
        join agent_report_closes c on c.member_id = k.member_id and c.day = k.day
                                  and c.currency = k.currency
       where ${inDays(sql`c.closed_day`)}
      union all
      select k.member_id, k.currency, 0, 0, 0, 0, count(*)::int,
             sum_bigint(${CLOSED_VALID_BET(r)}) ${day(closeDay(r, zone))}
        from touched k join ${rounds}
       where ${COUNTS_CLOSED(r)} and r.updated_at >= ${ts(scope.start)}
         and r.updated_at < ${ts(scope.end)}
       group by k.member_id, k.currency, k.day ${options.byDay ? sql`, ${closeDay(r, zone)}` : sql``})`;
}

/**
 * The closed-round figures of the scope's range from the rollup alone, one subquery for
 * activeMembersOfClosesSql (scope without `members`: the merchant's members). By day, each day
 * of the range its own period (its day rows).
 */
export function rollupClosesSql(scope: RollupScope, options: { byDay?: boolean } = {}): SQL {
  const plan: SpanPlan = options.byDay
    ? { blocks: [{ span: 'D', first: scope.from, last: scope.to }], excess: null }
    : spanPlan(scope.from, scope.to, recordsToday(new Date(), scope.timeZone ?? DEFAULT_TIME_ZONE));
  return sql`with ${rollupPartsSql(scope, plan, options)}
    select ${options.byDay ? sql`day,` : sql``} member_id, closed_count,
           closed_valid_bets as valid_bet
      from parts where closed_count <> 0`;
}
