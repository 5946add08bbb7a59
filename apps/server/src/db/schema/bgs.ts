import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { memberColumn } from './identity.js';
import { merchantColumn } from './platform.js';
import { createdAt } from './columns.js';

/**
 * A member's seed pair of the provably fair BGS slot (docs/games/bgs-slot.md). The server seed
 * is secret (sealed at rest) while the pair is active, its SHA-256 shown before play; rotating
 * ends the pair (`active` false, `revealed_at` set) and from then on the seed is shown with
 * every round it played. One active pair per member.
 */
export const bgsSeedPairs = pgTable(
  'bgs_seed_pairs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: merchantColumn(),
    memberId: memberColumn(),
    /** Sealed (lib/secret-box.ts): the bgs service seals and opens it. */
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: char('server_seed_hash', { length: 64 }).notNull(),
    clientSeed: varchar('client_seed', { length: 64 }).notNull(),
    /** The nonce of the next round of this pair. */
    nextNonce: integer('next_nonce').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bgs_seed_pairs_active')
      .on(t.memberId)
      .where(sql`${t.active}`),
    index('bgs_seed_pairs_member').on(t.memberId, t.id),
  ],
);

/**
 * A played BGS round: the proof inputs (pair, client seed, nonce, bet) and the outcome as the
 * engine computed it. Money moved through the vendor wallet API as vendor BGS, round
 * `round_id`, in the same database transaction as this row.
 */
export const bgsRounds = pgTable(
  'bgs_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: merchantColumn(),
    memberId: memberColumn(),
    seedPairId: bigint('seed_pair_id', { mode: 'number' })
      .notNull()
      .references(() => bgsSeedPairs.id),
    /** The vendor wallet round id (`<pair>-<nonce>`). */
    roundId: varchar('round_id', { length: 64 }).notNull(),
    clientRequestId: varchar('client_request_id', { length: 64 }).notNull(),
    clientSeed: varchar('client_seed', { length: 64 }).notNull(),
    nonce: integer('nonce').notNull(),
    /** Minor units. */
    bet: bigint('bet', { mode: 'bigint' }).notNull(),
    win: bigint('win', { mode: 'bigint' }).notNull(),
    /** Stops, window, line wins and scatter count as the engine returned them. */
    outcome: jsonb('outcome').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bgs_rounds_request').on(t.memberId, t.clientRequestId),
    uniqueIndex('bgs_rounds_nonce').on(t.seedPairId, t.nonce),
    index('bgs_rounds_member').on(t.memberId, t.id),
  ],
);
