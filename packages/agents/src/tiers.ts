import type {
  ContractSettings,
  DailySalaryTier,
  DividendTier,
  HourlySalaryTier,
  MemberFigures,
  RealtimeSalaryTier,
} from './types.js';

/**
 * Active member (decision 014): at least `activeMinValidBet` of valid bets in the period and, when
 * the operator sets `activeMinDeposit`, one deposit of at least that much.
 */
export function isActiveMember(
  figures: MemberFigures,
  settings: Pick<ContractSettings, 'activeMinValidBet' | 'activeMinDeposit'>,
): boolean {
  if (figures.active !== undefined) return figures.active;
  if (figures.validBet < settings.activeMinValidBet) return false;
  return settings.activeMinDeposit === null || figures.largestDeposit >= settings.activeMinDeposit;
}

/** A team's figures as the tier thresholds read them. */
export interface TierFigures {
  validBet: bigint;
  activeMembers: number;
  ngr: bigint;
}

/** The highest tier (0-based index) whose every threshold is met, or null when none is. */
function highest<T>(tiers: readonly T[], met: (tier: T) => boolean): number | null {
  for (let i = tiers.length - 1; i >= 0; i--) if (met(tiers[i]!)) return i;
  return null;
}

export function dividendTier(tiers: readonly DividendTier[], f: TierFigures): number | null {
  return highest(
    tiers,
    (t) =>
      f.validBet >= t.minValidBet && f.activeMembers >= t.minActiveMembers && f.ngr >= t.minNgr,
  );
}

export function dailySalaryTier(tiers: readonly DailySalaryTier[], f: TierFigures): number | null {
  return highest(
    tiers,
    (t) => f.validBet >= t.minValidBet && f.activeMembers >= t.minActiveMembers,
  );
}

export function hourlySalaryTier(
  tiers: readonly HourlySalaryTier[],
  f: TierFigures,
): number | null {
  return highest(tiers, (t) => f.validBet >= t.minValidBet);
}

/** The real-time tier of one bet: the highest whose single bet amount the stake reaches. */
export function realtimeSalaryTier(
  tiers: readonly RealtimeSalaryTier[],
  stake: bigint,
): number | null {
  return highest(tiers, (t) => stake >= t.minSingleBet);
}

/**
 * The rate a contract pays at `tier`. A contract made before the operator added a tier above it
 * has fewer rates than the table: it pays its last (highest) rate there (decision 014).
 */
export function rateAt<T>(rates: readonly T[], tier: number): T | undefined {
  if (rates.length === 0) return undefined;
  return rates[Math.min(tier, rates.length - 1)];
}

const isRate = (bp: number): boolean => Number.isInteger(bp) && bp >= 0 && bp <= 10_000;

/**
 * Problems in a merchant's settings, as field paths (empty when valid): rates are integer basis
 * points 0..10,000, thresholds non-negative, and each tier asks and pays at least as much as the one
 * below (so "the highest tier met" is also the best one).
 */
export function settingsProblems(s: ContractSettings): string[] {
  const problems: string[] = [];
  if (s.activeMinValidBet < 0n) problems.push('activeMinValidBet');
  if (s.activeMinDeposit !== null && s.activeMinDeposit <= 0n) problems.push('activeMinDeposit');
  if (s.dividendPeriods.length === 0) problems.push('dividendPeriods');
  const check = <T>(
    name: string,
    tiers: readonly T[],
    rates: (t: T) => number[],
    thresholds: (t: T) => (bigint | number)[],
  ) => {
    tiers.forEach((tier, i) => {
      if (!rates(tier).every(isRate)) problems.push(`${name}.${i}.rate`);
      const own = thresholds(tier);
      if (own.some((v) => v < 0 || (typeof v === 'number' && !Number.isInteger(v)))) {
        problems.push(`${name}.${i}.threshold`);
      }
      if (i > 0) {
        const below = thresholds(tiers[i - 1]!);
        const belowRates = rates(tiers[i - 1]!);
        if (own.some((v, k) => v < below[k]!) || rates(tier).some((r, k) => r < belowRates[k]!)) {
          problems.push(`${name}.${i}.order`);
        }
      }
    });
  };
  check(
    'dividendTiers',
    s.dividendTiers,
    (t) => [t.maxRateBp],
    (t) => [t.minValidBet, t.minActiveMembers, t.minNgr],
  );
  check(
    'dailySalaryTiers',
    s.dailySalaryTiers,
    (t) => [t.maxRateBp],
    (t) => [t.minValidBet, t.minActiveMembers],
  );
  check(
    'hourlySalaryTiers',
    s.hourlySalaryTiers,
    (t) => [t.maxRateBp],
    (t) => [t.minValidBet],
  );
  check(
    'realtimeSalaryTiers',
    s.realtimeSalaryTiers,
    (t) => [t.maxProfitRateBp, t.maxLossRateBp],
    (t) => [t.minSingleBet],
  );
  return problems;
}
