import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { readPage } from '../../db/paging.js';
import { depositChannels, deposits, members, merchants } from '../../db/schema/index.js';

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

export async function findByClientRequest(
  db: Db,
  memberId: number,
  clientRequestId: string,
): Promise<DepositSummary | null> {
  const [row] = await db
    .select(summary)
    .from(deposits)
    .where(and(eq(deposits.memberId, memberId), eq(deposits.clientRequestId, clientRequestId)));
  return row ?? null;
}

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

export async function updateDeposit(
  db: Db,
  id: number,
  set: Partial<typeof deposits.$inferInsert>,
): Promise<void> {
  await db
    .update(deposits)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(deposits.id, id));
}

export async function findMemberDeposit(
  db: Db,
  memberId: number,
  id: number,
): Promise<DepositSummary | null> {
  const [row] = await db
    .select(summary)
    .from(deposits)
    .where(and(eq(deposits.memberId, memberId), eq(deposits.id, id)));
  return row ?? null;
}

export async function pageMemberDeposits(
  db: Db,
  memberId: number,
  query: { page: number; size: number; status?: string | undefined },
): Promise<{ rows: DepositSummary[]; total: number }> {
  const where = and(
    eq(deposits.memberId, memberId),
    query.status ? eq(deposits.status, query.status) : undefined,
  );
  return readPage(db, deposits, where, query, (limit, offset) =>
    db
      .select(summary)
      .from(deposits)
      .where(where)
      .orderBy(desc(deposits.createdAt), desc(deposits.id))
      .limit(limit)
      .offset(offset),
  );
}

/** The deposit of this merchant, locked until the transaction ends. */
export async function lockDeposit(
  tx: Db,
  merchantId: number,
  id: number,
): Promise<DepositSummary | null> {
  const [row] = await tx
    .select(summary)
    .from(deposits)
    .where(and(eq(deposits.merchantId, merchantId), eq(deposits.id, id)))
    .for('update');
  return row ?? null;
}

/** The deposit a gateway payment is for, with its merchant's code, locked. */
export async function lockByGatewayPayment(
  tx: Db,
  gatewayCode: string,
  paymentId: string,
): Promise<(DepositSummary & { merchantCode: string }) | null> {
  const [row] = await tx
    .select({ ...summary, merchantCode: merchants.code })
    .from(deposits)
    .innerJoin(merchants, eq(merchants.id, deposits.merchantId))
    .where(and(eq(deposits.gatewayCode, gatewayCode), eq(deposits.gatewayPaymentId, paymentId)))
    .for('update', { of: deposits });
  return row ?? null;
}

export type QueueRow = DepositSummary & {
  username: string;
  channelNames: { EN: string; TL: string };
};

export async function pageQueue(
  db: Db,
  merchantId: number,
  query: { page: number; size: number; status?: string | undefined },
): Promise<{ rows: QueueRow[]; total: number }> {
  const where = and(
    eq(deposits.merchantId, merchantId),
    query.status ? eq(deposits.status, query.status) : undefined,
  );
  return readPage(db, deposits, where, query, (limit, offset) =>
    db
      .select({ ...summary, username: members.username, channelNames: depositChannels.names })
      .from(deposits)
      .innerJoin(members, eq(members.id, deposits.memberId))
      .innerJoin(depositChannels, eq(depositChannels.id, deposits.channelId))
      .where(where)
      .orderBy(asc(deposits.createdAt), asc(deposits.id))
      .limit(limit)
      .offset(offset),
  );
}

export async function receiptOf(
  db: Db,
  merchantId: number,
  id: number,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  const [row] = await db
    .select({ bytes: deposits.receiptImage, contentType: deposits.receiptContentType })
    .from(deposits)
    .where(and(eq(deposits.merchantId, merchantId), eq(deposits.id, id)));
  return row?.bytes ? { bytes: row.bytes, contentType: row.contentType ?? 'image/jpeg' } : null;
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
