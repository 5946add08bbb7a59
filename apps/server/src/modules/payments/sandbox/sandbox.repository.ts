import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { sandboxPayments } from '../../../db/schema/index.js';

export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;

/** Inserts the payment unless the order has one; returns the order's payment either way. */
export async function insertOrFind(
  db: Db,
  row: typeof sandboxPayments.$inferInsert,
): Promise<SandboxPaymentRow> {
  await db.insert(sandboxPayments).values(row).onConflictDoNothing();
  const [found] = await db
    .select()
    .from(sandboxPayments)
    .where(
      and(
        eq(sandboxPayments.kind, row.kind),
        eq(sandboxPayments.merchantCode, row.merchantCode),
        eq(sandboxPayments.orderId, row.orderId),
      ),
    );
  return found!;
}

export async function findPayment(db: Db, id: string): Promise<SandboxPaymentRow | null> {
  const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
  return row ?? null;
}

/** Moves a pending payment (or payout) to `status`; null when it is not pending any more. */
export async function finishPayment(
  db: Db,
  id: string,
  status: 'paid' | 'cancelled' | 'failed',
): Promise<SandboxPaymentRow | null> {
  const [row] = await db
    .update(sandboxPayments)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function saveCallback(
  db: Db,
  id: string,
  callback: { headers: Record<string, string>; body: string },
): Promise<void> {
  await db
    .update(sandboxPayments)
    .set({ lastCallback: callback, updatedAt: sql`now()` })
    .where(eq(sandboxPayments.id, id));
}
