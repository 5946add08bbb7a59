import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { memberColumn } from './identity.js';
import { operators } from './operators.js';
import { merchants, merchantColumn } from './platform.js';
import { currency, updatedAt } from './columns.js';

/**
 * A manual balance adjustment an operator asked for (issue 7): a signed amount (minor units) on
 * the member's main wallet against the house account. Above the merchant's approval threshold it
 * waits (`pending`) for a second operator; `applied` carries the ledger entry, `rejected` moved
 * nothing. `request_id` makes a retried request answer the same row.
 */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantColumn(),
    memberId: memberColumn(),
    currency: currency(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    /** pending, applied or rejected. */
    status: varchar('status', { length: 16 }).notNull(),
    requestId: uuid('request_id').notNull(),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => operators.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('balance_adjustments_request').on(t.merchantId, t.requestId),
    index('balance_adjustments_queue').on(t.merchantId, t.status, t.id),
    check('balance_adjustments_not_zero', sql`${t.amount} <> 0`),
  ],
);

/**
 * The merchant's four-eyes rule for adjustments: an absolute amount above `approval_threshold`
 * (minor units) needs a second operator. A merchant without a row uses the default of
 * modules/member/adjustment.admin.service.ts.
 */
export const adjustmentSettings = pgTable(
  'adjustment_settings',
  {
    merchantId: integer('merchant_id')
      .primaryKey()
      .references(() => merchants.id),
    approvalThreshold: bigint('approval_threshold', { mode: 'bigint' }).notNull(),
    updatedBy: integer('updated_by').references(() => operators.id),
    updatedAt: updatedAt(),
  },
  (t) => [check('adjustment_settings_threshold', sql`${t.approvalThreshold} >= 0`)],
);
