import {
  bpToPercent,
  percentToBp,
  type AdminContract,
  type AdminContractSettings,
  type ContractKind,
  type ContractOfferRequest,
  type ContractPayPeriod,
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

type TierKey = (typeof TIER_TABLES)[ContractKind]['key'];

/** The settings form's values: every tier field as typed (rates as percents). */
export type SettingsDraft = Omit<AdminContractSettings, TierKey> &
  Record<TierKey, Record<string, string>[]>;

const TIER_KEYS = Object.values(TIER_TABLES).map((table) => table.key);

export function settingsDraftOf(settings: AdminContractSettings): SettingsDraft {
  const rows = (key: TierKey) =>
    (settings[key] as TierRow[]).map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([field, value]) => [
          field,
          isRateField(field) ? bpToPercent(Number(value)) : String(value),
        ]),
      ),
    );
  const { activeMinValidBet, activeMinDeposit, dividendPeriods } = settings;
  const tiers = Object.fromEntries(TIER_KEYS.map((key) => [key, rows(key)]));
  return {
    activeMinValidBet,
    activeMinDeposit,
    dividendPeriods,
    ...(tiers as Record<TierKey, Record<string, string>[]>),
  };
}

/**
 * The PUT body of the settings form. A rate that is not a percent or a count that is not a whole
 * number is NaN, which AdminContractSettings refuses on its field.
 */
export function settingsRequestOf(draft: SettingsDraft): AdminContractSettings {
  const value = (field: string, text: string) =>
    isRateField(field)
      ? (percentToBp(text) ?? Number.NaN)
      : isCountField(field)
        ? /^\d+$/.test(text.trim())
          ? Number(text.trim())
          : Number.NaN
        : text.trim();
  const rows = (key: TierKey) =>
    draft[key].map((row) =>
      Object.fromEntries(Object.entries(row).map(([field, text]) => [field, value(field, text)])),
    );
  // The rows' shapes are TIER_TABLES'; the schema checks them.
  const tiers = Object.fromEntries(TIER_KEYS.map((key) => [key, rows(key)]));
  return {
    activeMinValidBet: draft.activeMinValidBet.trim(),
    activeMinDeposit: draft.activeMinDeposit,
    dividendPeriods: draft.dividendPeriods,
    ...(tiers as Pick<AdminContractSettings, TierKey>),
  };
}

/** The rates of a contract as the list shows them: "0.30 / 0.50 / 0.80 %". */
export function ratesText(contract: Pick<AdminContract, 'ratesBp' | 'rates'>): string {
  if (contract.ratesBp) return `${contract.ratesBp.map(bpToPercent).join(' / ')} %`;
  return `${(contract.rates ?? [])
    .map((r) => `${bpToPercent(r.profitRateBp)}+${bpToPercent(r.lossRateBp)}`)
    .join(' / ')} %`;
}

/** The offer form's values: rates as typed percents, one per tier (real-time: and a loss rate). */
export type OfferDraft = {
  username: string;
  type: ContractKind;
  period: ContractPayPeriod;
  rates: string[];
  losses: string[];
};

/**
 * The offer's request from the form, one rate per tier of the merchant's table. A rate that is
 * not a percent with at most two decimals is NaN, which ContractOfferRequest refuses.
 */
export function offerRequestOf(draft: OfferDraft, tierCount: number): ContractOfferRequest {
  const bp = (texts: string[]) =>
    Array.from({ length: tierCount }, (_, i) => percentToBp(texts[i] ?? '') ?? Number.NaN);
  const rates = bp(draft.rates);
  const losses = bp(draft.losses);
  return {
    username: draft.username.trim(),
    type: draft.type,
    ...(draft.type === 'dividend' ? { period: draft.period } : {}),
    ...(draft.type === 'realtime_salary'
      ? { rates: rates.map((profitRateBp, i) => ({ profitRateBp, lossRateBp: losses[i]! })) }
      : { ratesBp: rates }),
  };
}

/** One tier of a contract as the list reads it: the merchant's thresholds and the contract's rate. */
export type TierTerm = {
  tier: number;
  /** Valid bet (or, real-time, single bet) from, as an API amount. */
  minBet: string;
  minActiveMembers: number | null;
  minNgr: string | null;
  /** Basis points: the rate, or real-time's profit and loss rates. */
  rateBp: number | null;
  profitRateBp: number | null;
  lossRateBp: number | null;
};

/**
 * The tiers of a contract with the merchant's current thresholds (decision 014): a contract made
 * before the operator added a tier pays its last rate on the new ones ("Tables that grow").
 */
export function tierTerms(
  contract: Pick<AdminContract, 'type' | 'ratesBp' | 'rates'>,
  settings: AdminContractSettings,
): TierTerm[] {
  const pick = <T>(list: readonly T[] | null, i: number): T | null =>
    list && list.length > 0 ? list[Math.min(i, list.length - 1)]! : null;
  switch (contract.type) {
    case 'realtime_salary':
      return settings.realtimeSalaryTiers.map((t, i) => ({
        tier: i + 1,
        minBet: t.minSingleBet,
        minActiveMembers: null,
        minNgr: null,
        rateBp: null,
        profitRateBp: pick(contract.rates, i)?.profitRateBp ?? null,
        lossRateBp: pick(contract.rates, i)?.lossRateBp ?? null,
      }));
    case 'hourly_salary':
      return settings.hourlySalaryTiers.map((t, i) => ({
        tier: i + 1,
        minBet: t.minValidBet,
        minActiveMembers: null,
        minNgr: null,
        rateBp: pick(contract.ratesBp, i),
        profitRateBp: null,
        lossRateBp: null,
      }));
    case 'daily_salary':
      return settings.dailySalaryTiers.map((t, i) => ({
        tier: i + 1,
        minBet: t.minValidBet,
        minActiveMembers: t.minActiveMembers,
        minNgr: null,
        rateBp: pick(contract.ratesBp, i),
        profitRateBp: null,
        lossRateBp: null,
      }));
    case 'dividend':
      return settings.dividendTiers.map((t, i) => ({
        tier: i + 1,
        minBet: t.minValidBet,
        minActiveMembers: t.minActiveMembers,
        minNgr: t.minNgr,
        rateBp: pick(contract.ratesBp, i),
        profitRateBp: null,
        lossRateBp: null,
      }));
  }
}
