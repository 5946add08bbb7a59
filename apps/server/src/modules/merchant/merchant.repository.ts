import { isTimeZone } from '@app/shared';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { merchantDomains, merchants, merchantSettings } from '../../db/schema/index.js';

const merchantColumns = {
  id: merchants.id,
  code: merchants.code,
  name: merchants.name,
  currency: merchants.currency,
  currencySymbol: merchants.currencySymbol,
  defaultLanguage: merchantSettings.defaultLanguage,
  timeZone: merchantSettings.timeZone,
};

export type MerchantRow = {
  id: number;
  code: string;
  name: string;
  currency: string;
  currencySymbol: string;
  defaultLanguage: string;
  timeZone: string;
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

/** The merchant's time zone setting, or undefined when it has no settings row. */
export async function findTimeZone(db: Db, merchantId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ timeZone: merchantSettings.timeZone })
    .from(merchantSettings)
    .where(eq(merchantSettings.merchantId, merchantId));
  return row?.timeZone;
}

/**
 * The time zone of the merchant `merchantId` (an SQL expression of the query it goes into), for
 * statements over many merchants' rows: `created_at at time zone ${timeZoneSql(...)}`.
 */
export function timeZoneSql(merchantId: SQL): SQL {
  return sql`coalesce((select s.time_zone from merchant_settings s where s.merchant_id = ${merchantId}), 'Asia/Manila')`;
}

/**
 * A time zone as an SQL literal, where a statement repeats a zoned expression in its GROUP BY (a
 * bound parameter there is a different expression each time). Only a known IANA name is written,
 * and those are letters, digits and `_+-/` only, so the literal cannot be broken out of.
 */
export function timeZoneLiteral(zone: string): SQL {
  if (!isTimeZone(zone)) throw new RangeError(`Unknown time zone: ${zone}`);
  return sql.raw(`'${zone}'`);
}
