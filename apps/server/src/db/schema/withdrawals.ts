import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { memberColumn } from './identity.js';
import { ledgerEntries } from './ledger.js';
import { merchantColumn } from './platform.js';
import { bytea, createdAt, currency, updatedAt } from './columns.js';

/**
 * A bank or e-wallet account a member has bound to receive withdrawals (decision 012). With KYC
 * on, `account_name` equals the member's KYC real name (case and spaces aside).
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantColumn(),
    memberId: memberColumn(),
    /** bank, gcash, maya or ewallet. */
    method: varchar('method', { length: 16 }).notNull(),
    bankName: varchar('bank_name', { length: 100 }),
    accountName: varchar('account_name', { length: 80 }).notNull(),
    accountNumber: varchar('account_number', { length: 34 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payout_accounts_member_number').on(t.memberId, t.method, t.accountNumber),
    check('payout_accounts_method', sql`${t.method} in ('bank', 'gcash', 'maya', 'ewallet')`),
  ],
);

/**
 * One withdrawal request. Its amount is held (ledger hold into withdrawals_pending, `hold_id`) in
 * the same transaction as the row is written; an operator's approval pays it out through a
 * gateway and posts the hold to payments in transit, a rejection or a failed payout voids it back
 * to the member. After the payout the member confirms the receipt; unconfirmed after the
 * merchant's auto-receipt minutes, a scheduled job marks it auto_received.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: merchantColumn(),
    memberId: memberColumn(),
    currency: currency(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** pending, processing, paid, rejected or failed. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    /** The bound account it was asked for; the payee columns keep what it said then. */
    payoutAccountId: integer('payout_account_id'),
    payeeMethod: varchar('payee_method', { length: 16 }).notNull(),
    payeeBank: varchar('payee_bank', { length: 100 }),
    payeeName: varchar('payee_name', { length: 80 }).notNull(),
    payeeAccount: varchar('payee_account', { length: 34 }).notNull(),
    clientRequestId: varchar('client_request_id', { length: 64 }).notNull(),
    /** SHA-256 of what was asked, to tell a replay from a reuse of the key. */
    requestHash: char('request_hash', { length: 64 }).notNull(),
    /** The ledger hold of the amount (ledger_holds.id) and its entries. */
    holdId: bigint('hold_id', { mode: 'number' }).notNull(),
    holdEntryId: bigint('hold_entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id),
    settleEntryId: bigint('settle_entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
    gatewayCode: varchar('gateway_code', { length: 32 }),
    gatewayPayoutId: varchar('gateway_payout_id', { length: 64 }),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The operator's reason of a rejection, or the gateway's of a failed payout. */
    decisionReason: text('decision_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** received, partial, not_received or auto_received; null until confirmed. */
    receiptStatus: varchar('receipt_status', { length: 16 }),
    receiptAt: timestamp('receipt_at', { withTimezone: true }),
    receiptNote: text('receipt_note'),
    /** The member's proof (partly or not received), re-encoded as JPEG like deposit receipts. */
    proofImage: bytea('proof_image'),
    proofContentType: varchar('proof_content_type', { length: 32 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('withdrawals_client_request').on(t.memberId, t.clientRequestId),
    uniqueIndex('withdrawals_gateway_payout').on(t.gatewayCode, t.gatewayPayoutId),
    index('withdrawals_member_idx').on(t.memberId, t.createdAt),
    index('withdrawals_queue_idx').on(t.merchantId, t.status, t.createdAt),
    index('withdrawals_unconfirmed_idx')
      .on(t.paidAt)
      .where(sql`${t.status} = 'paid' and ${t.receiptStatus} is null`),
    check('withdrawals_positive', sql`${t.amount} > 0`),
    check(
      'withdrawals_status',
      sql`${t.status} in ('pending', 'processing', 'paid', 'rejected', 'failed')`,
    ),
    check(
      'withdrawals_receipt',
      sql`${t.receiptStatus} is null or (${t.status} = 'paid' and ${t.receiptStatus} in ('received', 'partial', 'not_received', 'auto_received'))`,
    ),
  ],
);

/**
 * Scheduled work (modules/jobs, ARCHITECTURE.md "Real-time and jobs"): one row per job and
 * period, claimed in the same transaction as the job's writes, so each period runs exactly once
 * across any number of server processes.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    job: varchar('job', { length: 64 }).notNull(),
    /** The period's key, e.g. the ISO start of a minute. */
    period: varchar('period', { length: 64 }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** What the run reports (counts), for operations. */
    result: jsonb('result'),
  },
  (t) => [
    uniqueIndex('job_runs_job_period').on(t.job, t.period),
    index('job_runs_latest').on(t.job, t.periodStart),
  ],
);
