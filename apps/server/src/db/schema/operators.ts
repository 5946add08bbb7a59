import { sql } from 'drizzle-orm';
import {
  index,
  inet,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { merchants } from './platform.js';
import { sealedText } from './sealed.js';

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
    /** TOTP (RFC 6238), required for every operator: the secret being enrolled, then the bound one. */
    totpPendingSecret: sealedText('totp_pending_secret'),
    totpSecret: sealedText('totp_secret'),
    totpLastStep: integer('totp_last_step'),
    /** SHA-256 of the token that confirms a TOTP enrolment started by a correct password. */
    enrolmentTokenHash: varchar('enrolment_token_hash', { length: 64 }),
    enrolmentExpiresAt: timestamp('enrolment_expires_at', { withTimezone: true }),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute expiry; the idle limit is checked against last_seen_at. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);
