import {
  FAVORITE_THROTTLE_MS,
  GameCategory,
  HOT_GAMES_LIMIT,
  IN_HOUSE_VENDOR,
  IsGame,
  MAINTENANCE_SUGGESTIONS,
  NAV_EXCLUDED,
  parseLanguage,
  type FavoriteRequest,
  type FavoriteResult,
  type GameItem,
  type GameListQuery,
  type GameMenus,
  type GamePage,
  type HotGamesQuery,
  type Language,
  type RecentGamesQuery,
} from '@app/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Page } from '../../db/paging.js';
import { AppError } from '../../lib/app-error.js';
import type { SignedIn } from '../../lib/guards.js';
import { consumeOrThrottle, type RateLimiter } from '../../lib/rate-limiter.js';
import type { Auth } from '../auth/index.js';
import type { Merchant } from '../merchant/index.js';
import * as repo from './catalogue.repository.js';
import { renderGameIcon } from './game-icon.js';
import type { GameFilterSpec, GameRow, OwnList } from './catalogue.repository.js';

/** Who asks: the request's merchant and language, and the caller (visitor or account). */
export type CatalogueCaller = { merchant: Merchant; language: Language; auth: Auth };

/**
 * Categories with at least one enabled vendor, each with its vendors, in menu order. The in-house
 * vendor has its own navigation entry and PROMO and HOME are not game categories, so none of them
 * is listed here (SPEC section 9); neither is a category this version does not know.
 */
export async function getGameMenus(db: Db, merchantId: number): Promise<GameMenus> {
  const excluded: readonly string[] = NAV_EXCLUDED;
  const menus: GameMenus = [];
  for (const row of await repo.listEnabledVendors(db, merchantId)) {
    const gameType = GameCategory.safeParse(row.category);
    if (!gameType.success || excluded.includes(row.code)) continue;
    let menu = menus.at(-1);
    if (menu?.gameCategory !== gameType.data) {
      menu = { gameCategory: gameType.data, vendors: [] };
      menus.push(menu);
    }
    menu.vendors.push({
      displayName: row.displayName,
      vassalage: row.code,
      gameType: gameType.data,
      maintenance: row.maintenance,
      logoUrl: row.logoUrl,
    });
  }
  return menus;
}

/** A game row as the member API shows it, in the caller's language. */
export function toGameItem(row: GameRow, language: Language): GameItem {
  const name = row.name[language] || row.name.EN;
  return {
    nodeId: row.id,
    nodeName: name,
    gameName: name,
    gameType: GameCategory.parse(row.gameType),
    vassalage: row.vassalage,
    gameCategory: GameCategory.parse(row.gameCategory),
    gameClassify: row.gameClassify,
    gameCode: row.gameCode,
    isGame: IsGame.parse(row.isGame),
    isHot: row.isHot === 1 ? 1 : 0,
    isNew: row.isNew === 1 ? 1 : 0,
    lagerIcon: row.lagerIcon,
    iconUrl: row.iconUrl,
    vendorName: row.vendorName,
    maintenance: row.gameMaintenance || row.vendorMaintenance,
    favorite: row.favorite,
  };
}

function memberIdOf(auth: Auth): number | null {
  return auth.role === 'visitor' ? null : auth.member.id;
}

/**
 * The clients of SPEC section 7 send the merchant code in the query too. The request's merchant
 * (Merchant header or host) decides what is read; a different code in the query is refused, so a
 * caller never believes it reads another merchant's catalogue.
 */
function checkMerchantParam(caller: CatalogueCaller, code: string | undefined, path: string) {
  if (code !== undefined && code !== '' && code !== caller.merchant.code) {
    throw new AppError('VALIDATION_ERROR', { issues: [{ path, reason: 'other_merchant' }] });
  }
}

function languageOf(caller: CatalogueCaller, language: string | undefined): Language {
  return parseLanguage(language, caller.language);
}

/**
 * The in-house vendor's games have their own page (/bgs) and are left out of the slot lists
 * (SPEC section 9); they are listed only when a list names the vendor.
 */
function inHouseExclusion(vassalage: string | undefined): string | undefined {
  return vassalage ? undefined : IN_HOUSE_VENDOR;
}

function toPage(page: Page<GameRow>, pageNo: number, pageSize: number, language: Language) {
  return {
    content: page.rows.map((row) => toGameItem(row, language)),
    pageNum: pageNo,
    pageSize,
    totalPages: Math.ceil(page.total / pageSize),
    totalElements: page.total,
  } satisfies GamePage;
}

/**
 * GET /wps/relay/games: a page of the game list. FAV and RECENT read the caller's own lists and
 * need login (SPEC section 6); NEW and HOT narrow to flagged games; `name` searches both
 * languages.
 */
export async function listGames(
  db: Db,
  caller: CatalogueCaller,
  query: z.output<typeof GameListQuery>,
): Promise<GamePage> {
  checkMerchantParam(caller, query.merchant, 'merchant');
  const memberId = memberIdOf(caller.auth);
  let own: OwnList = null;
  if (query.filter === 'FAV' || query.filter === 'RECENT') {
    if (memberId === null) throw new AppError('NOT_LOGGED_IN');
    own = { kind: query.filter === 'FAV' ? 'favorite' : 'recent', memberId };
  }
  const spec: GameFilterSpec = {
    gameType: query.gameType,
    vassalage: query.vassalage,
    excludeVassalage: inHouseExclusion(query.vassalage),
    gameClassify: query.gameClassify,
    onlyNew: query.filter === 'NEW' || query.isNew === '1' || query.isNew === 'true',
    onlyHot: query.filter === 'HOT',
    name: query.name || undefined,
  };
  const page = await repo.listGames(db, caller.merchant.id, memberId, spec, own, {
    page: query.pageNo,
    size: query.pageSize,
  });
  return toPage(page, query.pageNo, query.pageSize, languageOf(caller, query.language));
}

