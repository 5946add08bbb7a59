import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerHolds,
  ledgerPostings,
} from '../../db/schema/index.js';
import type { AccountAddress } from './accounts.js';

export type EntryRow = typeof ledgerEntries.$inferSelect;
export type HoldRow = typeof ledgerHolds.$inferSelect;
export type AccountRow = typeof ledgerAccounts.$inferSelect;

export type StoredPosting = {
  accountId: number;
  kind: string;
  memberId: number | null;
  vendorCode: string;
  shard: number;
  amount: bigint;
  balanceAfter: bigint;
};

/** Inserts the entry unless its idempotency key is taken; null when it is (a replay or a reuse). */
export async function insertEntry(
  tx: Db,
  row: typeof ledgerEntries.$inferInsert,
): Promise<EntryRow | null> {
  const [inserted] = await tx
    .insert(ledgerEntries)
    .values(row)
    .onConflictDoNothing({ target: [ledgerEntries.merchantId, ledgerEntries.idempotencyKey] })
    .returning();
  return inserted ?? null;
}

export async function findEntryByKey(
  tx: Db,
  merchantId: number,
  idempotencyKey: string,
): Promise<EntryRow | null> {
  const [row] = await tx
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.merchantId, merchantId),
        eq(ledgerEntries.idempotencyKey, idempotencyKey),
      ),
    );
  return row ?? null;
}

export async function postingsOf(tx: Db, entryId: number): Promise<StoredPosting[]> {
  return tx
    .select({
      accountId: ledgerPostings.accountId,
      kind: ledgerAccounts.kind,
      memberId: ledgerAccounts.memberId,
      vendorCode: ledgerAccounts.vendorCode,
      shard: ledgerAccounts.shard,
      amount: ledgerPostings.amount,
      balanceAfter: ledgerPostings.balanceAfter,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(eq(ledgerPostings.entryId, entryId))
    .orderBy(asc(ledgerPostings.id));
}

type Scope = { merchantId: number; currency: string };

function identityOf(scope: Scope, address: AccountAddress) {
  return and(
    eq(ledgerAccounts.merchantId, scope.merchantId),
    eq(ledgerAccounts.currency, scope.currency),
    eq(ledgerAccounts.kind, address.kind),
    address.memberId === null
      ? sql`${ledgerAccounts.memberId} is null`
      : eq(ledgerAccounts.memberId, address.memberId),
    eq(ledgerAccounts.vendorCode, address.vendorCode),
    eq(ledgerAccounts.shard, address.shard),
  );
}

/**
 * Adds `delta` to the account's cached balance (creating the account on its first credit) and
 * returns the row after it; the row stays locked until the transaction ends. Null when a member
 * account would go below zero: then nothing changed.
 */
export async function applyDelta(
  tx: Db,
  scope: Scope,
  address: AccountAddress,
  delta: bigint,
): Promise<{ id: number; balance: bigint } | null> {
  if (address.memberId !== null && delta < 0n) {
    const [row] = await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${delta}` })
      .where(and(identityOf(scope, address), sql`${ledgerAccounts.balance} + ${delta} >= 0`))
      .returning({ id: ledgerAccounts.id, balance: ledgerAccounts.balance });
    return row ?? null;
  }
  const [row] = await tx
    .insert(ledgerAccounts)
    .values({ ...scope, ...address, balance: delta })
    .onConflictDoUpdate({
      target: [
        ledgerAccounts.merchantId,
        ledgerAccounts.currency,
        ledgerAccounts.kind,
        ledgerAccounts.memberId,
        ledgerAccounts.vendorCode,
        ledgerAccounts.shard,
      ],
      set: { balance: sql`"ledger_accounts"."balance" + excluded."balance"` },
    })
    .returning({ id: ledgerAccounts.id, balance: ledgerAccounts.balance });
  return row!;
}

/** The cached balance of one account row; 0 when it was never opened. */
export async function balanceAt(tx: Db, scope: Scope, address: AccountAddress): Promise<bigint> {
  const [row] = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(identityOf(scope, address));
  return row?.balance ?? 0n;
}

export async function insertPostings(
  tx: Db,
  rows: { entryId: number; accountId: number; amount: bigint; balanceAfter: bigint }[],
): Promise<void> {
  await tx.insert(ledgerPostings).values(rows);
}

export async function insertHold(
  tx: Db,
  row: typeof ledgerHolds.$inferInsert,
): Promise<HoldRow | null> {
  const [inserted] = await tx
    .insert(ledgerHolds)
    .values(row)
    .onConflictDoNothing({ target: ledgerHolds.placeEntryId })
    .returning();
  return inserted ?? null;
}

export async function findHoldByPlaceEntry(tx: Db, entryId: number): Promise<HoldRow | null> {
  const [row] = await tx.select().from(ledgerHolds).where(eq(ledgerHolds.placeEntryId, entryId));
  return row ?? null;
}

/** The hold, locked until the transaction ends. */
export async function lockHold(tx: Db, holdId: number): Promise<HoldRow | null> {
  const [row] = await tx.select().from(ledgerHolds).where(eq(ledgerHolds.id, holdId)).for('update');
  return row ?? null;
}

export async function markHoldSettled(
  tx: Db,
  holdId: number,
  status: 'posted' | 'voided',
  settleEntryId: number,
): Promise<void> {
  await tx
    .update(ledgerHolds)
    .set({ status, settleEntryId, settledAt: sql`now()` })
    .where(eq(ledgerHolds.id, holdId));
}

export async function accountsByIds(tx: Db, ids: number[]): Promise<AccountRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids));
}

/** Every account that belongs to the member, in one currency. */
export async function memberAccounts(
  tx: Db,
  merchantId: number,
  memberId: number,
  currency: string,
): Promise<AccountRow[]> {
  return tx
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.merchantId, merchantId),
        eq(ledgerAccounts.memberId, memberId),
        eq(ledgerAccounts.currency, currency),
      ),
    )
    .orderBy(asc(ledgerAccounts.id));
}

/** A merchant account's balance: the sum of its shards. */
export async function merchantAccountBalance(
  tx: Db,
  merchantId: number,
  currency: string,
  kind: string,
): Promise<bigint> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::text` })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.merchantId, merchantId),
        eq(ledgerAccounts.currency, currency),
        eq(ledgerAccounts.kind, kind),
        sql`${ledgerAccounts.memberId} is null`,
      ),
    );
  return BigInt(row?.total ?? '0');
}
