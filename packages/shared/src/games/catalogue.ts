import { z } from 'zod';
import { RowId, RowIdParam } from '../validation.js';
import { GameCategory, type GameMenuCategory } from './menus.js';

/**
 * The game catalogue and game launch of the member API (SPEC sections 2, 3, 4, 7 and 9).
 *
 * Paths (SPEC section 7 names them "under /wps/relay/" without the full path):
 * - GET    /wps/relay/games              game list: GameListQuery -> GamePage
 * - GET    /wps/relay/games/hot          hot games: HotGamesQuery -> GameItem[] (at most 12)
 * - GET    /wps/relay/games/recent       recent games: RecentGamesQuery -> GamePage (login)
 * - GET    /wps/relay/favorites          favourite list: FavoriteListQuery -> GamePage (login)
 * - POST   /wps/relay/favorites          favourites add: FavoriteRequest -> FavoriteResult (login)
 * - DELETE /wps/relay/favorites/:nodeId  favourites remove -> FavoriteResult (login)
 * - POST   /wps/game/launchGame          launch: LaunchGameRequest -> LaunchGameResult (member, agent)
 * - GET    /lgw/games/icon/:nodeId       the game's generated tile image (SVG), the `iconUrl`
 */

/** SPEC section 9: game lists and recent games page by 20; hot and home lists show 12. */
export const GAME_PAGE_SIZE = 20;
export const HOT_GAMES_LIMIT = 12;
/** The favourite list is read in one page (SPEC section 7: pageSize 999). */
export const MAX_GAME_PAGE_SIZE = 999;
/** SPEC section 5 and 9: favourite add or remove at most once per 1000 ms per member. */
export const FAVORITE_THROTTLE_MS = 1000;
/** How many other games a "game under maintenance" error suggests. */
export const MAINTENANCE_SUGGESTIONS = 6;

/** Vendors whose icon the tile shows (SPEC section 9); others show the start label only. */
export const VENDOR_ICON_CODES = ['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'BGS'] as const;
/** Navigation entries left out of nav lists (SPEC section 9). */
export const NAV_EXCLUDED = ['PROMO', 'HOME', 'BGS'] as const;
/** Cockfight vendors (SPEC section 9). */
export const COCKFIGHT_VENDORS = ['DS88', 'DIG', 'WGB'] as const;
/** Lottery vendors the client routes to its own lottery pages (SPEC section 2, game launch). */
export const LOTTERY_ROUTES = {
  TCG_LOTTO_VN: '/vnLottery',
  TCG_SEA: '/seaLottery',
  LOTT: '/lottery',
  ELOTT: '/lottery',
} as const;

/** `GAME`: a launchable game. `VASSALAGE`: a vendor entry that opens its sub-game list popup. */
export const IsGame = z.enum(['GAME', 'VASSALAGE']);
export type IsGame = z.infer<typeof IsGame>;

/** List filters of the game list pages (SPEC section 4). FAV and RECENT need login. */
export const GAME_FILTERS = ['ALL', 'NEW', 'HOT', 'FAV', 'RECENT'] as const;
export const GameFilter = z.enum(GAME_FILTERS);
export type GameFilter = z.infer<typeof GameFilter>;

/** 0 or 1, as the SPEC's isHot and isNew flags are. */
const Flag = z.union([z.literal(0), z.literal(1)]);

/** Game item entity (SPEC section 3), plus what the tile and list card show. */
export const GameItem = z.object({
  /** The game's id: favourites, recent and launch name a game by it. */
  nodeId: z.number().int(),
  /** The name in the request's language; `gameName` carries the same text. */
  nodeName: z.string(),
  gameName: z.string(),
  /** The list the game belongs to (RNG, FISH, LIVE, ...). */
  gameType: GameCategory,
  /** The vendor code (PG, JDB, DS88, ...). */
  vassalage: z.string(),
  /** The navigation category of the game's vendor (as in /lgw/games/game_menus). */
  gameCategory: GameCategory,
  /** Sub-classification used by the list filter `gameClassify` (SLOT, JACKPOT, BACCARAT, ...). */
  gameClassify: z.string(),
  /** The vendor's own code of the game. */
  gameCode: z.string(),
  isGame: IsGame,
  /** 1 shows the hot badge. */
  isHot: Flag,
  /** 1 lists the game under the NEW filter. */
  isNew: Flag,
  /** The large tile image (SPEC spells it lagerIcon); same-origin path. */
  lagerIcon: z.string(),
  /** The small tile and list-card image; same-origin path. */
  iconUrl: z.string(),
  /** The vendor's display name (list card "provider"). */
  vendorName: z.string(),
  /** The game or its vendor is under maintenance: launch answers GAME_MAINTENANCE. */
  maintenance: z.boolean(),
  /** The caller has it in their favourites (always false for a visitor). */
  favorite: z.boolean(),
});
export type GameItem = z.infer<typeof GameItem>;

/** A page of games: `content` with the SPEC's pageNum and totalPages (section 3). */
export const GamePage = z.object({
  content: z.array(GameItem),
  /** 1-based. */
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  totalElements: z.number().int(),
});
export type GamePage = z.infer<typeof GamePage>;

/** Paging fields of every list query (SPEC section 7: pageNo 1, pageSize 20). */
const PageFields = {
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_GAME_PAGE_SIZE).default(GAME_PAGE_SIZE),
};

