import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { columnsEqual } from '../../db/columns-equal.js';
import {
  helpSections,
  merchantDomains,
  merchantSettings,
  regionRules,
  registerFieldRules,
  resources,
  socialProviders,
  whitelabelSwitches,
} from '../../db/schema/index.js';

export async function findSettings(db: Db, merchantId: number) {
  const [row] = await db
    .select()
    .from(merchantSettings)
    .where(eq(merchantSettings.merchantId, merchantId));
  if (!row) throw new Error(`merchant ${merchantId} has no settings row`);
  return row;
}

/** True when a region rule of the merchant matches the IP (by range) or the country. */
export async function matchesRegionRule(
  db: Db,
  merchantId: number,
  ip: string,
  country: string | null,
): Promise<boolean> {
  const [row] = await db
    .select({ id: regionRules.id })
    .from(regionRules)
    .where(
      and(
        eq(regionRules.merchantId, merchantId),
        sql`((${regionRules.ipRange} is not null and ${ip}::inet <<= ${regionRules.ipRange})
          or (${regionRules.countryCode} is not null and ${regionRules.countryCode} = ${country}))`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export function listWhitelabelSwitches(db: Db, merchantId: number) {
  return db
    .select({ code: whitelabelSwitches.code, enabled: whitelabelSwitches.enabled })
    .from(whitelabelSwitches)
    .where(eq(whitelabelSwitches.merchantId, merchantId));
}

/** Whether one switch of the merchant is on (no row: off). */
export async function switchEnabled(db: Db, merchantId: number, code: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: whitelabelSwitches.enabled })
    .from(whitelabelSwitches)
    .where(and(eq(whitelabelSwitches.merchantId, merchantId), eq(whitelabelSwitches.code, code)));
  return row?.enabled ?? false;
}

export function listRegisterFieldRules(db: Db, merchantId: number) {
  return db
    .select({
      field: registerFieldRules.field,
      enabled: registerFieldRules.enabled,
      required: registerFieldRules.required,
      acceptedPattern: registerFieldRules.acceptedPattern,
      patternId: registerFieldRules.patternId,
      minLength: registerFieldRules.minLength,
      maxLength: registerFieldRules.maxLength,
    })
    .from(registerFieldRules)
    .where(eq(registerFieldRules.merchantId, merchantId))
    .orderBy(asc(registerFieldRules.sequence));
}

export function listDomainRoutes(db: Db, merchantId: number) {
  return db
    .select({
      host: merchantDomains.host,
      isMain: merchantDomains.isMain,
      route: merchantDomains.route,
      affiliateCode: merchantDomains.affiliateCode,
    })
    .from(merchantDomains)
    .where(eq(merchantDomains.merchantId, merchantId))
    .orderBy(asc(merchantDomains.host));
}

export function listResources(db: Db, merchantId: number) {
  return db
    .select({ key: resources.key, labelNameEn: resources.labelNameEn, url: resources.url })
    .from(resources)
    .where(eq(resources.merchantId, merchantId));
}

export function listHelpSections(db: Db, merchantId: number, language: string, device: string) {
  return db
    .select({
      key: helpSections.key,
      title: helpSections.title,
      content: helpSections.content,
      sequence: helpSections.sequence,
    })
    .from(helpSections)
    .where(columnsEqual(helpSections, { merchantId, language, device }))
    .orderBy(asc(helpSections.sequence));
}

/**
 * Social sign-in providers of the merchant that have an issuer and credentials: a switch of the
 * white label is off while its provider is not configured (the social module configures them).
 */
export async function listConfiguredProviders(db: Db, merchantId: number): Promise<string[]> {
  const rows = await db
    .select({ provider: socialProviders.provider })
    .from(socialProviders)
    .where(
      and(
        eq(socialProviders.merchantId, merchantId),
        sql`${socialProviders.issuer} <> '' and ${socialProviders.clientId} <> ''`,
      ),
    );
  return rows.map((row) => row.provider);
}