/** GET /wps/relay/games/hot: the hot games in the operator's order, at most 12 (SPEC section 9). */
export async function hotGames(
  db: Db,
  caller: CatalogueCaller,
  query: z.output<typeof HotGamesQuery>,
): Promise<GameItem[]> {
  checkMerchantParam(caller, query.merchant, 'merchant');
  checkMerchantParam(caller, query.merchantCode, 'merchantCode');
  const page = await repo.listGames(
    db,
    caller.merchant.id,
    memberIdOf(caller.auth),
    { gameType: query.gameType, excludeVassalage: IN_HOUSE_VENDOR, onlyHot: true },
    null,
    { page: 1, size: HOT_GAMES_LIMIT },
  );
  const language = languageOf(caller, query.language);
  return page.rows.map((row) => toGameItem(row, language));
}

/** GET /wps/relay/games/recent and /wps/relay/favorites: the signed-in caller's own lists. */
export async function ownGames(
  db: Db,
  caller: CatalogueCaller & { auth: SignedIn },
  kind: 'favorite' | 'recent',
  query: z.output<typeof RecentGamesQuery>,
): Promise<GamePage> {
  checkMerchantParam(caller, query.merchant, 'merchant');
  const memberId = caller.auth.member.id;
  const page = await repo.listGames(
    db,
    caller.merchant.id,
    memberId,
    { gameType: query.gameType },
    { kind, memberId },
    { page: query.pageNo, size: query.pageSize },
  );
  return toPage(page, query.pageNo, query.pageSize, languageOf(caller, query.language));
}

/**
 * Favourite changes are throttled per account (SPEC section 5: 1000 ms), with the shared limiter
 * so every server process counts the same clicks.
 */
async function throttleFavorite(limiter: RateLimiter, memberId: number): Promise<void> {
  await consumeOrThrottle(limiter, `favorite:${memberId}`, 1, FAVORITE_THROTTLE_MS / 1000);
}

/** A visible game of the caller's merchant, or NOT_FOUND (another merchant's id included). */
export async function visibleGame(
  db: Db,
  caller: CatalogueCaller,
  nodeId: number,
): Promise<GameRow> {
  const game = await repo.findGame(db, caller.merchant.id, memberIdOf(caller.auth), nodeId);
  if (!game) throw new AppError('NOT_FOUND');
  return game;
}

/** POST /wps/relay/favorites: adds the game unless it is already a favourite. */
export async function addFavorite(
  deps: { db: Db; limiter: RateLimiter },
  caller: CatalogueCaller & { auth: SignedIn },
  request: FavoriteRequest,
): Promise<FavoriteResult> {
  const game = await visibleGame(deps.db, caller, request.nodeId);
  if (
    (request.vendor !== undefined && request.vendor !== game.vassalage) ||
    (request.gameType !== undefined && request.gameType !== game.gameType)
  ) {
    throw new AppError('VALIDATION_ERROR', {
      issues: [{ path: 'nodeId', reason: 'vendor_or_type_mismatch' }],
    });
  }
  // Adding a favourite that is already there changes nothing and costs no throttle slot.
  if (game.favorite) return { nodeId: game.id, favorite: true };
  await throttleFavorite(deps.limiter, caller.auth.member.id);
  await repo.addFavorite(deps.db, {
    merchantId: caller.merchant.id,
    memberId: caller.auth.member.id,
    gameId: game.id,
  });
  return { nodeId: game.id, favorite: true };
}

/**
 * DELETE /wps/relay/favorites/:nodeId. Removing works for any of the caller's favourites, even a
 * game disabled since, so a member can always clear their list.
 */
export async function removeFavorite(
  deps: { db: Db; limiter: RateLimiter },
  caller: CatalogueCaller & { auth: SignedIn },
  nodeId: number,
): Promise<FavoriteResult> {
  await throttleFavorite(deps.limiter, caller.auth.member.id);
  await repo.removeFavorite(deps.db, caller.auth.member.id, nodeId);
  return { nodeId, favorite: false };
}

/** Other playable games of the same type to suggest when a game is under maintenance. */
export async function maintenanceSuggestions(
  db: Db,
  caller: CatalogueCaller,
  game: GameRow,
): Promise<GameItem[]> {
  const page = await repo.listGames(
    db,
    caller.merchant.id,
    memberIdOf(caller.auth),
    {
      gameType: game.gameType,
      excludeVassalage: game.vassalage === IN_HOUSE_VENDOR ? undefined : IN_HOUSE_VENDOR,
      excludeGameId: game.id,
      onlyPlayable: true,
    },
    null,
    { page: 1, size: MAINTENANCE_SUGGESTIONS },
  );
  return page.rows.map((row) => toGameItem(row, caller.language));
}

/** GET /lgw/games/icon/:vassalage/:gameCode: the game's drawn tile, or NOT_FOUND. */
export async function gameIcon(
  db: Db,
  caller: CatalogueCaller,
  params: { vassalage: string; gameCode: string },
  large: boolean,
): Promise<string> {
  const art = await repo.findGameArt(db, caller.merchant.id, params.vassalage, params.gameCode);
  if (!art) throw new AppError('NOT_FOUND');
  return renderGameIcon(
    {
      vendorCode: params.vassalage,
      gameCode: params.gameCode,
      gameType: art.gameType,
      name: art.name[caller.language] || art.name.EN,
    },
    large,
  );
}
