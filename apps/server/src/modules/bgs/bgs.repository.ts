import { IN_HOUSE_VENDOR } from '@app/shared';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { columnsEqual } from '../../db/columns-equal.js';
import {
  bgsRounds,
  bgsSeedPairs,
  games,
  merchants,
  vendorCredentials,
  vendors,
} from '../../db/schema/index.js';

export type SeedPairRow = typeof bgsSeedPairs.$inferSelect;
export type RoundRow = typeof bgsRounds.$inferSelect;

/** The member's active seed pair, locked until the transaction ends (spins and rotation queue). */
export async function lockActivePair(tx: Db, memberId: number): Promise<SeedPairRow | undefined> {
  const [row] = await tx
    .select()
    .from(bgsSeedPairs)
    .where(and(eq(bgsSeedPairs.memberId, memberId), eq(bgsSeedPairs.active, true)))
    .for('update');
  return row;
}

/** Inserts an active pair unless the member already has one (a concurrent request made it). */
export async function insertPair(tx: Db, row: typeof bgsSeedPairs.$inferInsert): Promise<void> {
  await tx.insert(bgsSeedPairs).values(row).onConflictDoNothing();
}

export async function endPair(tx: Db, id: number): Promise<void> {
  await tx
    .update(bgsSeedPairs)
    .set({ active: false, revealedAt: new Date() })
    .where(eq(bgsSeedPairs.id, id));
}

export async function updatePair(
  tx: Db,
  id: number,
  set: Partial<Pick<SeedPairRow, 'clientSeed' | 'nextNonce'>>,
): Promise<void> {
  await tx.update(bgsSeedPairs).set(set).where(eq(bgsSeedPairs.id, id));
}

export async function findRoundByRequest(
  tx: Db,
  memberId: number,
  clientRequestId: string,
): Promise<RoundRow | undefined> {
  const [row] = await tx
    .select()
    .from(bgsRounds)
    .where(and(eq(bgsRounds.memberId, memberId), eq(bgsRounds.clientRequestId, clientRequestId)));
  return row;
}

export async function insertRound(tx: Db, row: typeof bgsRounds.$inferInsert): Promise<RoundRow> {
  const [inserted] = await tx.insert(bgsRounds).values(row).returning();
  return inserted!;
}

export type RoundWithPair = { round: RoundRow; pair: SeedPairRow };

/** One page of the member's rounds, newest first, each with its seed pair. */
export async function listRounds(
  db: Db,
  memberId: number,
  page: number,
  size: number,
): Promise<{ rows: RoundWithPair[]; total: number }> {
  const rows = await db
    .select({ round: bgsRounds, pair: bgsSeedPairs })
    .from(bgsRounds)
    .innerJoin(bgsSeedPairs, eq(bgsSeedPairs.id, bgsRounds.seedPairId))
    .where(eq(bgsRounds.memberId, memberId))
    .orderBy(desc(bgsRounds.id))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db
    .select({ n: count() })
    .from(bgsRounds)
    .where(eq(bgsRounds.memberId, memberId));
  return { rows, total: total?.n ?? 0 };
}

export type BgsVendor = { vendorId: number; gameCode: string; gameType: string };

/** The merchant's BGS vendor row and its first enabled game (the slot), if listed. */
export async function findBgsGame(db: Db, merchantId: number): Promise<BgsVendor | undefined> {
  const [row] = await db
    .select({ vendorId: vendors.id, gameCode: games.gameCode, gameType: games.gameType })
    .from(games)
    .innerJoin(vendors, eq(vendors.id, games.vendorId))
    .where(
      and(columnsEqual(games, { merchantId, enabled: true }), eq(vendors.code, IN_HOUSE_VENDOR)),
    )
    .orderBy(asc(games.id))
    .limit(1);
  return row;
}

/**
 * The merchant's BGS vendor credential, created on first use with a fresh secret (sealed by the
 * service) and the merchant's currency: the in-house game signs its wallet calls like any vendor.
 */
export async function bgsCredential(
  tx: Db,
  merchantId: number,
  newSecret: string,
): Promise<{ secret: string; currency: string }> {
  const [merchant] = await tx
    .select({ currency: merchants.currency })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  await tx
    .insert(vendorCredentials)
    .values({
      merchantId,
      vendorCode: IN_HOUSE_VENDOR,
      walletMode: 'seamless',
      secret: newSecret,
      currency: merchant!.currency,
      // Never called: the game runs in this process.
      baseUrl: 'in-process:bgs',
    })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ secret: vendorCredentials.secret, currency: vendorCredentials.currency })
    .from(vendorCredentials)
    .where(columnsEqual(vendorCredentials, { merchantId, vendorCode: IN_HOUSE_VENDOR }));
  return row!;
}

export async function findPair(db: Db, id: number): Promise<SeedPairRow | undefined> {
  const [row] = await db.select().from(bgsSeedPairs).where(eq(bgsSeedPairs.id, id));
  return row;
}
