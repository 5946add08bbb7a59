import { and, asc, count, desc, eq, gte, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { readPage } from '../../db/paging.js';
import {
  kycProfiles,
  members,
  merchants,
  moneySettings,
  payoutAccounts,
  withdrawals,
} from '../../db/schema/index.js';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** Every column but the proof image (lists never carry images). */
const summary = {
  id: withdrawals.id,
  merchantId: withdrawals.merchantId,
  memberId: withdrawals.memberId,
  currency: withdrawals.currency,
  amount: withdrawals.amount,
  status: withdrawals.status,
  payoutAccountId: withdrawals.payoutAccountId,
  payeeMethod: withdrawals.payeeMethod,
  payeeBank: withdrawals.payeeBank,
  payeeName: withdrawals.payeeName,
  payeeAccount: withdrawals.payeeAccount,
  clientRequestId: withdrawals.clientRequestId,
  requestHash: withdrawals.requestHash,
  holdId: withdrawals.holdId,
  holdEntryId: withdrawals.holdEntryId,
  settleEntryId: withdrawals.settleEntryId,
  gatewayCode: withdrawals.gatewayCode,
  gatewayPayoutId: withdrawals.gatewayPayoutId,
  decidedBy: withdrawals.decidedBy,
  decidedAt: withdrawals.decidedAt,
  decisionReason: withdrawals.decisionReason,
  paidAt: withdrawals.paidAt,
  receiptStatus: withdrawals.receiptStatus,
  receiptAt: withdrawals.receiptAt,
  receiptNote: withdrawals.receiptNote,
  hasProof: sql<boolean>`${withdrawals.proofImage} is not null`,
  createdAt: withdrawals.createdAt,
  updatedAt: withdrawals.updatedAt,
};
export type WithdrawalSummary = Omit<WithdrawalRow, 'proofImage' | 'proofContentType'> & {
  hasProof: boolean;
};

// ---- payout accounts ----

export function memberAccounts(db: Db, memberId: number): Promise<PayoutAccountRow[]> {
  return db
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.memberId, memberId))
    .orderBy(asc(payoutAccounts.id));
}

export async function findMemberAccount(
  db: Db,
  memberId: number,
  id: number,
): Promise<PayoutAccountRow | null> {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.memberId, memberId), eq(payoutAccounts.id, id)));
  return row ?? null;
}

/** Inserts the account; null when the member has bound this number already. */
export async function insertAccount(
  db: Db,
  row: typeof payoutAccounts.$inferInsert,
): Promise<PayoutAccountRow | null> {
  const [inserted] = await db.insert(payoutAccounts).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function deleteAccount(db: Db, memberId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(payoutAccounts)
    .where(and(eq(payoutAccounts.memberId, memberId), eq(payoutAccounts.id, id)))
    .returning({ id: payoutAccounts.id });
  return rows.length > 0;
}

/** The member's row, locked: their withdrawal requests and account changes queue behind it. */
export async function lockMember(tx: Db, memberId: number): Promise<void> {
  await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
}

/** The real name of the member's KYC (saved or approved; a rejected one is no name). */
export async function kycName(db: Db, memberId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: kycProfiles.payeeName, status: kycProfiles.status })
    .from(kycProfiles)
    .where(eq(kycProfiles.memberId, memberId));
  return row && row.status !== 'R' ? row.name : null;
}

// ---- withdrawals ----

export async function findByClientRequest(
  db: Db,
  memberId: number,
  clientRequestId: string,
): Promise<WithdrawalSummary | null> {
  const [row] = await db
    .select(summary)
    .from(withdrawals)
    .where(
      and(eq(withdrawals.memberId, memberId), eq(withdrawals.clientRequestId, clientRequestId)),
    );
  return row ?? null;
}

