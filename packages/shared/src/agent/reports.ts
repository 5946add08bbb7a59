import { z } from 'zod';
import { ActiveMemberRule } from '../operator/reports.js';
import { RowIdParam } from '../validation.js';
import { Amount } from '../wallet/wallet.js';
import {
  addDays,
  checkRange,
  dayNumber,
  PageFields,
  RangeFields,
  RecordCategory,
  recordsToday,
  RecordType,
} from '../wallet/records.js';

/**
 * The agent centre's reports (SPEC section 2, issue 8): agentTeamOverview, personalHistoryCopy
 * (team betting), palStatementsAgentCopy (user loss), agentDownlineTransactionDetailsCopy and
 * agentRevenueReport (my income). SPEC section 7 names no paths for them; they live under
 * /wps/agent/report/ next to /wps/agent/affiliate. Every report reads only the caller's own team:
 * the accounts below them in the agent tree at any depth (decision 011), never the agent.
 *
 * Dates: calendar days in Asia/Manila as the member records; a `preset` names a period relative
 * to today (weeks start on Monday), `from`/`to` an explicit range (at most 90 days); without
 * either the report covers today. A preset wins over `from`/`to`.
 */

export const REPORT_PRESETS = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
] as const;
export const ReportPreset = z.enum(REPORT_PRESETS);
export type ReportPreset = z.infer<typeof ReportPreset>;

/** The days (both included) of a preset, from today in Asia/Manila. */
export function presetRange(
  preset: ReportPreset,
  today: string = recordsToday(),
): { from: string; to: string } {
  const n = dayNumber(today);
  if (n === null) throw new Error(`not a day: ${today}`);
  // 1970-01-01 was a Thursday: Monday is 0.
  const weekday = (((n + 3) % 7) + 7) % 7;
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'thisWeek':
      return { from: addDays(today, -weekday), to: today };
    case 'lastWeek':
      return { from: addDays(today, -weekday - 7), to: addDays(today, -weekday - 1) };
    case 'thisMonth':
      return { from: monthStart, to: today };
    case 'lastMonth': {
      const to = addDays(monthStart, -1);
      return { from: `${to.slice(0, 8)}01`, to };
    }
  }
}

/**
 * A member filter: the downline account's username or id. One outside the caller's team (or
 * unknown) answers an empty report, the same as a member with nothing in the range.
 */
const MemberFilter = {
  account: z.string().trim().toLowerCase().min(1).max(32).optional(),
  memberId: RowIdParam.optional(),
};

const PeriodFields = { preset: ReportPreset.optional(), ...RangeFields };

/** A paged report's query: its own filters, then the period (a preset or checked dates), a page. */
function pagedReportQuery<Filters extends z.ZodRawShape>(filters: Filters) {
  // The value has from and to (PeriodFields); TypeScript cannot see it through the generic shape.
  return z
    .object({ ...filters, ...PeriodFields, ...PageFields })
    .superRefine((value, ctx) => checkRange(value as Parameters<typeof checkRange>[0], ctx));
}

const Period = {
  from: z.string(),
  to: z.string(),
  currency: z.string().length(3),
  currencySymbol: z.string(),
};

/** The play figures of a team (the overview) or of one member (a user loss row). */
const LossFigures = {
  betCount: z.number().int(),
  /** Stakes less rolled-back stakes, every round. */
  bets: Amount,
  /** Stakes of settled rounds only (open and cancelled rounds do not count). */
  validBets: Amount,
  payout: Amount,
  /** The members' profit: payout - bets (negative when they lost). */
  profit: Amount,
  /** Bonuses credited within the range. */
  bonus: Amount,
};

/** GET /wps/agent/report/overview */
export const TeamOverviewQuery = z.object(PeriodFields).superRefine(checkRange);
export type TeamOverviewQuery = z.infer<typeof TeamOverviewQuery>;

export const TeamOverview = z.object({
  ...Period,
  /** Accounts in the team now (any depth, sub-agents included). */
  members: z.number().int(),
  /** Of them, directly below the agent. */
  directMembers: z.number().int(),
  /** Team accounts registered within the range. */
  newMembers: z.number().int(),
  /**
   * Team accounts active within the range by the contract rule (the same count as the contract
   * tiers and the back office): valid bets of rounds closed in the range of at least
   * `activeRule.minValidBet`, and one deposit of at least `activeRule.minDeposit` when set.
   */
  activeMembers: z.number().int(),
  activeRule: ActiveMemberRule,
  /** Credited deposits within the range: how many, how much. */
  depositCount: z.number().int(),
  deposits: Amount,
  /** Paid withdrawals within the range. */
  withdrawalCount: z.number().int(),
  withdrawals: Amount,
  ...LossFigures,
});
export type TeamOverview = z.infer<typeof TeamOverview>;

