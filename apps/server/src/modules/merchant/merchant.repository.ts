import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { merchantDomains, merchants, merchantSettings } from '../../db/schema/index.js';

const merchantColumns = {
  id: merchants.id,
  code: merchants.code,
  name: merchants.name,
  currency: merchants.currency,
  currencySymbol: merchants.currencySymbol,
  defaultLanguage: merchantSettings.defaultLanguage,
};

export type MerchantRow = {
  id: number;
  code: string;
  name: string;
  currency: string;
  currencySymbol: string;
  defaultLanguage: string;
};

/** The merchant with this code, or undefined. */
export async function findMerchantByCode(db: Db, code: string): Promise<MerchantRow | undefined> {
  const [row] = await db
    .select(merchantColumns)
    .from(merchants)
    .innerJoin(merchantSettings, eq(merchantSettings.merchantId, merchants.id))
    .where(eq(merchants.code, code));
  return row;
}

/** The merchant that owns this host name, or undefined. */
export async function findMerchantByHost(db: Db, host: string): Promise<MerchantRow | undefined> {
  const [row] = await db
    .select(merchantColumns)
    .from(merchantDomains)
    .innerJoin(merchants, eq(merchants.id, merchantDomains.merchantId))
    .innerJoin(merchantSettings, eq(merchantSettings.merchantId, merchants.id))
    .where(eq(merchantDomains.host, host));
  return row;
}

/** The merchant that answers requests no host or header assigns elsewhere. */
export async function findDefaultMerchant(db: Db): Promise<MerchantRow | undefined> {
  const [row] = await db
    .select(merchantColumns)
    .from(merchants)
    .innerJoin(merchantSettings, eq(merchantSettings.merchantId, merchants.id))
    .where(eq(merchants.isDefault, true));
  return row;
}
