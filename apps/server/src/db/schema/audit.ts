import {
  bigserial,
  char,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { merchants } from './platform.js';

/**
 * The append-only audit log (ARCHITECTURE.md security baseline): who did what to which record,
 * with the state before and after. Each row carries the SHA-256 of the previous row's hash and its
 * own content, so a removed or edited row breaks the chain (`npm run audit:verify`); a trigger
 * refuses UPDATE, DELETE and TRUNCATE whatever the database role.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').references(() => merchants.id),
    /** member, operator or system. */
    actorType: varchar('actor_type', { length: 16 }).notNull(),
    actorId: text('actor_id'),
    action: varchar('action', { length: 64 }).notNull(),
    subjectType: varchar('subject_type', { length: 32 }).notNull(),
    subjectId: text('subject_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: inet('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    prevHash: char('prev_hash', { length: 64 }).notNull(),
    hash: char('hash', { length: 64 }).notNull().unique(),
  },
  (t) => [
    index('audit_log_merchant_idx').on(t.merchantId, t.id),
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId),
  ],
);
