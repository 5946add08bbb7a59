import type { Db } from '../../db/client.js';
import type { moneySettings } from '../../db/schema/index.js';
import { findMoneySettings } from './wallet.repository.js';

/** The operator's limits on withdrawals and member transfers (amounts in minor units). */
export type MoneySettings = Omit<typeof moneySettings.$inferSelect, 'merchantId' | 'updatedAt'>;

/** What a merchant without its own row uses. */
export const DEFAULT_MONEY_SETTINGS: MoneySettings = {
  withdrawMinAmount: 100_00n,
  withdrawMaxAmount: 50_000_00n,
  withdrawDailyCount: 5,
  withdrawDailyAmount: 100_000_00n,
  autoReceiptMinutes: 30,
  transferMinAmount: 1_00n,
  transferMaxAmount: 50_000_00n,
  transferDailyAmount: 200_000_00n,
};

export async function getMoneySettings(db: Db, merchantId: number): Promise<MoneySettings> {
  const row = await findMoneySettings(db, merchantId);
  if (!row) return DEFAULT_MONEY_SETTINGS;
  return {
    withdrawMinAmount: row.withdrawMinAmount,
    withdrawMaxAmount: row.withdrawMaxAmount,
    withdrawDailyCount: row.withdrawDailyCount,
    withdrawDailyAmount: row.withdrawDailyAmount,
    autoReceiptMinutes: row.autoReceiptMinutes,
    transferMinAmount: row.transferMinAmount,
    transferMaxAmount: row.transferMaxAmount,
    transferDailyAmount: row.transferDailyAmount,
  };
}
