import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { gameCategories, games, vendors } from '../../db/schema/index.js';

/** The catalogue rows of one merchant as the back office edits them (enabled or not). */

type Window = { limit: number; offset: number };

export function listCategories(db: Db, merchantId: number) {
  return db
    .select()
    .from(gameCategories)
    .where(eq(gameCategories.merchantId, merchantId))
    .orderBy(asc(gameCategories.sequence), asc(gameCategories.id));
}

export function listVendors(db: Db, merchantId: number) {
  return db
    .select({
      id: vendors.id,
      code: vendors.code,
      displayName: vendors.displayName,
      categoryId: vendors.categoryId,
      category: gameCategories.code,
      enabled: vendors.enabled,
      maintenance: vendors.maintenance,
      sequence: vendors.sequence,
      games: sql<number>`(select count(*)::int from ${games} where ${games.vendorId} = ${vendors.id})`,
    })
    .from(vendors)
    .innerJoin(gameCategories, eq(gameCategories.id, vendors.categoryId))
    .where(eq(vendors.merchantId, merchantId))
    .orderBy(asc(gameCategories.sequence), asc(vendors.sequence), asc(vendors.id));
}

/** The row locked for an update, within the merchant; undefined when it is not there. */
export async function lockCategory(db: Db, merchantId: number, id: number) {
  const [row] = await db
    .select()
    .from(gameCategories)
    .where(and(eq(gameCategories.merchantId, merchantId), eq(gameCategories.id, id)))
    .for('update');
  return row;
}

export async function lockVendor(db: Db, merchantId: number, id: number) {
  const [row] = await db
    .select()
    .from(vendors)
    .where(and(eq(vendors.merchantId, merchantId), eq(vendors.id, id)))
    .for('update');
  return row;
}

export async function lockGame(db: Db, merchantId: number, id: number) {
  const [row] = await db
    .select()
    .from(games)
    .where(and(eq(games.merchantId, merchantId), eq(games.id, id)))
    .for('update');
  return row;
}

export async function updateCategory(db: Db, id: number, set: { sequence: number }) {
  await db.update(gameCategories).set(set).where(eq(gameCategories.id, id));
}

export async function updateVendor(db: Db, id: number, set: Partial<typeof vendors.$inferInsert>) {
  const [row] = await db.update(vendors).set(set).where(eq(vendors.id, id)).returning();
  return row!;
}

export async function updateGame(db: Db, id: number, set: Partial<typeof games.$inferInsert>) {
  const [row] = await db.update(games).set(set).where(eq(games.id, id)).returning();
  return row!;
}

export async function pageGames(
  db: Db,
  merchantId: number,
  filter: { vendorId?: number | undefined; name?: string | undefined },
  window: Window,
) {
  const pattern = filter.name && `%${filter.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = and(
    eq(games.merchantId, merchantId),
    filter.vendorId ? eq(games.vendorId, filter.vendorId) : undefined,
    pattern
      ? or(
          ilike(sql`${games.name}->>'EN'`, pattern),
          ilike(sql`${games.name}->>'TL'`, pattern),
          ilike(games.gameCode, pattern),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ game: games, vendorCode: vendors.code })
      .from(games)
      .innerJoin(vendors, eq(vendors.id, games.vendorId))
      .where(where)
      .orderBy(asc(vendors.sequence), asc(games.sequence), asc(games.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(games).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function vendorCode(db: Db, vendorId: number): Promise<string> {
  const [row] = await db
    .select({ code: vendors.code })
    .from(vendors)
    .where(eq(vendors.id, vendorId));
  return row?.code ?? '';
}
