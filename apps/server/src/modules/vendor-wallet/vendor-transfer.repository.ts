import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { columnsEqual } from '../../db/columns-equal.js';
import { gameBalanceRequests, vendorTransfers } from '../../db/schema/index.js';
import type { TransferRow } from './vendor-wallet.repository.js';

/**
 * Queries of transfer-wallet moves (vendor_transfers) beyond the ones the vendor client shares
 * with the seamless wallet, and the housekeeping of the vendor wallet tables.
 */

export async function transferByUuid(
  db: Db,
  transferUuid: string,
): Promise<TransferRow | undefined> {
  const [row] = await db
    .select()
    .from(vendorTransfers)
    .where(eq(vendorTransfers.transferUuid, transferUuid));
  return row;
}

/** The transfers of one member with one vendor still waiting for the vendor, oldest first. */
export function pendingTransfersOf(
  db: Db,
  memberId: number,
  credentialId: number,
): Promise<TransferRow[]> {
  return db
    .select()
    .from(vendorTransfers)
    .where(columnsEqual(vendorTransfers, { memberId, credentialId, state: 'pending' }))
    .orderBy(asc(vendorTransfers.id));
}

/**
 * A fingerprint of one member's transfers with one vendor: it changes whenever a transfer is
 * added or ends, so a balance read from the vendor can be checked to still be comparable.
 */
export async function transferWatermark(
  db: Db,
  memberId: number,
  credentialId: number,
): Promise<string> {
  const [row] = await db
    .select({
      count: sql<string>`count(*)::text`,
      latest: sql<string>`coalesce(max(${vendorTransfers.updatedAt})::text, '')`,
    })
    .from(vendorTransfers)
    .where(
      and(eq(vendorTransfers.memberId, memberId), eq(vendorTransfers.credentialId, credentialId)),
    );
  return `${row?.count ?? '0'}|${row?.latest ?? ''}`;
}

/** The sum of one member's transfers not yet ended (pending or unresolved), minor units. */
export async function inTransitOf(db: Db, memberId: number): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${vendorTransfers.amount}), 0)::text` })
    .from(vendorTransfers)
    .where(
      and(
        eq(vendorTransfers.memberId, memberId),
        sql`${vendorTransfers.state} in ('pending', 'unresolved')`,
      ),
    );
  return BigInt(row?.total ?? '0');
}

/** Pending transfers last touched before `before`, oldest first, at most `limit`. */
export function pendingBefore(db: Db, before: Date, limit: number): Promise<TransferRow[]> {
  return db
    .select()
    .from(vendorTransfers)
    .where(and(eq(vendorTransfers.state, 'pending'), lt(vendorTransfers.updatedAt, before)))
    .orderBy(asc(vendorTransfers.updatedAt), asc(vendorTransfers.id))
    .limit(limit);
}

/** Ends a pending transfer with the entry that moved the money out of transit. */
export async function endTransfer(
  tx: Db,
  id: number,
  state: 'completed' | 'failed',
  settleEntryId: number,
): Promise<void> {
  await tx
    .update(vendorTransfers)
    .set({ state, reverseEntryId: settleEntryId, updatedAt: sql`now()` })
    .where(eq(vendorTransfers.id, id));
}

/** Marks a still pending transfer unresolved; false when it had ended meanwhile. */
export async function markUnresolved(tx: Db, id: number): Promise<boolean> {
  const rows = await tx
    .update(vendorTransfers)
    .set({ state: 'unresolved', updatedAt: sql`now()` })
    .where(and(eq(vendorTransfers.id, id), eq(vendorTransfers.state, 'pending')))
    .returning({ id: vendorTransfers.id });
  return rows.length > 0;
}

/** Deletes stored balance/info answers created before `before`; how many. */
export async function pruneBalanceRequests(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(gameBalanceRequests)
    .where(lt(gameBalanceRequests.createdAt, before))
    .returning({ id: gameBalanceRequests.requestUuid });
  return rows.length;
}
