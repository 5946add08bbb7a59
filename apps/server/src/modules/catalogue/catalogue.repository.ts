import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { columnsEqual } from '../../db/columns-equal.js';
import type { Page } from '../../db/paging.js';
import {
  favoriteGames,
  gameCategories,
  games,
  recentGames,
  vendors,
} from '../../db/schema/index.js';

/** Enabled vendors with their category, in menu order. */
export function listEnabledVendors(db: Db, merchantId: number) {
  return db
    .select({
      category: gameCategories.code,
      code: vendors.code,
      displayName: vendors.displayName,
      logoUrl: vendors.logoUrl,
      maintenance: vendors.maintenance,
    })
    .from(vendors)
    .innerJoin(gameCategories, eq(gameCategories.id, vendors.categoryId))
    .where(and(eq(vendors.merchantId, merchantId), eq(vendors.enabled, true)))
    .orderBy(asc(gameCategories.sequence), asc(vendors.sequence));
}

/** What a game list reads of a game, its vendor and the caller's favourite mark. */
function gameColumns(memberId: number | null) {
  return {
    id: games.id,
    name: games.name,
    gameType: games.gameType,
    gameCode: games.gameCode,
    gameClassify: games.gameClassify,
    isGame: games.isGame,
    isHot: games.isHot,
    isNew: games.isNew,
    lagerIcon: games.lagerIcon,
    iconUrl: games.iconUrl,
    gameMaintenance: games.maintenance,
    vendorId: vendors.id,
    vassalage: vendors.code,
    vendorName: vendors.displayName,
    vendorMaintenance: vendors.maintenance,
    gameCategory: gameCategories.code,
    favorite:
      memberId === null
        ? sql<boolean>`false`
        : sql<boolean>`exists (select 1 from ${favoriteGames} where ${favoriteGames.memberId} = ${memberId} and ${favoriteGames.gameId} = ${games.id})`,
  };
}
export type GameRow = NonNullable<Awaited<ReturnType<typeof findGame>>>;

/** Only the games a member may see: this merchant's, enabled, of an enabled vendor. */
function visible(merchantId: number): SQL {
  return and(
    eq(games.merchantId, merchantId),
    eq(games.enabled, true),
    eq(vendors.enabled, true),
  ) as SQL;
}

/** Which games a list shows; every field narrows it. */
export type GameFilterSpec = {
  gameType?: string | undefined;
  vassalage?: string | undefined;
  /** Leave this vendor out (the in-house vendor in general lists). */
  excludeVassalage?: string | undefined;
  gameClassify?: string | undefined;
  onlyNew?: boolean;
  onlyHot?: boolean;
  /** Case-insensitive substring of the name in either language. */
  name?: string | undefined;
  /** Only games other than this one (maintenance suggestions). */
  excludeGameId?: number | undefined;
  onlyPlayable?: boolean;
};

function conditions(merchantId: number, spec: GameFilterSpec): SQL {
  const parts: (SQL | undefined)[] = [visible(merchantId)];
  if (spec.gameType) parts.push(eq(games.gameType, spec.gameType));
  if (spec.vassalage) parts.push(eq(vendors.code, spec.vassalage));
  if (spec.excludeVassalage) parts.push(sql`${vendors.code} <> ${spec.excludeVassalage}`);
  if (spec.gameClassify) parts.push(eq(games.gameClassify, spec.gameClassify));
  if (spec.onlyNew) parts.push(eq(games.isNew, 1));
  if (spec.onlyHot) parts.push(eq(games.isHot, 1));
  if (spec.excludeGameId !== undefined) parts.push(sql`${games.id} <> ${spec.excludeGameId}`);
  if (spec.onlyPlayable) {
    parts.push(eq(games.maintenance, false), eq(vendors.maintenance, false));
  }
  if (spec.name) {
    const pattern = `%${spec.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(
      or(ilike(sql`${games.name}->>'EN'`, pattern), ilike(sql`${games.name}->>'TL'`, pattern)),
    );
  }
  return and(...parts) as SQL;
}

/** Which list of the member's own a page is read from (the FAV and RECENT filters). */
export type OwnList = { kind: 'favorite' | 'recent'; memberId: number } | null;

/**
 * One page of games matching `spec`, in the operator's order; for the member's own lists, most
 * recently added or played first. `memberId` marks the caller's favourites.
 */
export async function listGames(
  db: Db,
  merchantId: number,
  memberId: number | null,
  spec: GameFilterSpec,
  own: OwnList,
  page: { page: number; size: number },
): Promise<Page<GameRow>> {
  const mark = own ? ownListMark(own) : undefined;
  const where = and(conditions(merchantId, spec), mark && sql`${mark} is not null`);
  const order = mark
    ? [desc(mark), desc(games.id)]
    : [asc(gameCategories.sequence), asc(vendors.sequence), asc(games.sequence), asc(games.id)];
  const [rows, [total]] = await Promise.all([
    selectGames(db, memberId)
      .where(where)
      .orderBy(...order)
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db
      .select({ n: count() })
      .from(games)
      .innerJoin(vendors, eq(vendors.id, games.vendorId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** When the member added the game to favourites or last launched it; null when never. */
function ownListMark(own: NonNullable<OwnList>): SQL {
  return own.kind === 'favorite'
    ? sql`(select ${favoriteGames.createdAt} from ${favoriteGames} where ${favoriteGames.memberId} = ${own.memberId} and ${favoriteGames.gameId} = ${games.id})`
    : sql`(select ${recentGames.playedAt} from ${recentGames} where ${recentGames.memberId} = ${own.memberId} and ${recentGames.gameId} = ${games.id})`;
}

function selectGames(db: Db, memberId: number | null) {
  return db
    .select(gameColumns(memberId))
    .from(games)
    .innerJoin(vendors, eq(vendors.id, games.vendorId))
    .innerJoin(gameCategories, eq(gameCategories.id, vendors.categoryId))
    .$dynamic();
}

/** A visible game of this merchant by its nodeId, or undefined. */
export async function findGame(db: Db, merchantId: number, memberId: number | null, id: number) {
  const [row] = await selectGames(db, memberId).where(and(visible(merchantId), eq(games.id, id)));
  return row;
}

/** Adds a favourite; a second add of the same game keeps the first (and its time). */
export async function addFavorite(
  db: Db,
  row: { merchantId: number; memberId: number; gameId: number },
): Promise<void> {
  await db.insert(favoriteGames).values(row).onConflictDoNothing();
}

export async function removeFavorite(db: Db, memberId: number, gameId: number): Promise<void> {
  await db
    .delete(favoriteGames)
    .where(and(eq(favoriteGames.memberId, memberId), eq(favoriteGames.gameId, gameId)));
}

/** Records a launch: the game moves to the top of the member's recent games. */
export async function recordRecentPlay(
  db: Db,
  row: { merchantId: number; memberId: number; gameId: number },
): Promise<void> {
  await db
    .insert(recentGames)
    .values(row)
    .onConflictDoUpdate({
      target: [recentGames.memberId, recentGames.gameId],
      set: { playedAt: sql`now()` },
    });
}

/** What a game's tile image shows, by vendor code and game code; disabled games too (old links). */
export async function findGameArt(
  db: Db,
  merchantId: number,
  vendorCode: string,
  gameCode: string,
) {
  const [row] = await db
    .select({ name: games.name, gameType: games.gameType })
    .from(games)
    .innerJoin(vendors, eq(vendors.id, games.vendorId))
    .where(and(columnsEqual(games, { merchantId, gameCode }), eq(vendors.code, vendorCode)))
    .limit(1);
  return row;
}
