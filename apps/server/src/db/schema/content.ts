import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { memberColumn } from './identity.js';
import { type LocalizedText, merchantColumn } from './platform.js';
import { createdAt } from './columns.js';

/**
 * Platform messages of the member inbox (messageV2, issue 6): written by an operator in EN and
 * TL, sent to one member (`target` member, one row in platform_message_recipients), a segment
 * (`target` segment: MEMBERS or AGENTS) or everyone (`target` all). Shown from `sendAt` until
 * `expiresAt`; withdrawn ones are hidden.
 */
export const platformMessages = pgTable(
  'platform_messages',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantColumn(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    /** Sanitised HTML per language. */
    content: jsonb('content').$type<LocalizedText>().notNull(),
    target: varchar('target', { length: 8 }).notNull(),
    segment: varchar('segment', { length: 16 }),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    withdrawn: boolean('withdrawn').notNull().default(false),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('platform_messages_merchant_idx').on(t.merchantId, t.sendAt)],
);

/** The one member a `target` member message is for. */
export const platformMessageRecipients = pgTable(
  'platform_message_recipients',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => platformMessages.id),
    memberId: memberColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.memberId] }),
    index('platform_message_recipients_member_idx').on(t.memberId),
  ],
);

/** A member read a message (any target). */
export const platformMessageReads = pgTable(
  'platform_message_reads',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => platformMessages.id),
    memberId: memberColumn(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.memberId] }),
    index('platform_message_reads_member_idx').on(t.memberId),
  ],
);

/** Hot matches of the sports vendor (home page hot match row, SPEC section 3). */
export const sportsHotMatches = pgTable(
  'sports_hot_matches',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantColumn(),
    /** The sports vendor's code (vassalage) the bet button opens. */
    vendorCode: varchar('vendor_code', { length: 32 }).notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    homeTeam: text('home_team').notNull(),
    awayTeam: text('away_team').notNull(),
    homeTeamImageUrl: text('home_team_image_url').notNull().default(''),
    awayTeamImageUrl: text('away_team_image_url').notNull().default(''),
    matchTime: timestamp('match_time', { withTimezone: true }).notNull(),
    sequence: smallint('sequence').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [index('sports_hot_matches_merchant_idx').on(t.merchantId, t.matchTime)],
);
