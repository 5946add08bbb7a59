import { PAY_PERIODS, settingsProblems, type ContractSettings, type PayPeriod } from '@app/agents';
import type { Db } from '../../db/client.js';
import { contractSettingsRow, upsertContractSettings } from './contracts.repository.js';

/**
 * The contract settings of a merchant without an `agent_contract_settings` row: decision 014's
 * worked examples (tiers with their maximum rates), every dividend period, active members from
 * PHP 500.00 of valid bets, no deposit rule.
 */
export const DEFAULT_CONTRACT_SETTINGS: ContractSettings = {
  activeMinValidBet: 50_000n,
  activeMinDeposit: null,
  dividendPeriods: ['D', 'W', 'H', 'M'],
  dividendTiers: [
    { minValidBet: 10_000_000n, minActiveMembers: 5, minNgr: 0n, maxRateBp: 2_000 },
    { minValidBet: 50_000_000n, minActiveMembers: 15, minNgr: 0n, maxRateBp: 3_000 },
    { minValidBet: 200_000_000n, minActiveMembers: 40, minNgr: 0n, maxRateBp: 4_000 },
  ],
  dailySalaryTiers: [
    { minValidBet: 5_000_000n, minActiveMembers: 3, maxRateBp: 30 },
    { minValidBet: 20_000_000n, minActiveMembers: 10, maxRateBp: 50 },
    { minValidBet: 100_000_000n, minActiveMembers: 25, maxRateBp: 80 },
  ],
  hourlySalaryTiers: [
    { minValidBet: 1_000_000n, maxRateBp: 20 },
    { minValidBet: 5_000_000n, maxRateBp: 30 },
  ],
  realtimeSalaryTiers: [{ minSingleBet: 10_000n, maxProfitRateBp: 10, maxLossRateBp: 20 }],
};

const BIGINT_FIELDS = new Set([
  'activeMinValidBet',
  'activeMinDeposit',
  'minValidBet',
  'minNgr',
  'minSingleBet',
]);

/** Settings as stored in jsonb: bigints as decimal strings of minor units. */
export function settingsToJson(settings: ContractSettings): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(settings, (_key, value) =>
      typeof value === 'bigint' ? value.toString() : (value as unknown),
    ),
  ) as Record<string, unknown>;
}

/** The stored jsonb back into settings; null when it is not valid (the defaults apply then). */
export function settingsFromJson(json: unknown): ContractSettings | null {
  try {
    const parsed = JSON.parse(JSON.stringify(json), (key, value: unknown) =>
      BIGINT_FIELDS.has(key) && typeof value === 'string' ? BigInt(value) : value,
    ) as ContractSettings;
    const periods = parsed.dividendPeriods as PayPeriod[];
    if (!Array.isArray(periods) || !periods.every((p) => PAY_PERIODS.includes(p))) return null;
    for (const list of [
      parsed.dividendTiers,
      parsed.dailySalaryTiers,
      parsed.hourlySalaryTiers,
      parsed.realtimeSalaryTiers,
    ]) {
      if (!Array.isArray(list)) return null;
    }
    return settingsProblems(parsed).length === 0 ? parsed : null;
  } catch {
    return null;
  }
}

/** The merchant's contract settings: its stored row, else the defaults. */
export async function loadContractSettings(db: Db, merchantId: number): Promise<ContractSettings> {
  const stored = await contractSettingsRow(db, merchantId);
  return (stored === undefined ? null : settingsFromJson(stored)) ?? DEFAULT_CONTRACT_SETTINGS;
}

/** Stores the merchant's settings (operator action; the caller audits it). */
export async function saveContractSettings(
  db: Db,
  merchantId: number,
  settings: ContractSettings,
): Promise<void> {
  await upsertContractSettings(db, merchantId, settingsToJson(settings));
}