/**
 * Fields the SPEC's clients send with every catalogue call. `merchant` must name the request's
 * own merchant when present (another merchant's code is refused); `language` overrides the
 * Language header; `clientType` (3 = web) and `platform` are accepted and do not filter.
 */
const ClientFields = {
  clientType: z.coerce.number().int().optional(),
  platform: z.string().max(64).optional(),
  merchant: z.string().max(32).optional(),
  language: z.string().max(8).optional(),
};

/** GET /wps/relay/games: one page of a game list. */
export const GameListQuery = z.object({
  ...ClientFields,
  ...PageFields,
  gameType: GameCategory.optional(),
  /** One vendor's games. Without it, RNG lists leave the in-house vendor (BGS) out. */
  vassalage: z.string().max(32).optional(),
  gameClassify: z.string().max(32).optional(),
  /** '1' or 'true': only new games (same as filter NEW). */
  isNew: z.enum(['0', '1', 'true', 'false']).optional(),
  /** Case-insensitive search in the game's name (either language). */
  name: z.string().trim().max(64).optional(),
  filter: GameFilter.default('ALL'),
});
export type GameListQuery = z.input<typeof GameListQuery>;

/** GET /wps/relay/games/hot (SPEC section 7: merchantCode, isPlatform 2, platform, language). */
export const HotGamesQuery = z.object({
  ...ClientFields,
  merchantCode: z.string().max(32).optional(),
  isPlatform: z.coerce.number().int().optional(),
  gameType: GameCategory.optional(),
});
export type HotGamesQuery = z.input<typeof HotGamesQuery>;

/** At most HOT_GAMES_LIMIT games, in the operator's order. */
export const HotGames = z.array(GameItem).max(HOT_GAMES_LIMIT);
export type HotGames = z.infer<typeof HotGames>;

/** GET /wps/relay/games/recent: games the member launched, most recent first. */
export const RecentGamesQuery = z.object({
  ...ClientFields,
  ...PageFields,
  gameType: GameCategory.optional(),
});
export type RecentGamesQuery = z.input<typeof RecentGamesQuery>;

/** GET /wps/relay/favorites: the member's favourites, most recently added first. */
export const FavoriteListQuery = RecentGamesQuery;
export type FavoriteListQuery = z.input<typeof FavoriteListQuery>;

