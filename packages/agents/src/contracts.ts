import type { Period } from './period.js';
import { rateAt } from './tiers.js';
import type { Contract, ContractSettings } from './types.js';

/**
 * Whether a contract is settled for `period` (decision 014): it was accepted before the period
 * ended and, for a daily, hourly or 5-minute period, had not ended before it began (a contract
 * that ended during a day is settled for that day); for a W, H or M dividend it was still in
 * force at the period's end (leaving mid-period forfeits the period).
 */
export function contractInForce(contract: Contract, period: Period): boolean {
  if (
    contract.acceptedAt === null ||
    contract.status === 'offered' ||
    contract.status === 'rejected'
  ) {
    return false;
  }
  const accepted = contract.acceptedAt.getTime();
  const ended = contract.endedAt?.getTime() ?? Number.POSITIVE_INFINITY;
  if (accepted >= period.end.getTime()) return false;
  const wholePeriodOnly = period.kind === 'W' || period.kind === 'H' || period.kind === 'M';
  return wholePeriodOnly ? ended >= period.end.getTime() : ended > period.start.getTime();
}

/** One tier of a contract as SPEC section 3 names its fields (thresholds are the merchant's). */
export type ContractTierView =
  | { periodValidBet: bigint; periodProfitAndLoss: bigint; activeMembers: number; rateBp: number }
  | { dailyBetAmount: bigint; activeMembers: number; rateBp: number }
  | { betAmountPerHour: bigint; rateBp: number }
  | { singleBetAmount: bigint; profitRateBp: number; lossRateBp: number };

/** The contract's tiers with the merchant's thresholds, for the contract pages and popups. */
export function contractTiers(contract: Contract, settings: ContractSettings): ContractTierView[] {
  switch (contract.type) {
    case 'dividend':
      return settings.dividendTiers.map((t, i) => ({
        periodValidBet: t.minValidBet,
        periodProfitAndLoss: t.minNgr,
        activeMembers: t.minActiveMembers,
        rateBp: rateAt(contract.ratesBp, i) ?? 0,
      }));
    case 'daily_salary':
      return settings.dailySalaryTiers.map((t, i) => ({
        dailyBetAmount: t.minValidBet,
        activeMembers: t.minActiveMembers,
        rateBp: rateAt(contract.ratesBp, i) ?? 0,
      }));
    case 'hourly_salary':
      return settings.hourlySalaryTiers.map((t, i) => ({
        betAmountPerHour: t.minValidBet,
        rateBp: rateAt(contract.ratesBp, i) ?? 0,
      }));
    case 'realtime_salary':
      return settings.realtimeSalaryTiers.map((t, i) => {
        const r = rateAt(contract.rates, i);
        return {
          singleBetAmount: t.minSingleBet,
          profitRateBp: r?.profitRateBp ?? 0,
          lossRateBp: r?.lossRateBp ?? 0,
        };
      });
  }
}
