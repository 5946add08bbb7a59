import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { restrictedPersons, memberColumn } from './identity.js';
import { merchantColumn } from './platform.js';
import { createdAt } from './columns.js';

/**
 * The risk team's work queue (issue 18): one item per member and restricted-persons entry that
 * matches them, found by a list import's re-check, a refused login or a KYC submission. The
 * unique (member, entry) pair makes every path idempotent: importing the same file twice, or
 * the same person trying again, adds no second item.
 */
export const riskQueueItems = pgTable(
  'risk_queue_items',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantColumn(),
    memberId: memberColumn(),
    /** restricted_person_match (the only kind so far). */
    kind: varchar('kind', { length: 32 }).notNull(),
    restrictedPersonId: integer('restricted_person_id').references(() => restrictedPersons.id, {
      onDelete: 'set null',
    }),
    /** Where it was found: import, login, register, profile, kyc. */
    stage: varchar('stage', { length: 16 }).notNull(),
    /** What matched: which of the member's facts (name, birthday, ID number) met the entry. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('risk_queue_items_member_entry')
      .on(t.memberId, t.restrictedPersonId)
      .where(sql`${t.restrictedPersonId} is not null`),
    index('risk_queue_items_merchant').on(t.merchantId, t.createdAt),
  ],
);