/** GET /wps/agent/report/bets (team betting) */
export const TeamBetQuery = pagedReportQuery({
  ...MemberFilter,
  /** A game category (SLOTS, LIVE, FISH, ...). */
  category: z.string().trim().min(1).max(16).optional(),
});
export type TeamBetQuery = z.infer<typeof TeamBetQuery>;

export const TeamBet = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  account: z.string(),
  roundId: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  gameCategory: z.string(),
  bet: Amount,
  win: Amount,
  profit: Amount,
  status: z.enum(['open', 'settled', 'cancelled']),
  time: z.string(),
});
export type TeamBet = z.infer<typeof TeamBet>;

export const TeamBetPage = z.object({
  ...Period,
  items: z.array(TeamBet),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  totalBet: Amount,
  totalWin: Amount,
  totalProfit: Amount,
});
export type TeamBetPage = z.infer<typeof TeamBetPage>;

/** GET /wps/agent/report/loss (user loss statement: one row per team member who played) */
export const UserLossQuery = pagedReportQuery(MemberFilter);
export type UserLossQuery = z.infer<typeof UserLossQuery>;

export const UserLossLine = z.object({
  memberId: z.number().int(),
  account: z.string(),
  /** 1: directly below the agent. */
  depth: z.number().int(),
  ...LossFigures,
});
export type UserLossLine = z.infer<typeof UserLossLine>;

export const UserLossPage = z.object({
  ...Period,
  items: z.array(UserLossLine),
  page: z.number().int(),
  size: z.number().int(),
  /** Members with a round or a bonus in the range. */
  total: z.number().int(),
  totals: z.object(LossFigures),
});
export type UserLossPage = z.infer<typeof UserLossPage>;

/** GET /wps/agent/report/transactions (downline transaction details) */
export const TeamTransactionQuery = pagedReportQuery({
  ...MemberFilter,
  category: RecordCategory.optional(),
});
export type TeamTransactionQuery = z.infer<typeof TeamTransactionQuery>;

export const TeamTransaction = z.object({
  /** The ledger posting's id. */
  id: z.number().int(),
  memberId: z.number().int(),
  account: z.string(),
  time: z.string(),
  type: RecordType,
  amount: Amount,
  /** `main`, a vendor code or `commission`. */
  wallet: z.string(),
  balanceAfter: Amount,
});
export type TeamTransaction = z.infer<typeof TeamTransaction>;

export const TeamTransactionPage = z.object({
  ...Period,
  items: z.array(TeamTransaction),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  totalIn: Amount,
  totalOut: Amount,
});
export type TeamTransactionPage = z.infer<typeof TeamTransactionPage>;

/**
 * The ledger entry types that pay an agent for their contracts (decision 014; the settlement
 * jobs post them to the agent's own accounts). "My income" lists these.
 */
export const AGENT_INCOME_TYPES = [
  'agent_dividend',
  'agent_daily_salary',
  'agent_hourly_salary',
  'agent_realtime_salary',
] as const;
export const AgentIncomeType = z.enum(AGENT_INCOME_TYPES);
export type AgentIncomeType = z.infer<typeof AgentIncomeType>;

/** GET /wps/agent/report/income (my income) */
export const AgentIncomeQuery = pagedReportQuery({ type: AgentIncomeType.optional() });
export type AgentIncomeQuery = z.infer<typeof AgentIncomeQuery>;

export const AgentIncome = z.object({
  id: z.number().int(),
  time: z.string(),
  type: AgentIncomeType,
  amount: Amount,
  wallet: z.string(),
  /** What the settlement said it paid for (period, contract...), as posted. */
  reference: z.record(z.string(), z.unknown()).nullable(),
});
export type AgentIncome = z.infer<typeof AgentIncome>;

export const AgentIncomePage = z.object({
  ...Period,
  items: z.array(AgentIncome),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  totalAmount: Amount,
  /** Sum per income type over the range (every type listed, zero when none). */
  byType: z.array(z.object({ type: AgentIncomeType, amount: Amount })),
});
export type AgentIncomePage = z.infer<typeof AgentIncomePage>;