/** Today's withdrawals of the member that still count (rejected and failed ones gave it back). */
export async function usedToday(
  db: Db,
  memberId: number,
  since: Date,
): Promise<{ count: number; amount: bigint }> {
  const [row] = await db
    .select({
      n: count(),
      total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)`,
    })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.memberId, memberId),
        gte(withdrawals.createdAt, since),
        notInArray(withdrawals.status, ['rejected', 'failed']),
      ),
    );
  return { count: row?.n ?? 0, amount: BigInt(row?.total ?? 0) };
}

export async function insertWithdrawal(
  db: Db,
  row: typeof withdrawals.$inferInsert,
): Promise<WithdrawalSummary> {
  const [inserted] = await db.insert(withdrawals).values(row).returning(summary);
  return inserted!;
}

export async function updateWithdrawal(
  db: Db,
  id: number,
  set: Partial<typeof withdrawals.$inferInsert>,
): Promise<WithdrawalSummary> {
  const [row] = await db
    .update(withdrawals)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(withdrawals.id, id))
    .returning(summary);
  return row!;
}

export async function findMemberWithdrawal(
  db: Db,
  memberId: number,
  id: number,
): Promise<WithdrawalSummary | null> {
  const [row] = await db
    .select(summary)
    .from(withdrawals)
    .where(and(eq(withdrawals.memberId, memberId), eq(withdrawals.id, id)));
  return row ?? null;
}

export async function pageMemberWithdrawals(
  db: Db,
  memberId: number,
  query: { page: number; size: number; status?: string | undefined },
): Promise<{ rows: WithdrawalSummary[]; total: number }> {
  const where = and(
    eq(withdrawals.memberId, memberId),
    query.status ? eq(withdrawals.status, query.status) : undefined,
  );
  return readPage(db, withdrawals, where, query, (limit, offset) =>
    db
      .select(summary)
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(limit)
      .offset(offset),
  );
}

/** The withdrawal of this merchant (any merchant when null), with its merchant's code, locked. */
export async function lockWithdrawal(
  tx: Db,
  merchantId: number | null,
  id: number,
): Promise<(WithdrawalSummary & { merchantCode: string }) | null> {
  const [row] = await tx
    .select({ ...summary, merchantCode: merchants.code })
    .from(withdrawals)
    .innerJoin(merchants, eq(merchants.id, withdrawals.merchantId))
    .where(
      and(
        merchantId === null ? undefined : eq(withdrawals.merchantId, merchantId),
        eq(withdrawals.id, id),
      ),
    )
    .for('update', { of: withdrawals });
  return row ?? null;
}

/** The withdrawal a gateway payout is for, with its merchant's code, locked. */
export async function lockByGatewayPayout(
  tx: Db,
  gatewayCode: string,
  payoutId: string,
): Promise<(WithdrawalSummary & { merchantCode: string }) | null> {
  const [row] = await tx
    .select({ ...summary, merchantCode: merchants.code })
    .from(withdrawals)
    .innerJoin(merchants, eq(merchants.id, withdrawals.merchantId))
    .where(and(eq(withdrawals.gatewayCode, gatewayCode), eq(withdrawals.gatewayPayoutId, payoutId)))
    .for('update', { of: withdrawals });
  return row ?? null;
}

/**
 * Records the member's receipt of a paid withdrawal whose receipt is still open; null when it is
 * not paid or already confirmed (by the member or by the auto-receipt job).
 */
export async function closeReceipt(
  db: Db,
  memberId: number,
  id: number,
  set: {
    receiptStatus: string;
    receiptNote: string | null;
    proofImage: Buffer | null;
    proofContentType: string | null;
  },
): Promise<WithdrawalSummary | null> {
  const [row] = await db
    .update(withdrawals)
    .set({ ...set, receiptAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(withdrawals.memberId, memberId),
        eq(withdrawals.id, id),
        eq(withdrawals.status, 'paid'),
        isNull(withdrawals.receiptStatus),
      ),
    )
    .returning(summary);
  return row ?? null;
}

/**
 * Marks auto_received every paid withdrawal whose receipt is open and whose payout is at least
 * its merchant's auto-receipt minutes older than `at`. Returns the ids and merchants it marked.
 */
export async function autoReceive(
  tx: Db,
  at: Date,
  defaultMinutes: number,
): Promise<{ id: number; merchantId: number; memberId: number }[]> {
  const minutes = sql`coalesce((select ${moneySettings.autoReceiptMinutes} from ${moneySettings}
    where ${moneySettings.merchantId} = ${withdrawals.merchantId}), ${defaultMinutes})`;
  const stamp = at.toISOString();
  return tx
    .update(withdrawals)
    .set({
      receiptStatus: 'auto_received',
      receiptAt: sql`${stamp}::timestamptz`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(withdrawals.status, 'paid'),
        isNull(withdrawals.receiptStatus),
        sql`${withdrawals.paidAt} + make_interval(mins => ${minutes}) <= ${stamp}::timestamptz`,
      ),
    )
    .returning({
      id: withdrawals.id,
      merchantId: withdrawals.merchantId,
      memberId: withdrawals.memberId,
    });
}

export type QueueRow = WithdrawalSummary & { username: string };

export async function pageQueue(
  db: Db,
  merchantId: number,
  query: { page: number; size: number; status?: string | undefined },
): Promise<{ rows: QueueRow[]; total: number }> {
  const where = and(
    eq(withdrawals.merchantId, merchantId),
    query.status ? eq(withdrawals.status, query.status) : undefined,
  );
  return readPage(db, withdrawals, where, query, (limit, offset) =>
    db
      .select({ ...summary, username: members.username })
      .from(withdrawals)
      .innerJoin(members, eq(members.id, withdrawals.memberId))
      .where(where)
      .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
      .limit(limit)
      .offset(offset),
  );
}

export async function proofOf(
  db: Db,
  merchantId: number,
  id: number,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  const [row] = await db
    .select({ bytes: withdrawals.proofImage, contentType: withdrawals.proofContentType })
    .from(withdrawals)
    .where(and(eq(withdrawals.merchantId, merchantId), eq(withdrawals.id, id)));
  return row?.bytes ? { bytes: row.bytes, contentType: row.contentType ?? 'image/jpeg' } : null;
}
