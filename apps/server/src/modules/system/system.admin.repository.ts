import { and, asc, count, desc, eq, max, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  merchantDomains,
  merchants,
  merchantSettings,
  regionRules,
  registerFieldRules,
  resources,
  whitelabelSwitches,
} from '../../db/schema/index.js';

/** The system settings rows of one merchant as the back office edits them. */

type Window = { limit: number; offset: number };

export async function lockSettings(db: Db, merchantId: number) {
  const [row] = await db
    .select()
    .from(merchantSettings)
    .where(eq(merchantSettings.merchantId, merchantId))
    .for('update');
  if (!row) throw new Error(`merchant ${merchantId} has no settings row`);
  return row;
}

export async function updateSettings(
  db: Db,
  merchantId: number,
  set: Partial<typeof merchantSettings.$inferInsert>,
) {
  await db
    .update(merchantSettings)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(merchantSettings.merchantId, merchantId));
}

export async function findMerchant(db: Db, merchantId: number) {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, merchantId));
  return row!;
}

export async function lockMerchant(db: Db, merchantId: number) {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, merchantId)).for('update');
  return row!;
}

export async function updateMerchantCurrency(
  db: Db,
  merchantId: number,
  set: { currency: string; currencySymbol: string },
) {
  await db.update(merchants).set(set).where(eq(merchants.id, merchantId));
}

export function listSwitches(db: Db, merchantId: number) {
  return db
    .select({ code: whitelabelSwitches.code, enabled: whitelabelSwitches.enabled })
    .from(whitelabelSwitches)
    .where(eq(whitelabelSwitches.merchantId, merchantId));
}

export async function setSwitch(db: Db, merchantId: number, code: string, enabled: boolean) {
  await db
    .insert(whitelabelSwitches)
    .values({ merchantId, code, enabled })
    .onConflictDoUpdate({
      target: [whitelabelSwitches.merchantId, whitelabelSwitches.code],
      set: { enabled },
    });
}

export async function lockFieldRule(db: Db, merchantId: number, field: string) {
  const [row] = await db
    .select()
    .from(registerFieldRules)
    .where(and(eq(registerFieldRules.merchantId, merchantId), eq(registerFieldRules.field, field)))
    .for('update');
  return row;
}

/** Replaces a field's rule; a field without a row yet goes last in the form. */
export async function upsertFieldRule(
  db: Db,
  merchantId: number,
  field: string,
  rule: Omit<typeof registerFieldRules.$inferInsert, 'merchantId' | 'field' | 'sequence'>,
) {
  const [last] = await db
    .select({ sequence: max(registerFieldRules.sequence) })
    .from(registerFieldRules)
    .where(eq(registerFieldRules.merchantId, merchantId));
  await db
    .insert(registerFieldRules)
    .values({ merchantId, field, ...rule, sequence: (last?.sequence ?? -1) + 1 })
    .onConflictDoUpdate({
      target: [registerFieldRules.merchantId, registerFieldRules.field],
      set: rule,
    });
}

export function listResources(db: Db, merchantId: number) {
  return db
    .select({ key: resources.key, labelNameEn: resources.labelNameEn, url: resources.url })
    .from(resources)
    .where(eq(resources.merchantId, merchantId))
    .orderBy(asc(resources.key));
}

export async function findResource(db: Db, merchantId: number, key: string) {
  const [row] = await db
    .select({ key: resources.key, labelNameEn: resources.labelNameEn, url: resources.url })
    .from(resources)
    .where(and(eq(resources.merchantId, merchantId), eq(resources.key, key)))
    .for('update');
  return row;
}

export async function upsertResource(
  db: Db,
  merchantId: number,
  key: string,
  value: { labelNameEn: string; url: string },
) {
  await db
    .insert(resources)
    .values({ merchantId, key, ...value })
    .onConflictDoUpdate({ target: [resources.merchantId, resources.key], set: value });
}

export async function deleteResource(db: Db, merchantId: number, key: string) {
  await db
    .delete(resources)
    .where(and(eq(resources.merchantId, merchantId), eq(resources.key, key)));
}

export function listDomains(db: Db, merchantId: number) {
  return db
    .select()
    .from(merchantDomains)
    .where(eq(merchantDomains.merchantId, merchantId))
    .orderBy(desc(merchantDomains.isMain), asc(merchantDomains.host));
}

export async function lockDomain(db: Db, merchantId: number, id: number) {
  const [row] = await db
    .select()
    .from(merchantDomains)
    .where(and(eq(merchantDomains.merchantId, merchantId), eq(merchantDomains.id, id)))
    .for('update');
  return row;
}

/** The domain row with this host, of any merchant (hosts are unique across merchants). */
export async function findDomainByHost(db: Db, host: string) {
  const [row] = await db.select().from(merchantDomains).where(eq(merchantDomains.host, host));
  return row;
}

export async function clearMainDomain(db: Db, merchantId: number, exceptId: number) {
  await db
    .update(merchantDomains)
    .set({ isMain: false })
    .where(and(eq(merchantDomains.merchantId, merchantId), ne(merchantDomains.id, exceptId)));
}

export async function insertDomain(db: Db, row: typeof merchantDomains.$inferInsert) {
  const [created] = await db.insert(merchantDomains).values(row).returning();
  return created!;
}

export async function updateDomain(
  db: Db,
  id: number,
  set: Partial<typeof merchantDomains.$inferInsert>,
) {
  const [row] = await db
    .update(merchantDomains)
    .set(set)
    .where(eq(merchantDomains.id, id))
    .returning();
  return row!;
}

export async function deleteDomain(db: Db, id: number) {
  await db.delete(merchantDomains).where(eq(merchantDomains.id, id));
}

export async function pageRegionRules(db: Db, merchantId: number, window: Window) {
  const where = eq(regionRules.merchantId, merchantId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(regionRules)
      .where(where)
      .orderBy(desc(regionRules.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(regionRules).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Inserts a region rule; its IP range (checked CIDR text) is stored with host bits cleared. */
export async function insertRegionRule(
  db: Db,
  row: Omit<typeof regionRules.$inferInsert, 'ipRange'> & { ipRange: string | null },
) {
  const [created] = await db
    .insert(regionRules)
    .values({
      ...row,
      // network() clears host bits: 10.1.2.3/8 is stored as 10.0.0.0/8.
      ipRange: row.ipRange === null ? null : sql`network(${row.ipRange}::inet)::cidr`,
    } as never)
    .returning();
  return created!;
}

export async function lockRegionRule(db: Db, merchantId: number, id: number) {
  const [row] = await db
    .select()
    .from(regionRules)
    .where(and(eq(regionRules.merchantId, merchantId), eq(regionRules.id, id)))
    .for('update');
  return row;
}

export async function deleteRegionRule(db: Db, id: number) {
  await db.delete(regionRules).where(eq(regionRules.id, id));
}
