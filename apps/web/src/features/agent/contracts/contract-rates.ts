import type { ContractKind, ContractTier, ContractView } from '@app/shared';
// The sub-path, not the package root: this module is in the start-up bundle (the router's agent
// pages), and a value import from the root brings zod and every schema into it.
import { bpToPercent, MAX_RATE_BP } from '@app/shared/rates';

/** The tier fields that hold the merchant's thresholds, in the order they are shown. */
export const THRESHOLD_FIELDS = [
  'periodValidBet',
  'periodProfitAndLoss',
  'dailyBetAmount',
  'betAmountPerHour',
  'singleBetAmount',
  'activeMembers',
] as const satisfies readonly (keyof ContractTier)[];
export type ThresholdField = (typeof THRESHOLD_FIELDS)[number];

/** The thresholds a tier sets, e.g. `[['dailyBetAmount', '1000.00'], ['activeMembers', '5']]`. */
export function tierThresholds(tier: ContractTier): [ThresholdField, string][] {
  return THRESHOLD_FIELDS.flatMap((field): [ThresholdField, string][] => {
    const value = tier[field];
    return value === undefined ? [] : [[field, String(value)]];
  });
}

/** Real-time salary has a profit and a loss rate per tier; the other types one rate. */
export function isRealtime(type: ContractKind): boolean {
  return type === 'realtime_salary';
}

/** One tier's rates of a contract as percent texts: `['1.50']` or `['1.50', '0.75']` (real time). */
export function contractTierRates(contract: ContractView, tier: number): string[] {
  if (contract.rates) {
    const rate = contract.rates[tier];
    return rate ? [bpToPercent(rate.profitRateBp), bpToPercent(rate.lossRateBp)] : [];
  }
  const bp = contract.ratesBp?.[tier];
  return bp === undefined ? [] : [bpToPercent(bp)];
}

/** The most a tier may be offered: the merchant's maximum, lowered to the offerer's own rate. */
export function tierMaxBp(
  tier: ContractTier,
  own: ContractView | null | undefined,
  index: number,
  component: 'rate' | 'profit' | 'loss',
): number {
  const merchant =
    (component === 'rate'
      ? tier.rateBp
      : component === 'profit'
        ? tier.profitRateBp
        : tier.lossRateBp) ?? MAX_RATE_BP;
  if (!own) return merchant;
  const ownBp =
    component === 'rate'
      ? own.ratesBp?.[index]
      : component === 'profit'
        ? own.rates?.[index]?.profitRateBp
        : own.rates?.[index]?.lossRateBp;
  return ownBp === undefined ? merchant : Math.min(merchant, ownBp);
}

/** The consolidated contract info's entry name of each type (SPEC section 3). */
export const CONSOLIDATED_KEY = {
  dividend: 'divtypereq',
  daily_salary: 'dailysalreqtype',
  hourly_salary: 'contracthoursalreq',
  realtime_salary: 'realtimesalreqtype',
} as const satisfies Record<ContractKind, string>;
