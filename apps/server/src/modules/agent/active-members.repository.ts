import type { ContractSettings } from '@app/agents';
import { DEFAULT_TIME_ZONE, formatAmount, type ActiveMemberRule } from '@app/shared';
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
 * credited with `coalesce(decided_at, updated_at)` in the period. The rule is applied in one
 * place (`isActiveSql`) to figures of either source: the rounds themselves (`activeMembersSql`)
 * or the agent reports' rollup of closed rounds by close day (decision 015: the operator reports
 * through `activeMembersOfClosesSql`, the team overview on its per-member sums), which equals the
 * rounds to the centavo for periods of whole report days.
 */

export type ActiveRule = Pick<ContractSettings, 'activeMinValidBet' | 'activeMinDeposit'>;

/** The merchant's active-member rule as the screens state it. */
export function activeRuleOf(rule: ActiveRule): ActiveMemberRule {
  return {
    minValidBet: formatAmount(rule.activeMinValidBet),
    minDeposit: rule.activeMinDeposit === null ? null : formatAmount(rule.activeMinDeposit),
  };
}

export type ActivityScope = {
  merchantId: number;
  /** The merchant's time zone (decision 024): the days `byDay` counts in; Asia/Manila if unset. */
  timeZone?: string | undefined;
  /** [start, end) instants. */
  start: Date;
  end: Date;
  /** A subquery answering one column of member ids: only these members (a team). */
  members?: SQL;
};

/** A closed round `r` counts towards the rule: closed (its valid bets are final). */
export const COUNTS_CLOSED = (round: SQL) => sql`${round}.closed`;

/** The valid bets of a closed round `r` by the rule: stakes less returned stakes. */
export const CLOSED_VALID_BET = (round: SQL) => sql`(${round}.bet_total - ${round}.refund_total)`;

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The report day of a timestamptz in the scope's time zone, yyyy-MM-dd. */
function reportDay(scope: ActivityScope, column: SQL): SQL {
  return sql`to_char(${column} at time zone ${scope.timeZone ?? DEFAULT_TIME_ZONE}::text, 'YYYY-MM-DD')`;
}

const only = (scope: ActivityScope, column: SQL) =>
  scope.members ? sql`and ${column} in (${scope.members})` : sql``;

/**
 * Deposits matter when the rule asks for one, or when no valid bet is asked for (then a member
 * with a deposit and no closed round is active too); otherwise an active member has valid bets,
 * hence closed rounds, and deposits change nothing.
 */
const needsDeposits = (rule: ActiveRule) =>
  rule.activeMinDeposit !== null || rule.activeMinValidBet <= 0n;

/** A member's figures over the period, as SQL expressions (sums over its rows). */
export type MemberActivity = {
  /** Its closed rounds. */
  closedCount: SQL;
  /** Their valid bets. */
  validBet: SQL;
  /** Its approved deposits. */
  depositCount: SQL;
  /** The largest of them. */
  largestDeposit: SQL;
};

/**
 * The rule itself, on one member's figures of the period: it takes part with a closed round or a
 * deposit, its valid bets reach `activeMinValidBet` and, when set, a deposit `activeMinDeposit`.
 */
export function isActiveSql(f: MemberActivity, rule: ActiveRule): SQL {
  const deposit =
    rule.activeMinDeposit === null
      ? sql``
      : sql`and ${f.largestDeposit} >= ${rule.activeMinDeposit.toString()}::bigint`;
  return sql`((${f.closedCount} > 0 or ${f.depositCount} > 0)
    and ${f.validBet} >= ${rule.activeMinValidBet.toString()}::bigint ${deposit})`;
}

/**
 * The deposits of the scope's period the rule reads, one row each (`day`,) `member_id`, `amount`;
 * null when the rule needs none.
 */
function depositsSql(scope: ActivityScope, rule: ActiveRule, byDay: boolean): SQL | null {
  if (!needsDeposits(rule)) return null;
  const depositAt = sql`coalesce(d.decided_at, d.updated_at)`;
  return sql`select ${byDay ? sql`${reportDay(scope, depositAt)} as day,` : sql``} d.member_id, d.amount
      from deposits d
     where d.merchant_id = ${scope.merchantId} and d.status in ('approved', 'credited')
       and ${depositAt} >= ${ts(scope.start)} and ${depositAt} < ${ts(scope.end)}
       ${only(scope, sql`d.member_id`)}`;
}

/**
 * The deposit figures per member of the period the rule reads (`member_id`, `deposit_count`,
 * `largest_deposit`), for figures already summed per member; null when the rule needs none.
 */
export function memberDepositsSql(scope: ActivityScope, rule: ActiveRule): SQL | null {
  const deposits = depositsSql(scope, rule, false);
  return deposits
    ? sql`select member_id, count(*) as deposit_count, max(amount) as largest_deposit
            from (${deposits}) d group by member_id`
    : null;
}

/**
 * The members active in the scope by the rule, from closed-round figures read elsewhere (the
 * agent reports' rollup by close day, `rollupClosesSql` in modules/agent-reports): `closes`
 * answers rows (`day` yyyy-MM-dd when `byDay`,) `member_id`, `closed_count`, `valid_bet` whose
 * sums per member (and day) are that member's closed rounds and their valid bets in the scope's
 * period (some rows may be negative). The period's deposits are added when the rule needs them.
 * One row per active member (and day).
 */
export function activeMembersOfClosesSql(
  closes: SQL,
  scope: ActivityScope,
  rule: ActiveRule,
  options: { byDay?: boolean | undefined } = {},
): SQL {
  const groupDay = options.byDay ? sql`day,` : sql``;
  const deposits = depositsSql(scope, rule, options.byDay ?? false);
  return sql`select ${groupDay} member_id from (
      select ${groupDay} member_id, closed_count::bigint as closed_count,
             valid_bet::bigint as valid_bet, 0::bigint as deposit_count,
             0::bigint as largest_deposit
        from (${closes}) f
      ${deposits ? sql`union all select ${groupDay} member_id, 0, 0, 1, amount from (${deposits}) d` : sql``}
    ) figures
    group by ${groupDay} member_id
    having ${isActiveSql(
      {
        closedCount: sql`sum_bigint(closed_count)`,
        validBet: sql`sum_bigint(valid_bet)`,
        depositCount: sql`sum_bigint(deposit_count)`,
        largestDeposit: sql`max(largest_deposit)`,
      },
      rule,
    )}`;
}

/**
 * The members active in the scope, read from `game_rounds`, one row each (`member_id`, and `day`
 * when `byDay`: then a member is counted per day of the merchant's time zone on that day's own figures, each day
 * being its own period).
 */
export function activeMembersSql(
  scope: ActivityScope,
  rule: ActiveRule,
  options: { byDay?: boolean } = {},
): SQL {
  const r = sql`r`;
  const closes = sql`select ${options.byDay ? sql`${reportDay(scope, sql`r.updated_at`)} as day,` : sql``}
         r.member_id, 1 as closed_count, ${CLOSED_VALID_BET(r)} as valid_bet
    from game_rounds r
   where r.merchant_id = ${scope.merchantId} and ${COUNTS_CLOSED(r)}
     and r.updated_at >= ${ts(scope.start)} and r.updated_at < ${ts(scope.end)}
     ${only(scope, sql`r.member_id`)}`;
  return activeMembersOfClosesSql(closes, scope, rule, options);
}
