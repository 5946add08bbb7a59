import type { ContractSettings } from '@app/agents';
import { sql, type SQL } from 'drizzle-orm';

/**
 * "Active member", one definition for the whole back office (decision 014, "Active members"):
 * the contract tiers (`isActiveMember` in packages/agents, fed by the settlement's member
 * figures), the operator reports and dashboard, and the agent centre's team overview all count
 * the same members.
 *
 * A member is active in a period when
 * - its valid bets in the period, the stakes less returned stakes of its rounds closed in the
 *   period (the SPEC's "valid bet"), reach the merchant's `activeMinValidBet`, and
 * - when the merchant sets `activeMinDeposit`, one deposit approved in the period reaches it.
 *
 * The figures are read exactly as the settlement reads them (settlement.repository
 * `memberFigures`): `game_rounds` closed with `updated_at` in the period, `deposits` approved or
 * credited with `coalesce(decided_at, updated_at)` in the period.
 */

export type ActiveRule = Pick<ContractSettings, 'activeMinValidBet' | 'activeMinDeposit'>;

export type ActivityScope = {
  merchantId: number;
  /** [start, end) instants. */
  start: Date;
  end: Date;
  /** A subquery answering one column of member ids: only these members (a team). */
  members?: SQL;
};

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Asia/Manila report day (UTC+8, no daylight saving) of a timestamptz, yyyy-MM-dd. */
function manilaDay(column: SQL): SQL {
  return sql`to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
}

/**
 * The members active in the scope, one row each (`member_id`, and `day` when `byDay`: then a
 * member is counted per Asia/Manila day on that day's own figures, each day being its own period).
 */
export function activeMembersSql(
  scope: ActivityScope,
  rule: ActiveRule,
  options: { byDay?: boolean } = {},
): SQL {
  const only = (column: SQL) => (scope.members ? sql`and ${column} in (${scope.members})` : sql``);
  const roundDay = options.byDay ? sql`${manilaDay(sql`r.updated_at`)} as day,` : sql``;
  const depositAt = sql`coalesce(d.decided_at, d.updated_at)`;
  const depositDay = options.byDay ? sql`${manilaDay(depositAt)} as day,` : sql``;
  const groupDay = options.byDay ? sql`day,` : sql``;
  const depositRule =
    rule.activeMinDeposit === null
      ? sql``
      : sql`and max(largest_deposit) >= ${rule.activeMinDeposit.toString()}::bigint`;
  return sql`select ${groupDay} member_id from (
      select ${roundDay} r.member_id, (r.bet_total - r.refund_total) as valid_bet,
             0::bigint as largest_deposit
        from game_rounds r
       where r.merchant_id = ${scope.merchantId} and r.closed
         and r.updated_at >= ${ts(scope.start)} and r.updated_at < ${ts(scope.end)}
         ${only(sql`r.member_id`)}
      union all
      select ${depositDay} d.member_id, 0::bigint, d.amount
        from deposits d
       where d.merchant_id = ${scope.merchantId} and d.status in ('approved', 'credited')
         and ${depositAt} >= ${ts(scope.start)} and ${depositAt} < ${ts(scope.end)}
         ${only(sql`d.member_id`)}
    ) figures
    group by ${groupDay} member_id
    having sum(valid_bet) >= ${rule.activeMinValidBet.toString()}::numeric ${depositRule}`;
}
