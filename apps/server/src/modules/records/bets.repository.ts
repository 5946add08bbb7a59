import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { gameRounds, games, vendors } from '../../db/schema/index.js';
import type { LocalizedText } from '../../db/schema/platform.js';
import type { RecordScope as Scope } from '../ledger/index.js';

/**
 * The member's game rounds (game_rounds, written by the vendor wallet API), always filtered by
 * the caller's member id: no other member's round can appear.
 */

export type BetFilter = { vendor?: string; category?: string; status?: string };

/**
 * A round's status as the betting records show it (see BET_STATUSES), to the member and in the
 * back office's bets tab.
 */
export const roundStatus = sql<string>`case
  when ${gameRounds.betCount} > 0 and ${gameRounds.rollbackCount} >= ${gameRounds.betCount} then 'cancelled'
  when ${gameRounds.closed} or ${gameRounds.winCount} > 0 then 'settled'
  else 'open' end`;

/**
 * The name of a round's game in the merchant's catalogue (null when it is not listed); its columns
 * are qualified by hand, as drizzle leaves those of a one-table select unqualified.
 */
export const roundGameName = sql<LocalizedText | null>`(select g.name from ${games} g
  join ${vendors} v on v.id = g.vendor_id
  where g.merchant_id = game_rounds.merchant_id and v.code = game_rounds.vendor_code
    and g.game_code = game_rounds.game_code
  order by g.id limit 1)`;

function where(scope: Scope, filter: BetFilter): SQL {
  return and(
    eq(gameRounds.merchantId, scope.merchantId),
    eq(gameRounds.memberId, scope.memberId),
    eq(gameRounds.currency, scope.currency),
    gte(gameRounds.createdAt, scope.start),
    lt(gameRounds.createdAt, scope.end),
    filter.vendor ? eq(gameRounds.vendorCode, filter.vendor) : undefined,
    filter.category ? eq(gameRounds.gameCategory, filter.category) : undefined,
    filter.status ? sql`${roundStatus} = ${filter.status}` : undefined,
  )!;
}

export type BetRow = {
  id: number;
  roundId: string;
  vendorCode: string;
  vendorName: string | null;
  gameCode: string;
  gameName: LocalizedText | null;
  gameCategory: string;
  stake: bigint;
  win: bigint;
  status: string;
  createdAt: Date;
};

export async function betRows(
  db: Db,
  scope: Scope,
  filter: BetFilter,
  page: { limit: number; offset: number },
): Promise<BetRow[]> {
  const rows = await db
    .select({
      id: gameRounds.id,
      roundId: gameRounds.roundId,
      vendorCode: gameRounds.vendorCode,
      // Qualified by hand: drizzle leaves columns of a one-table select unqualified.
      vendorName: sql<string | null>`(select v.display_name from ${vendors} v
        where v.merchant_id = game_rounds.merchant_id and v.code = game_rounds.vendor_code
        order by v.id limit 1)`,
      gameCode: gameRounds.gameCode,
      gameName: roundGameName,
      gameCategory: gameRounds.gameCategory,
      betTotal: gameRounds.betTotal,
      refundTotal: gameRounds.refundTotal,
      win: gameRounds.winTotal,
      status: roundStatus,
      createdAt: gameRounds.createdAt,
    })
    .from(gameRounds)
    .where(where(scope, filter))
    .orderBy(desc(gameRounds.createdAt), desc(gameRounds.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(({ betTotal, refundTotal, ...row }) => ({
    ...row,
    stake: betTotal - refundTotal,
  }));
}

export async function betTotals(
  db: Db,
  scope: Scope,
  filter: BetFilter,
): Promise<{ count: number; stake: bigint; win: bigint }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      stake: sql<string>`coalesce(sum(${gameRounds.betTotal} - ${gameRounds.refundTotal}), 0)::text`,
      win: sql<string>`coalesce(sum(${gameRounds.winTotal}), 0)::text`,
    })
    .from(gameRounds)
    .where(where(scope, filter));
  return { count: row?.count ?? 0, stake: BigInt(row?.stake ?? 0), win: BigInt(row?.win ?? 0) };
}
