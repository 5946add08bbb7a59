import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { depositChannels, deposits } from '../../db/schema/index.js';
import { orderRepository, type StatusPageQuery } from '../payment-orders/index.js';

export type ChannelRow = typeof depositChannels.$inferSelect;
export type DepositRow = typeof deposits.$inferSelect;

/** Every column but the receipt bytes (lists never carry images). */
const summary = {
  id: deposits.id,
  merchantId: deposits.merchantId,
  memberId: deposits.memberId,
  channelId: deposits.channelId,
  kind: deposits.kind,
  currency: deposits.currency,
  amount: deposits.amount,
  status: deposits.status,
  memberReference: deposits.memberReference,
  hasReceipt: sql<boolean>`${deposits.receiptImage} is not null`,
  clientRequestId: deposits.clientRequestId,
  requestHash: deposits.requestHash,
  gatewayCode: deposits.gatewayCode,
  gatewayPaymentId: deposits.gatewayPaymentId,
  redirectUrl: deposits.redirectUrl,
  ledgerEntryId: deposits.ledgerEntryId,
  decidedBy: deposits.decidedBy,
  decidedAt: deposits.decidedAt,
  decisionReason: deposits.decisionReason,
  feeAmount: deposits.feeAmount,
  feeBearer: deposits.feeBearer,
  createdAt: deposits.createdAt,
  updatedAt: deposits.updatedAt,
};
export type DepositSummary = {
  [K in keyof typeof summary]: K extends 'hasReceipt' ? boolean : DepositRow[K & keyof DepositRow];
};

export function enabledChannels(db: Db, merchantId: number): Promise<ChannelRow[]> {
  return db
    .select()
    .from(depositChannels)
    .where(and(eq(depositChannels.merchantId, merchantId), eq(depositChannels.enabled, true)))
    .orderBy(asc(depositChannels.sequence), asc(depositChannels.id));
}

export async function findChannel(
  db: Db,
  merchantId: number,
  id: number,
): Promise<ChannelRow | null> {
  const [row] = await db
    .select()
    .from(depositChannels)
    .where(and(eq(depositChannels.merchantId, merchantId), eq(depositChannels.id, id)));
  return row ?? null;
}

/** The lifecycle reads and locks of deposits (replay, lists, queue, decision lock, receipt). */
export const orders = orderRepository<typeof deposits, DepositSummary>({
  table: deposits,
  summary,
  gatewayRef: deposits.gatewayPaymentId,
  image: deposits.receiptImage,
  imageContentType: deposits.receiptContentType,
});

/** Inserts the deposit unless the member used its client request id; null when they did. */
export async function insertDeposit(
  db: Db,
  row: typeof deposits.$inferInsert,
): Promise<DepositSummary | null> {
  const [inserted] = await db
    .insert(deposits)
    .values(row)
    .onConflictDoNothing({ target: [deposits.memberId, deposits.clientRequestId] })
    .returning(summary);
  return inserted ?? null;
}

/** The operators' queue of a merchant's deposits, with each one's channel names. */
export function pageQueue(db: Db, merchantId: number, query: StatusPageQuery) {
  const channelNames = sql<{ EN: string; TL: string }>`(select ${depositChannels.names}
    from ${depositChannels} where ${depositChannels.id} = ${deposits.channelId})`;
  return orders.pageQueue<{ channelNames: { EN: string; TL: string } }>(db, merchantId, query, {
    channelNames,
  });
}

/** Every channel of a merchant, enabled or not, in the operator's order. */
export function allChannels(db: Db, merchantId: number): Promise<ChannelRow[]> {
  return db
    .select()
    .from(depositChannels)
    .where(eq(depositChannels.merchantId, merchantId))
    .orderBy(asc(depositChannels.sequence), asc(depositChannels.id));
}

/** The channel of this merchant, locked until the transaction ends. */
export async function lockChannel(
  tx: Db,
  merchantId: number,
  id: number,
): Promise<ChannelRow | null> {
  const [row] = await tx
    .select()
    .from(depositChannels)
    .where(and(eq(depositChannels.merchantId, merchantId), eq(depositChannels.id, id)))
    .for('update');
  return row ?? null;
}

export async function updateChannel(
  tx: Db,
  id: number,
  set: Partial<typeof depositChannels.$inferInsert>,
): Promise<ChannelRow> {
  const [row] = await tx
    .update(depositChannels)
    .set(set)
    .where(eq(depositChannels.id, id))
    .returning();
  return row!;
}
