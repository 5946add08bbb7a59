import {
  bpToPercent,
  percentToBp,
  type AdminContract,
  type AdminContractSettings,
  type ContractKind,
} from '@app/shared';

/** The tier table of each contract type in the settings, and the fields of its rows. */
export const TIER_TABLES = {
  dividend: {
    key: 'dividendTiers',
    fields: ['minValidBet', 'minActiveMembers', 'minNgr', 'maxRateBp'],
  },
  daily_salary: {
    key: 'dailySalaryTiers',
    fields: ['minValidBet', 'minActiveMembers', 'maxRateBp'],
  },
  hourly_salary: { key: 'hourlySalaryTiers', fields: ['minValidBet', 'maxRateBp'] },
  realtime_salary: {
    key: 'realtimeSalaryTiers',
    fields: ['minSingleBet', 'maxProfitRateBp', 'maxLossRateBp'],
  },
} as const satisfies Record<ContractKind, { key: keyof AdminContractSettings; fields: string[] }>;

export type TierRow = Record<string, string | number>;

/** A basis-point field (rates) rather than an amount or a count. */
export const isRateField = (field: string) => field.endsWith('Bp');
/** A member count field. */
export const isCountField = (field: string) => field === 'minActiveMembers';

/** The rates of a contract as the list shows them: "0.30 / 0.50 / 0.80 %". */
export function ratesText(contract: Pick<AdminContract, 'ratesBp' | 'rates'>): string {
  if (contract.ratesBp) return `${contract.ratesBp.map(bpToPercent).join(' / ')} %`;
  return `${(contract.rates ?? [])
    .map((r) => `${bpToPercent(r.profitRateBp)}+${bpToPercent(r.lossRateBp)}`)
    .join(' / ')} %`;
}

/**
 * The offer's rates from the form's percent texts, one per tier (real-time: profit and loss per
 * tier); null when one is not a percent with at most two decimals.
 */
export function offerRates(
  type: ContractKind,
  texts: string[],
  lossTexts: string[],
): Pick<AdminContract, 'ratesBp' | 'rates'> | null {
  const rates = texts.map(percentToBp);
  if (rates.some((bp) => bp === null)) return null;
  if (type !== 'realtime_salary') return { ratesBp: rates as number[], rates: null };
  const losses = lossTexts.map(percentToBp);
  if (losses.length !== rates.length || losses.some((bp) => bp === null)) return null;
  return {
    ratesBp: null,
    rates: rates.map((bp, i) => ({ profitRateBp: bp!, lossRateBp: losses[i]! })),
  };
}
