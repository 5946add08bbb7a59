import { and, asc, count, eq, gte, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  kycProfiles,
  members,
  moneySettings,
  payoutAccounts,
  withdrawals,
} from '../../db/schema/index.js';
import { orderRepository } from '../payment-orders/index.js';

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

/** The lifecycle reads and locks of withdrawals (replay, lists, queue, decision lock, proof). */
export const orders = orderRepository<typeof withdrawals, WithdrawalSummary>({
  table: withdrawals,
  summary,
  gatewayRef: withdrawals.gatewayPayoutId,
  image: withdrawals.proofImage,
  imageContentType: withdrawals.proofContentType,
});

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
