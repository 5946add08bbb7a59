import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { memberColumn } from './identity.js';
import { games, merchantColumn } from './platform.js';
import { createdAt } from './columns.js';

/** A member's favourite games (SPEC section 4); adding one twice keeps the first row. */
export const favoriteGames = pgTable(
  'favorite_games',
  {
    merchantId: merchantColumn(),
    memberId: memberColumn(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.gameId] }),
    index('favorite_games_member_idx').on(t.memberId, t.createdAt),
  ],
);

/** The last launch of each game by each member: the recent games list. */
export const recentGames = pgTable(
  'recent_games',
  {
    merchantId: merchantColumn(),
    memberId: memberColumn(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.gameId] }),
    index('recent_games_member_idx').on(t.memberId, t.playedAt),
  ],
);
