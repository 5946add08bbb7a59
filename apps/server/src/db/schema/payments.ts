import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
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
import { merchants, merchantColumn } from './platform.js';
import { bytea, createdAt, currency, moneyTotal, updatedAt } from './columns.js';

/**
 * How members of a merchant may deposit (decision 009). A manual channel shows the payee details
 * (an account the member pays into by themself, then sends the receipt); an online channel hands
 * the member to a payment gateway (`gateway_code`) and is credited only by its signed callback.
 */
export const depositChannels = pgTable(
  'deposit_channels',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantColumn(),
    /** A stable code per merchant (seed and operator references). */
    code: varchar('code', { length: 32 }).notNull(),
    /** manual or online. */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** bank, gcash, maya or ewallet. */
    method: varchar('method', { length: 16 }).notNull(),
    /** Display names per language: {"EN": ..., "TL": ...}. */
    names: jsonb('names').$type<{ EN: string; TL: string }>().notNull(),
    /** What a manual channel shows the member: whom to pay and where. */
    payeeName: varchar('payee_name', { length: 100 }),
    payeeAccount: varchar('payee_account', { length: 64 }),
    payeeBank: varchar('payee_bank', { length: 100 }),
    /** Limits of one deposit, in minor units. */
    minAmount: bigint('min_amount', { mode: 'bigint' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'bigint' }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sequence: integer('sequence').notNull().default(0),
    /** The payment gateway of an online channel (e.g. `sandbox`). */
    gatewayCode: varchar('gateway_code', { length: 32 }),
    /**
     * The channel fee of one deposit (`channelFee` in @app/shared): rate in basis points of the
     * amount plus a fixed part, then kept within min and max (null max: no cap), in minor units.
     */
    feeRateBp: integer('fee_rate_bp').notNull().default(0),
    feeFixed: moneyTotal('fee_fixed'),
    feeMin: moneyTotal('fee_min'),
    feeMax: bigint('fee_max', { mode: 'bigint' }),
    /** member: credited the amount less the fee; merchant: credited in full, fee is an expense. */
    feeBearer: varchar('fee_bearer', { length: 8 }).notNull().default('member'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deposit_channels_code').on(t.merchantId, t.code),
    check('deposit_channels_limits', sql`${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount}`),
    check('deposit_channels_kind', sql`${t.kind} in ('manual', 'online')`),
    check(
      'deposit_channels_fee',
      sql`${t.feeRateBp} between 0 and 5000 and ${t.feeFixed} >= 0 and ${t.feeMin} >= 0
          and (${t.feeMax} is null or ${t.feeMax} >= ${t.feeMin})
          and ${t.feeBearer} in ('member', 'merchant')`,
    ),
  ],
);

/**
 * One deposit request. Manual: pending until an operator approves (credited) or rejects it.
 * Online: pending until the gateway's signed callback says paid (credited) or failed. The credit
 * is the ledger entry `deposit:<id>`, written in the same transaction as the status change.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: merchantColumn(),
    memberId: memberColumn(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => depositChannels.id),
    /** manual or online (copied from the channel when created). */
    kind: varchar('kind', { length: 16 }).notNull(),
    currency: currency(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** pending, approved, rejected, credited or failed. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    /** The member's own reference of the payment (manual). */
    memberReference: varchar('member_reference', { length: 64 }),
    /** The receipt image (manual), re-encoded as JPEG like KYC images (decision 005). */
    receiptImage: bytea('receipt_image'),
    receiptContentType: varchar('receipt_content_type', { length: 32 }),
    /** The member's idempotency key: a second submit with it returns this deposit. */
    clientRequestId: varchar('client_request_id', { length: 64 }).notNull(),
    /** SHA-256 of what was asked, to tell a replay from a reuse of the key. */
    requestHash: char('request_hash', { length: 64 }).notNull(),
    gatewayCode: varchar('gateway_code', { length: 32 }),
    gatewayPaymentId: varchar('gateway_payment_id', { length: 64 }),
    /** Where the member pays (online): the gateway's checkout page. */
    redirectUrl: text('redirect_url'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
    /** The operator who decided (manual). */
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    /**
     * The channel fee fixed when the deposit was made (what the member was shown), and who bears
     * it; the credit posts it to the channel fee account.
     */
    feeAmount: moneyTotal('fee_amount'),
    feeBearer: varchar('fee_bearer', { length: 8 }).notNull().default('member'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('deposits_client_request').on(t.memberId, t.clientRequestId),
    uniqueIndex('deposits_gateway_payment').on(t.gatewayCode, t.gatewayPaymentId),
    index('deposits_member_idx').on(t.memberId, t.createdAt),
    index('deposits_queue_idx').on(t.merchantId, t.status, t.createdAt),
    check('deposits_positive', sql`${t.amount} > 0`),
    check(
      'deposits_fee',
      sql`${t.feeAmount} >= 0 and (${t.feeBearer} = 'merchant' or ${t.feeAmount} < ${t.amount})`,
    ),
  ],
);

/** Every callback a gateway sent, whatever became of it (`verdict`), for audit and support. */
export const gatewayCallbacks = pgTable(
  'gateway_callbacks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gatewayCode: varchar('gateway_code', { length: 32 }).notNull(),
    /** Known once the deposit is found. */
    merchantId: integer('merchant_id').references(() => merchants.id),
    depositId: bigint('deposit_id', { mode: 'number' }).references(() => deposits.id),
    paymentId: varchar('payment_id', { length: 64 }),
    nonce: varchar('nonce', { length: 64 }),
    signatureValid: boolean('signature_valid').notNull(),
    /** credited, failed, duplicate, replayed, bad_signature, stale_timestamp, amount_mismatch... */
    verdict: varchar('verdict', { length: 32 }).notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('gateway_callbacks_payment_idx').on(t.gatewayCode, t.paymentId),
    index('gateway_callbacks_nonce_idx').on(t.gatewayCode, t.nonce),
  ],
);

/**
 * The sandbox gateway's own records (it lives inside the server for tests and demos, decision
 * 009): payments it was asked to collect and payouts it was asked to send.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    /** payment or payout. */
    kind: varchar('kind', { length: 16 }).notNull(),
    merchantCode: varchar('merchant_code', { length: 32 }).notNull(),
    /** The platform's reference (a deposit or withdrawal id). */
    orderId: varchar('order_id', { length: 64 }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: currency(),
    /** pending, paid or cancelled. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    callbackPath: text('callback_path'),
    returnUrl: text('return_url'),
    /** The last signed callback it sent, exactly as sent (headers and raw body). */
    lastCallback: jsonb('last_callback').$type<{ headers: Record<string, string>; body: string }>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sandbox_payments_order').on(t.kind, t.merchantCode, t.orderId)],
);
