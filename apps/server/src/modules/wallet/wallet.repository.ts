import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { moneySettings, vendors } from '../../db/schema/index.js';

export type TransferWallet = { wallet: string; displayName: string };

/**
 * The vendors of the merchant that keep their own wallet (transfer mode), one per vendor code,
 * in menu order. Maintenance does not hide a wallet: its money must stay visible.
 */
export async function transferWallets(db: Db, merchantId: number): Promise<TransferWallet[]> {
  const rows = await db
    .select({ code: vendors.code, displayName: vendors.displayName })
    .from(vendors)
    .where(and(eq(vendors.merchantId, merchantId), eq(vendors.walletMode, 'transfer')))
    .orderBy(asc(vendors.sequence), asc(vendors.code));
  const seen = new Map<string, TransferWallet>();
  for (const row of rows) {
    if (!seen.has(row.code)) seen.set(row.code, { wallet: row.code, displayName: row.displayName });
  }
  return [...seen.values()];
}

/** The merchant's own money settings row; null when it keeps the defaults. */
export async function findMoneySettings(db: Db, merchantId: number) {
  const [row] = await db
    .select()
    .from(moneySettings)
    .where(eq(moneySettings.merchantId, merchantId));
  return row ?? null;
}
