import { and, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { columnsEqual } from '../../db/columns-equal.js';
import {
  adjustmentSettings,
  balanceAdjustments,
  members,
  operators,
} from '../../db/schema/index.js';

/** Manual balance adjustments and the merchant's four-eyes threshold. */

const requester = alias(operators, 'requester');
const decider = alias(operators, 'decider');

export type AdjustmentRow = typeof balanceAdjustments.$inferSelect;
export type AdjustmentView = {
  row: AdjustmentRow;
  username: string;
  requestedByName: string;
  decidedByName: string | null;
};

const viewColumns = {
  row: balanceAdjustments,
  username: members.username,
  requestedByName: requester.username,
  decidedByName: decider.username,
};

function viewQuery(db: Db) {
  return db
    .select(viewColumns)
    .from(balanceAdjustments)
    .innerJoin(members, eq(members.id, balanceAdjustments.memberId))
    .innerJoin(requester, eq(requester.id, balanceAdjustments.requestedBy))
    .leftJoin(decider, eq(decider.id, balanceAdjustments.decidedBy));
}

export async function findAdjustment(
  db: Db,
  merchantId: number,
  id: number,
): Promise<AdjustmentView | undefined> {
  const [row] = await viewQuery(db).where(
    and(eq(balanceAdjustments.merchantId, merchantId), eq(balanceAdjustments.id, id)),
  );
  return row;
}

export async function pageAdjustments(
  db: Db,
  merchantId: number,
  filters: { status?: string | undefined; memberId?: number | undefined },
  window: { limit: number; offset: number },
): Promise<{ rows: AdjustmentView[]; total: number }> {
  const where = and(
    eq(balanceAdjustments.merchantId, merchantId),
    filters.status ? eq(balanceAdjustments.status, filters.status) : undefined,
    filters.memberId ? eq(balanceAdjustments.memberId, filters.memberId) : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    viewQuery(db)
      .where(where)
      .orderBy(desc(balanceAdjustments.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(balanceAdjustments).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

/** Inserts a request; undefined when its request id was used before (the caller reads that one). */
export async function insertAdjustment(
  db: Db,
  values: typeof balanceAdjustments.$inferInsert,
): Promise<AdjustmentRow | undefined> {
  const [row] = await db
    .insert(balanceAdjustments)
    .values(values)
    .onConflictDoNothing({ target: [balanceAdjustments.merchantId, balanceAdjustments.requestId] })
    .returning();
  return row;
}

export async function findByRequestId(db: Db, merchantId: number, requestId: string) {
  const [row] = await db
    .select()
    .from(balanceAdjustments)
    .where(columnsEqual(balanceAdjustments, { merchantId, requestId }));
  return row;
}

/** Locks the adjustment's row for the rest of the transaction. */
export async function lockAdjustment(db: Db, merchantId: number, id: number) {
  const [row] = await db
    .select()
    .from(balanceAdjustments)
    .where(and(eq(balanceAdjustments.merchantId, merchantId), eq(balanceAdjustments.id, id)))
    .for('update');
  return row;
}

export async function updateAdjustment(
  db: Db,
  id: number,
  values: Partial<typeof balanceAdjustments.$inferInsert>,
): Promise<void> {
  await db.update(balanceAdjustments).set(values).where(eq(balanceAdjustments.id, id));
}

export async function findThreshold(db: Db, merchantId: number): Promise<bigint | undefined> {
  const [row] = await db
    .select({ threshold: adjustmentSettings.approvalThreshold })
    .from(adjustmentSettings)
    .where(eq(adjustmentSettings.merchantId, merchantId));
  return row?.threshold;
}

export async function saveThreshold(
  db: Db,
  merchantId: number,
  threshold: bigint,
  operatorId: number,
): Promise<void> {
  const values = { approvalThreshold: threshold, updatedBy: operatorId, updatedAt: new Date() };
  await db
    .insert(adjustmentSettings)
    .values({ merchantId, ...values })
    .onConflictDoUpdate({ target: adjustmentSettings.merchantId, set: values });
}
