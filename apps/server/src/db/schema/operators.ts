import { sql } from 'drizzle-orm';
import {
  index,
  inet,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { merchants } from './platform.js';
import { createdAt } from './columns.js';

/**
 * A back-office account (decision 008). `merchant_id` null is the platform super-operator, who
 * works across merchants; every other operator sees only its own merchant. Usernames are stored
 * lower-case and are unique per merchant (and among platform operators).
 */
export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id').references(() => merchants.id),
    username: varchar('username', { length: 32 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** owner, finance, risk_kyc, customer_service, marketing, read_only (packages/shared). */
    role: varchar('role', { length: 24 }).notNull(),
    /** active or disabled. */
    status: varchar('status', { length: 16 }).notNull().default('active'),
    /**
     * TOTP (RFC 6238), required for every operator: the secret being enrolled, then the bound one,
     * both sealed (lib/secret-box.ts) by the operator module.
     */
    totpPendingSecret: text('totp_pending_secret'),
    totpSecret: text('totp_secret'),
    totpLastStep: integer('totp_last_step'),
    /**
     * SHA-256 of the one-time enrolment code that the creation command or an owner issued: with
     * the password it starts a TOTP enrolment (a password alone never does). Spent by its first use.
     */
    enrolmentCodeHash: varchar('enrolment_code_hash', { length: 64 }),
    enrolmentCodeExpiresAt: timestamp('enrolment_code_expires_at', { withTimezone: true }),
    /** SHA-256 of the token that confirms a TOTP enrolment started by password and enrolment code. */
    enrolmentTokenHash: varchar('enrolment_token_hash', { length: 64 }),
    enrolmentExpiresAt: timestamp('enrolment_expires_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('operators_username_unique')
      .on(t.merchantId, t.username)
      .where(sql`${t.merchantId} is not null`),
    uniqueIndex('operators_platform_username_unique')
      .on(t.username)
      .where(sql`${t.merchantId} is null`),
  ],
);

/** Operator bearer sessions, separate from member sessions; only the token's SHA-256 is kept. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    ip: inet('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute expiry; the idle limit is checked against last_seen_at. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);

/**
 * Sign-in attempts per subject (merchant and username, known or not) and source address, reserved
 * before the secret is checked so that parallel guesses all count (decision 008). The row with
 * source `*` counts every source: past its limit a password is judged only with a second factor.
 * `blocked_until` is the growing delay of one source. A row restarts when its last attempt is
 * older than the window, and such rows are pruned.
 */
export const operatorLoginAttempts = pgTable(
  'operator_login_attempts',
  {
    subject: varchar('subject', { length: 80 }).notNull(),
    source: varchar('source', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.subject, t.source] }),
    index('operator_login_attempts_last_idx').on(t.lastAttemptAt),
  ],
);
