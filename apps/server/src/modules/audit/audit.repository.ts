import { asc, desc, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

/** Serialises appends so every row chains to the one before it, across processes. */
const CHAIN_LOCK = 0x61756469; // "audi"

/**
 * Runs `append` in a transaction (its own, or nested in the caller's) holding the chain's
 * transaction-scoped advisory lock, with the hash of the last row (null when the log is empty).
 */
export function withChainHead<T>(
  db: Db,
  append: (tx: Db, lastHash: string | null) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`);
    const [last] = await tx
      .select({ hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    return append(tx, last?.hash ?? null);
  });
}

export async function insertAuditRow(db: Db, row: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(row);
}

/** Up to `limit` rows after `afterId`, in id order. */
export function auditPage(db: Db, afterId: number, limit: number) {
  return db
    .select()
    .from(auditLog)
    .where(gt(auditLog.id, afterId))
    .orderBy(asc(auditLog.id))
    .limit(limit);
}
