import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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
import { bonusGrants } from './bonus.js';
import { createdAt, currency, moneyTotal, updatedAt } from './columns.js';
import { memberColumn } from './identity.js';
import { merchantColumn } from './platform.js';

/**
 * Promotion campaigns (decision 025). `terms` holds the campaign's terms as the editor sends them
 * (amounts as decimal strings); `starts_at` and `ends_at` repeat its schedule for the queries.
 * `paid` and `receivers` count what its grants took: a claim locks the row and checks the budget
 * and the receivers against them in its own transaction.
 */
export const promotionCampaigns = pgTable(
  'promotion_campaigns',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantColumn(),
    /** draft, live, paused or closed (the operator's state). */
    state: varchar('state', { length: 16 }).notNull().default('draft'),
    kind: varchar('kind', { length: 24 }).notNull(),
    /** The merchant's currency, which its grants pay in. */
    currency: currency(),
    terms: jsonb('terms').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    paid: moneyTotal('paid'),
    receivers: integer('receivers').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('promotion_campaigns_merchant').on(t.merchantId, t.state, t.endsAt),
    check('promotion_campaigns_state', sql`${t.state} in ('draft', 'live', 'paused', 'closed')`),
    check('promotion_campaigns_counts', sql`${t.paid} >= 0 and ${t.receivers} >= 0`),
  ],
);

/**
 * A member's participation in a campaign for one period (decision 025): unique per (campaign,
 * member, period), so a join or a qualifying event that arrives twice finds the same row. `terms`
 * is the campaign's terms when the participation began: a later edit of the campaign never
 * changes it. `grant_id` is the bonus the claim paid.
 */
export const promotionParticipations = pgTable(
  'promotion_participations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: merchantColumn(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => promotionCampaigns.id),
    memberId: memberColumn(),
    periodKey: varchar('period_key', { length: 16 }).notNull(),
    /** joined, qualified, applying, rejected, issued, process, claimed or forfeited. */
    state: varchar('state', { length: 16 }).notNull(),
    /** The amount that qualified (a deposit, a period's net loss); null before. */
    qualifying: bigint('qualifying', { mode: 'bigint' }),
    /** The reward the claim pays; null until it is known. */
    reward: bigint('reward', { mode: 'bigint' }),
    terms: jsonb('terms').notNull(),
    grantId: bigint('grant_id', { mode: 'number' }).references(() => bonusGrants.id),
    /** Why an application was rejected or a grant forfeited. */
    reason: text('reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('promotion_participations_period').on(t.campaignId, t.memberId, t.periodKey),
    index('promotion_participations_member').on(t.memberId, t.updatedAt),
    check(
      'promotion_participations_state',
      sql`${t.state} in ('joined', 'qualified', 'applying', 'rejected', 'issued', 'process', 'claimed', 'forfeited')`,
    ),
    check(
      'promotion_participations_amounts',
      sql`coalesce(${t.qualifying}, 0) >= 0 and coalesce(${t.reward}, 0) >= 0`,
    ),
  ],
);
