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
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members, memberColumn } from './identity.js';
import { merchantColumn } from './platform.js';
import { createdAt, currency, moneyTotal } from './columns.js';

/**
 * The double-entry ledger (ARCHITECTURE.md, money; docs/decisions/007-ledger.md). Every balance is
 * a row here: member wallets, vendor transfer wallets, agent commission, and the merchant's own
 * accounts (house, bonus, payments in transit, withdrawals pending, open bets). The merchant's
 * accounts are split into shards so concurrent bets do not queue on one row; their balance is
 * the sum of the shards. `balance` is a cache of the postings, kept in the same transaction;
 * accounts that belong to a member can never go below zero (CHECK).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: merchantColumn(),
    currency: currency(),
    kind: varchar('kind', { length: 32 }).notNull(),
    memberId: integer('member_id').references(() => members.id),
    /** The vendor of a transfer wallet; '' for every other account. */
    vendorCode: varchar('vendor_code', { length: 32 }).notNull().default(''),
    shard: smallint('shard').notNull().default(0),
    balance: moneyTotal('balance'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ledger_accounts_identity')
      .on(t.merchantId, t.currency, t.kind, t.memberId, t.vendorCode, t.shard)
      .nullsNotDistinct(),
    index('ledger_accounts_member_idx').on(t.memberId),
    check('ledger_accounts_member_not_negative', sql`${t.memberId} is null or ${t.balance} >= 0`),
  ],
);

/**
 * One money movement: immutable (a trigger refuses UPDATE and DELETE), identified per merchant by
 * its idempotency key; `requestHash` tells a replay (same body) from a conflicting reuse.
 *
 * The journal's two tables carry no foreign keys (decision 007, "journal without foreign keys"):
 * each one costs a row lookup and a row lock per row written, well over half of a batch's work.
 * Only the ledger writes them, from rows it has just locked or inserted; accounts, members and
 * merchants are never deleted; `npm run ledger:reconcile` reports any posting or entry that points
 * at nothing.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    currency: currency(),
    type: varchar('type', { length: 32 }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: char('request_hash', { length: 64 }).notNull(),
    /** The member the movement is about, for their records; null for merchant-only movements. */
    memberId: integer('member_id'),
    /** What caused it: a deposit, a withdrawal, a bet round... */
    reference: jsonb('reference'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_idempotency').on(t.merchantId, t.idempotencyKey),
    index('ledger_entries_member_idx').on(t.memberId, t.createdAt),
  ],
);

/** One side of an entry: a signed amount on one account, with that account's balance after it. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    index('ledger_postings_entry_idx').on(t.entryId),
    index('ledger_postings_account_idx').on(t.accountId, t.id),
    check('ledger_postings_not_zero', sql`${t.amount} <> 0`),
  ],
);

/**
 * A two-phase movement (withdrawal, open bet): the amount left the member's account into a
 * holding account when the hold was placed; it is then posted on (to where it goes) or voided
 * (back to the member), exactly once.
 */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: merchantColumn(),
    currency: currency(),
    memberId: memberColumn(),
    /** The member account the amount came from and goes back to on void. */
    sourceAccountId: bigint('source_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    /** The holding account (withdrawals_pending or bets_open shard). */
    holdAccountId: bigint('hold_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** pending, posted or voided. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    placeEntryId: bigint('place_entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id),
    settleEntryId: bigint('settle_entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ledger_holds_place_entry').on(t.placeEntryId),
    index('ledger_holds_member_idx').on(t.memberId, t.status),
    check('ledger_holds_positive', sql`${t.amount} > 0`),
  ],
);
