import { z } from 'zod';
import { GAME_CATEGORIES } from '../lists/game-categories.js';

export { GAME_CATEGORIES };

export const GameCategory = z.enum(GAME_CATEGORIES);
export type GameCategory = z.infer<typeof GameCategory>;

/** The in-house vendor: it has its own page (/bgs) and is left out of slots and nav lists. */
export const IN_HOUSE_VENDOR = 'BGS';

export const GameVendor = z.object({
  displayName: z.string(),
  /** The vendor code (PG, JDB, DS88, ...). */
  vassalage: z.string(),
  gameType: GameCategory,
  maintenance: z.boolean(),
  /** The vendor's logo (a URL or a path on the site); '' when the operator set none. */
  logoUrl: z.string(),
});
export type GameVendor = z.infer<typeof GameVendor>;

export const GameMenuCategory = z.object({
  gameCategory: GameCategory,
  vendors: z.array(GameVendor),
});
export type GameMenuCategory = z.infer<typeof GameMenuCategory>;

/** GET /lgw/games/game_menus: categories that have at least one enabled vendor, in menu order. */
export const GameMenus = z.array(GameMenuCategory);
export type GameMenus = z.infer<typeof GameMenus>;