/** POST /wps/relay/favorites (SPEC section 3 favourite request). Adding a favourite again is a no-op. */
export const FavoriteRequest = z.object({
  nodeId: RowId,
  /** The game's vendor code; must match the game when sent. */
  vendor: z.string().max(32).optional(),
  gameType: GameCategory.optional(),
});
export type FavoriteRequest = z.infer<typeof FavoriteRequest>;

export const FavoriteParams = z.object({ nodeId: RowIdParam });
export type FavoriteParams = z.infer<typeof FavoriteParams>;

/** The game's favourite state after the call. */
export const FavoriteResult = z.object({ nodeId: z.number().int(), favorite: z.boolean() });
export type FavoriteResult = z.infer<typeof FavoriteResult>;

/** POST /wps/game/launchGame */
export const LaunchGameRequest = z.object({
  nodeId: RowId,
  /** Optional checks: when sent they must match the game. */
  gameCode: z.string().max(64).optional(),
  vassalage: z.string().max(32).optional(),
  clientType: z.number().int().optional(),
  /** html5-desktop or html5 (mobile); passed to the vendor. */
  platform: z.string().max(32).optional(),
  language: z.string().max(8).optional(),
  /** Where the vendor's lobby/exit button returns to; a same-origin path. */
  backUrl: z
    .string()
    .max(256)
    .regex(/^\/(?!\/)/, { message: 'same_origin_path' })
    .optional(),
});
export type LaunchGameRequest = z.infer<typeof LaunchGameRequest>;

/**
 * What the client does with a launch. `URL`: open the vendor's game page (the /seamless page hosts
 * it). `ROUTE`: a game the client plays on its own page (lottery vendors, the in-house BGS games),
 * the same routing the client applies before calling (SPEC section 2). `SUB_GAMES`: an item with
 * isGame VASSALAGE; the client lists that vendor's games in the sub-game popup.
 */
export const LaunchGameResult = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('URL'),
    url: z.string(),
    nodeId: z.number().int(),
    vassalage: z.string(),
    gameCode: z.string(),
    walletMode: z.enum(['seamless', 'transfer']),
  }),
  z.object({
    mode: z.literal('ROUTE'),
    /** /lottery, /vnLottery, /seaLottery, /bgs or /rng. */
    path: z.string(),
    query: z.record(z.string(), z.string()),
  }),
  z.object({
    mode: z.literal('SUB_GAMES'),
    vassalage: z.string(),
    gameType: GameCategory,
  }),
]);
export type LaunchGameResult = z.infer<typeof LaunchGameResult>;

/** `value` of a GAME_MAINTENANCE error: the game and other games to suggest instead. */
export const GameMaintenanceDetails = z.object({
  nodeId: z.number().int(),
  vassalage: z.string(),
  suggestions: z.array(GameItem).max(MAINTENANCE_SUGGESTIONS),
});
export type GameMaintenanceDetails = z.infer<typeof GameMaintenanceDetails>;

/** GET /lgw/games/icon/:vassalage/:gameCode: a game's tile image (SVG). */
export const GameIconParams = z.object({
  vassalage: z.string().min(1).max(32),
  gameCode: z.string().min(1).max(64),
});
export type GameIconParams = z.infer<typeof GameIconParams>;

/** `size=large` is the wide image (lagerIcon); otherwise the square tile (iconUrl). */
export const GameIconQuery = z.object({ size: z.enum(['small', 'large']).default('small') });
export type GameIconQuery = z.input<typeof GameIconQuery>;

/**
 * The lottery prize mode (SPEC section 4): ELOTT when the lottery categories list a TCG_LOTTO_VN
 * or LOTT vendor, else LOTT.
 */
export function prizeMode(menus: readonly GameMenuCategory[]): 'ELOTT' | 'LOTT' {
  const lottery = menus.filter((m) => m.gameCategory === 'ELOTT' || m.gameCategory === 'LOTT');
  const codes = lottery.flatMap((m) => m.vendors.map((v) => v.vassalage));
  return codes.includes('TCG_LOTTO_VN') || codes.includes('LOTT') ? 'ELOTT' : 'LOTT';
}
