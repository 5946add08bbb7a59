import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { memberColumn } from './identity.js';
import { ledgerEntries } from './ledger.js';
import { vendors, merchantColumn } from './platform.js';
import { createdAt, currency, moneyTotal, updatedAt } from './columns.js';

/**
 * How a merchant and a game vendor trust each other (docs/vendor-wallet-api.md). `vendorCode` is
 * the `vendors.code` of the catalogue (one vendor code may be listed under several categories,
 * so the credential is per code, not per `vendors` row). `secret` signs both directions
 * (HMAC-SHA256); with `rsaPublicKey` the vendor's calls must be signed RSA-SHA256 instead.
 */
export const vendorCredentials = pgTable(
  'vendor_credentials',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantColumn(),
    vendorCode: varchar('vendor_code', { length: 32 }).notNull(),
    /** seamless (the vendor calls our wallet) or transfer (the vendor holds a balance). */
    walletMode: varchar('wallet_mode', { length: 16 }).notNull().default('seamless'),
    /** Sealed (lib/secret-box.ts): the vendor wallet seals and opens it. */
    secret: text('secret').notNull(),
    /** PEM (SPKI) of the vendor's key, when the vendor signs with RSA-SHA256. */
    rsaPublicKey: text('rsa_public_key'),
    currency: currency(),
    /** Where the platform calls the vendor (launch, transfer wallet); no trailing slash. */
    baseUrl: text('base_url').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vendor_credentials_unique').on(t.merchantId, t.vendorCode),
    check('vendor_credentials_mode', sql`${t.walletMode} in ('seamless', 'transfer')`),
  ],
);

/**
 * A launch: the token a vendor presents on balance and bet calls. Only its SHA-256 is kept, so
 * a database reader cannot play as the member.
 */
/** What ended a member's open games at once (decision 018). */
export type GameSessionRevocation = 'password' | 'self_exclusion' | 'lock' | 'restriction';

export const gameSessions = pgTable(
  'game_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: merchantColumn(),
    memberId: memberColumn(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    vendorCode: varchar('vendor_code', { length: 32 }).notNull(),
    gameCode: varchar('game_code', { length: 64 }).notNull(),
    tokenHash: char('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * Set when the member's state ends every open game at once (decision 018): a revoked token
     * takes no new bet, while wins and rollbacks of bets already placed still pay.
     */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Why: a password change answers the vendor RS_ERROR_TOKEN_EXPIRED, the rest USER_DISABLED. */
    revokedReason: varchar('revoked_reason', { length: 16 }).$type<GameSessionRevocation>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('game_sessions_token').on(t.tokenHash),
    index('game_sessions_member').on(t.memberId, t.createdAt),
  ],
);

/**
 * One round of one member with one vendor: the totals of its bets, wins and rolled-back stakes,
 * kept with each transaction (the betting records list these rows).
 */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: merchantColumn(),
    memberId: memberColumn(),
    vendorCode: varchar('vendor_code', { length: 32 }).notNull(),
    /** The vendor's round id. */
    roundId: varchar('round_id', { length: 64 }).notNull(),
    gameCode: varchar('game_code', { length: 64 }).notNull(),
    gameCategory: varchar('game_category', { length: 16 }).notNull(),
    currency: currency(),
    betTotal: moneyTotal('bet_total'),
    winTotal: moneyTotal('win_total'),
    /** Stakes given back by rollbacks. */
    refundTotal: moneyTotal('refund_total'),
    betCount: integer('bet_count').notNull().default(0),
    winCount: integer('win_count').notNull().default(0),
    rollbackCount: integer('rollback_count').notNull().default(0),
    closed: boolean('closed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('game_rounds_unique').on(t.merchantId, t.vendorCode, t.memberId, t.roundId),
    index('game_rounds_member_time').on(t.memberId, t.createdAt),
  ],
);

/**
 * A vendor's bet, win or rollback, once per (credential, transaction id). `response` is the
 * exact answer sent, which every replay sends again. A rollback of a bet not seen yet leaves a
 * `void` bet row (no amount, no round) so the bet arriving later is refused.
 */
export const gameTransactions = pgTable(
  'game_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: merchantColumn(),
    credentialId: integer('credential_id')
      .notNull()
      .references(() => vendorCredentials.id),
    memberId: memberColumn(),
    kind: varchar('kind', { length: 8 }).notNull(),
    transactionUuid: varchar('transaction_uuid', { length: 64 }).notNull(),
    /** The bet a win or rollback refers to. */
    referenceUuid: varchar('reference_uuid', { length: 64 }),
    roundPk: bigint('round_pk', { mode: 'number' }).references(() => gameRounds.id),
    amount: moneyTotal('amount'),
    /** applied; rolled_back (a bet a rollback cancelled); void (a bet known only by its rollback). */
    state: varchar('state', { length: 12 }).notNull().default('applied'),
    /** A bet that a win has paid: it can no longer be rolled back. */
    settled: boolean('settled').notNull().default(false),
    /** SHA-256 of the call's content without request_uuid: a replay must match it. */
    contentHash: char('content_hash', { length: 64 }),
    response: text('response'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('game_transactions_unique').on(t.credentialId, t.transactionUuid),
    index('game_transactions_wins')
      .on(t.merchantId, t.createdAt)
      .where(sql`${t.kind} = 'win' and ${t.amount} > 0`),
    check('game_transactions_kind', sql`${t.kind} in ('bet', 'win', 'rollback')`),
    check(
      'game_transactions_state',
      sql`${t.state} in ('applied', 'rolled_back', 'void', 'refused')`,
    ),
    check('game_transactions_amount', sql`${t.amount} >= 0`),
  ],
);

/** Answers of balance and info calls by request id, so a replayed request reads the same bytes. */
export const gameBalanceRequests = pgTable(
  'game_balance_requests',
  {
    credentialId: integer('credential_id')
      .notNull()
      .references(() => vendorCredentials.id),
    requestUuid: varchar('request_uuid', { length: 64 }).notNull(),
    contentHash: char('content_hash', { length: 64 }).notNull(),
    response: text('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.credentialId, t.requestUuid] })],
);

/**
 * A move of money between the main wallet and a transfer-wallet vendor, at the vendor:
 * `transferUuid` is the unique reference the vendor applies once. pending until the vendor
 * answered (or its status check did). `ledgerEntryId` moved the amount into the in-transit
 * account; `reverseEntryId` is the entry that ended it (to the vendor wallet account or the main
 * wallet when completed, back where it came from when failed).
 */
export const vendorTransfers = pgTable(
  'vendor_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: merchantColumn(),
    memberId: memberColumn(),
    credentialId: integer('credential_id')
      .notNull()
      .references(() => vendorCredentials.id),
    direction: varchar('direction', { length: 3 }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    transferUuid: varchar('transfer_uuid', { length: 64 }).notNull(),
    state: varchar('state', { length: 12 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
    reverseEntryId: bigint('reverse_entry_id', { mode: 'number' }).references(
      () => ledgerEntries.id,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vendor_transfers_uuid').on(t.transferUuid),
    index('vendor_transfers_pending').on(t.state, t.updatedAt),
    check('vendor_transfers_direction', sql`${t.direction} in ('in', 'out')`),
    // unresolved: the re-settle job gave up after its attempts; an operator resolves it.
    check(
      'vendor_transfers_state',
      sql`${t.state} in ('pending', 'completed', 'failed', 'unresolved')`,
    ),
    check('vendor_transfers_amount', sql`${t.amount} > 0`),
  ],
);
