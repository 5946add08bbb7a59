import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { columnsEqual } from '../../db/columns-equal.js';
import { bonusGrants } from '../../db/schema/index.js';

export type BonusGrant = typeof bonusGrants.$inferSelect;
export type NewBonusGrant = typeof bonusGrants.$inferInsert;

/** The grant written with this ledger entry, if any (a replayed grant). */
export async function findGrantByEntry(tx: Db, entryId: number): Promise<BonusGrant | null> {
  const [grant] = await tx
    .select()
    .from(bonusGrants)
    .where(eq(bonusGrants.ledgerEntryId, entryId))
    .limit(1);
  return grant ?? null;
}

export async function insertGrant(tx: Db, values: NewBonusGrant): Promise<BonusGrant> {
  const [grant] = await tx.insert(bonusGrants).values(values).returning();
  return grant!;
}

/**
 * The member's active grants, locked, oldest first: every caller locks them in this one order,
 * so concurrent bets of a member queue here.
 */
export function lockActiveGrants(tx: Db, merchantId: number, memberId: number) {
  return tx
    .select({
      id: bonusGrants.id,
      required: bonusGrants.turnoverRequired,
      done: bonusGrants.turnoverDone,
    })
    .from(bonusGrants)
    .where(columnsEqual(bonusGrants, { merchantId, memberId, status: 'active' }))
    .orderBy(asc(bonusGrants.createdAt), asc(bonusGrants.id))
    .for('update');
}

/** Sets a grant's turnover done; a finished grant is completed now. */
export async function setTurnoverDone(
  tx: Db,
  grantId: number,
  done: bigint,
  finished: boolean,
): Promise<void> {
  await tx
    .update(bonusGrants)
    .set({
      turnoverDone: done,
      ...(finished ? { status: 'completed', completedAt: sql`now()` } : {}),
    })
    .where(eq(bonusGrants.id, grantId));
}

/** Which of a member's grants a list shows: of a status, created within [start, end). */
export type GrantFilter = {
  merchantId: number;
  memberId: number;
  status?: string | undefined;
  range?: { start: Date; end: Date } | undefined;
};

/** One page of the member's grants matching the filter, newest first, and how many match. */
export async function grantPage(
  db: Db,
  filter: GrantFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: BonusGrant[]; total: number }> {
  const conditions: SQL[] = [
    eq(bonusGrants.merchantId, filter.merchantId),
    eq(bonusGrants.memberId, filter.memberId),
  ];
  if (filter.status) conditions.push(eq(bonusGrants.status, filter.status));
  if (filter.range) {
    conditions.push(gte(bonusGrants.createdAt, filter.range.start));
    conditions.push(lt(bonusGrants.createdAt, filter.range.end));
  }
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(bonusGrants)
      .where(where)
      .orderBy(desc(bonusGrants.createdAt), desc(bonusGrants.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(bonusGrants).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
