import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
} from 'drizzle-orm/pg-core';
import { memberColumn } from './identity.js';
import { merchantColumn } from './platform.js';
import { currency, moneyTotal } from './columns.js';

/**
 * The agent reports' rollup of game rounds (decision 015): per member, report day (Asia/Manila)
 * and currency, the figures of that member's rounds created that day (by `created_at`) and the
 * valid bets of its rounds closed that day (by `updated_at`, the active-member rule's time,
 * decision 014); `span` W rows hold the sum of the member's D rows of the ISO week starting on
 * `day` (Monday), M rows of the calendar month starting on `day`.
 * Kept current by the job `agent-report-rollup` from the vendor transactions after
 * `agent_report_rollup_state.transaction_id`; the reports add what changed after it.
 */
export const agentReportDays = pgTable(
  'agent_report_days',
  {
    merchantId: merchantColumn(),
    memberId: memberColumn(),
    /** D: one day; W: the ISO week starting on `day`; M: the month starting on `day`. */
    span: char('span', { length: 1 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    currency: currency(),
    betCount: integer('bet_count').notNull(),
    bets: bigint('bets', { mode: 'bigint' }).notNull(),
    validBets: bigint('valid_bets', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
    /** Rounds closed on the day(s), whatever day they were created. */
    closedCount: integer('closed_count').notNull().default(0),
    /** Their valid bets by the active-member rule (stakes less returned stakes). */
    closedValidBets: moneyTotal('closed_valid_bets'),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.span, t.day, t.currency] }),
    // The reports read a span's rows of a range of days for a whole team: every column they
    // read is in this index, so that scan never visits the table (decision 015).
    index('agent_report_days_covering').on(
      t.span,
      t.day,
      t.memberId,
      t.currency,
      t.merchantId,
      t.betCount,
      t.bets,
      t.validBets,
      t.payout,
      t.closedCount,
      t.closedValidBets,
    ),
    check('agent_report_days_span', sql`${t.span} in ('D', 'W', 'M')`),
  ],
);

/**
 * Which close days hold the closed rounds of a member's created day: per member, currency,
 * created day (`day`) and close day, the closed rounds' count and valid bets. A pass recomputes
 * the pairs of every member-day a vendor transaction touched (the round's close day may move, a
 * rollback may change its valid bets), so it knows the close days each round left and reached;
 * the day rows' closed figures are the sums of these pairs by close day (decision 015).
 */
export const agentReportCloses = pgTable(
  'agent_report_closes',
  {
    merchantId: merchantColumn(),
    memberId: memberColumn(),
    currency: currency(),
    /** The day the rounds were created. */
    day: date('day', { mode: 'string' }).notNull(),
    /** The day they closed. */
    closedDay: date('closed_day', { mode: 'string' }).notNull(),
    closedCount: integer('closed_count').notNull(),
    validBets: bigint('valid_bets', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.day, t.currency, t.closedDay] }),
    index('agent_report_closes_closed_day').on(t.memberId, t.closedDay),
  ],
);

/**
 * How far the rollup has read the vendor transactions: every game_transactions row up to
 * `transaction_id` (and the round change it came with) is in `agent_report_days`. One row;
 * none until the first build.
 */
export const agentReportRollupState = pgTable(
  'agent_report_rollup_state',
  {
    id: smallint('id').primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('agent_report_rollup_state_one', sql`${t.id} = 1`)],
);
