/**
 * Agent contracts (SPEC.md sections 3 and 4, decision 014). Amounts are bigint minor units
 * (centavos), rates integer basis points (1 bp = 0.01 %, 10,000 bp = 100 %).
 */

/** SPEC section 3: the four contracts an upline offers a direct downline agent. */
export const CONTRACT_TYPES = [
  'dividend',
  'daily_salary',
  'hourly_salary',
  'realtime_salary',
] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

/** SPEC section 3 pay periods: D daily, W weekly (Monday to Sunday), H semi-monthly, M monthly. */
export const PAY_PERIODS = ['D', 'W', 'H', 'M'] as const;
export type PayPeriod = (typeof PAY_PERIODS)[number];

/** Every settlement period: the pay periods, a clock hour (HR) and a 5-minute real-time slot (RT). */
export type PeriodKind = PayPeriod | 'HR' | 'RT';

/** The settlement period of each contract type (a dividend's comes from the contract). */
export function periodKindOf(
  contract: Pick<Contract, 'type'> & { period?: PayPeriod },
): PeriodKind {
  switch (contract.type) {
    case 'dividend':
      return contract.period ?? 'W';
    case 'daily_salary':
      return 'D';
    case 'hourly_salary':
      return 'HR';
    case 'realtime_salary':
      return 'RT';
  }
}

export const MAX_RATE_BP = 10_000;

// ---------------------------------------------------------------------------------------------
// Merchant settings: the tier tables the operator configures (thresholds and maximum rates).

/** Dividend tier: period valid bet >= minValidBet, active members >= minActiveMembers, NGR >= minNgr. */
export interface DividendTier {
  minValidBet: bigint;
  minActiveMembers: number;
  minNgr: bigint;
  maxRateBp: number;
}

/** Daily salary tier: the day's valid bet >= minValidBet and active members >= minActiveMembers. */
export interface DailySalaryTier {
  minValidBet: bigint;
  minActiveMembers: number;
  maxRateBp: number;
}

/** Hourly salary tier: the hour's valid bet >= minValidBet. */
export interface HourlySalaryTier {
  minValidBet: bigint;
  maxRateBp: number;
}

/** Real-time salary tier: a single settled bet with stake >= minSingleBet. */
export interface RealtimeSalaryTier {
  minSingleBet: bigint;
  maxProfitRateBp: number;
  maxLossRateBp: number;
}

/** Per merchant (`agent_contract_settings`): who counts as active, and the four tier tables. */
export interface ContractSettings {
  /** A member is active in a period with at least this much valid bet (default PHP 500.00). */
  activeMinValidBet: bigint;
  /** And, when set, one deposit of at least this much in the period (default off). */
  activeMinDeposit: bigint | null;
  /** Pay periods the operator allows for dividends. */
  dividendPeriods: readonly PayPeriod[];
  dividendTiers: readonly DividendTier[];
  dailySalaryTiers: readonly DailySalaryTier[];
  hourlySalaryTiers: readonly HourlySalaryTier[];
  realtimeSalaryTiers: readonly RealtimeSalaryTier[];
}

// ---------------------------------------------------------------------------------------------
// Contracts. Rates are tier by tier, aligned with the merchant's tier table of that type.

export type ContractStatus = 'offered' | 'active' | 'rejected' | 'terminated';

/** Rates of one tier of a real-time salary contract. */
export interface RealtimeRates {
  profitRateBp: number;
  lossRateBp: number;
}

interface ContractBase {
  id: string;
  /** The agent that holds (receives) the contract. */
  agentId: string;
  /** Who offered it: the direct upline agent, or null when the operator did (top-level agent). */
  offeredById: string | null;
  status: ContractStatus;
  createdAt: Date;
  /** When the downline accepted it; null while offered. */
  acceptedAt: Date | null;
  /** When it was rejected or terminated; null while in force. */
  endedAt: Date | null;
  /**
   * Differential shortfall (minor units, at most 0): a negative differential earning that later
   * earnings of this contract pay back first (decision 014, "Shortfall").
   */
  shortfall: bigint;
}

export interface DividendContract extends ContractBase {
  type: 'dividend';
  period: PayPeriod;
  /** Rate per merchant dividend tier (period valid bet, period profit and loss, active members). */
  ratesBp: readonly number[];
  /** Negative NGR carried to the next period (minor units, at most 0). */
  carry: bigint;
}

export interface DailySalaryContract extends ContractBase {
  type: 'daily_salary';
  /** Rate per merchant daily tier (daily bet amount, active members). */
  ratesBp: readonly number[];
}

export interface HourlySalaryContract extends ContractBase {
  type: 'hourly_salary';
  /** Rate per merchant hourly tier (bet amount per hour). */
  ratesBp: readonly number[];
}

export interface RealtimeSalaryContract extends ContractBase {
  type: 'realtime_salary';
  /** Profit and loss rate per merchant real-time tier (single bet amount). */
  rates: readonly RealtimeRates[];
}

export type Contract =
  DividendContract | DailySalaryContract | HourlySalaryContract | RealtimeSalaryContract;

/** The terms of an offer (what the upline proposes), without the state of a contract. */
export type ContractTerms =
  | { type: 'dividend'; period: PayPeriod; ratesBp: readonly number[] }
  | { type: 'daily_salary'; ratesBp: readonly number[] }
  | { type: 'hourly_salary'; ratesBp: readonly number[] }
  | { type: 'realtime_salary'; rates: readonly RealtimeRates[] };

// ---------------------------------------------------------------------------------------------
// The team tree and the period's figures.

/** One account of the tree snapshot (`members.upline_id`, decision 011). */
export interface TreeNode {
  id: string;
  uplineId: string | null;
  isAgent: boolean;
}

/** Period figures of one member's own play (minor units). */
export interface MemberFigures {
  /** Stakes of the rounds settled in the period, less rolled-back stakes. */
  validBet: bigint;
  /** Stakes minus wins of those rounds: what the house kept (negative when the member won). */
  ggr: bigint;
  /** Bonuses granted to the member in the period. */
  bonuses: bigint;
  /** Rebates paid to the member in the period. */
  rebates: bigint;
  /** Sum of the member's deposits in the period. */
  deposits: bigint;
  /** The member's largest single deposit in the period (the active rule counts one deposit). */
  largestDeposit: bigint;
  /**
   * Whether the member was active in the period, when the caller already decided it (in SQL);
   * otherwise `isActiveMember` decides from the figures and the merchant's settings.
   */
  active?: boolean;
}

/** One settled bet, for real-time salary. `payout` is what the member got back (stake included). */
export interface SettledBet {
  id: string;
  memberId: string;
  stake: bigint;
  payout: bigint;
}
