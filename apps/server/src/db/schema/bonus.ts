import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { memberColumn } from './identity.js';
import { ledgerEntries } from './ledger.js';
import { merchantColumn } from './platform.js';
import { createdAt, currency, moneyTotal } from './columns.js';

/**
 * A bonus paid to a member (promotion, rebate, operator grant) and the turnover it asks for: valid
 * bets of at least `turnover_required` before the member may withdraw. Bets add to
 * `turnover_done` of the member's oldest active grants first; a grant whose turnover is done is
 * completed. The money itself moves only through the ledger (`ledger_entry_id`).
 */
export const bonusGrants = pgTable(
  'bonus_grants',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: merchantColumn(),
    memberId: memberColumn(),
    currency: currency(),
    /** promotion, rebate, adjustment, welcome... what the member's bonus list calls it. */
    kind: varchar('kind', { length: 32 }).notNull(),
    /** The member-facing name of the bonus in each language. */
    title: jsonb('title').$type<{ EN: string; TL: string }>().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    turnoverRequired: bigint('turnover_required', { mode: 'bigint' }).notNull(),
    turnoverDone: moneyTotal('turnover_done'),
    /** active (turnover left), completed (turnover done) or cancelled (by an operator). */
    status: varchar('status', { length: 16 }).notNull().default('active'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('bonus_grants_member').on(t.memberId, t.createdAt),
    check(
      'bonus_grants_amounts',
      sql`${t.amount} > 0 and ${t.turnoverRequired} >= 0 and ${t.turnoverDone} >= 0`,
    ),
    check('bonus_grants_status', sql`${t.status} in ('active', 'completed', 'cancelled')`),
  ],
);
