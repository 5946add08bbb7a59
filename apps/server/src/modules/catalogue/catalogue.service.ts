import { GameCategory, IN_HOUSE_VENDOR, type GameMenus } from '@app/shared';
import type { Db } from '../../db/client.js';
import { listEnabledVendors } from './catalogue.repository.js';

/**
 * Categories with at least one enabled vendor, each with its vendors, in menu order. The in-house
 * vendor has its own navigation entry, so it is not listed here (SPEC section 9).
 */
export async function getGameMenus(db: Db, merchantId: number): Promise<GameMenus> {
  const menus: GameMenus = [];
  for (const row of await listEnabledVendors(db, merchantId)) {
    if (row.code === IN_HOUSE_VENDOR) continue;
    const gameType = GameCategory.parse(row.category);
    let menu = menus.at(-1);
    if (menu?.gameCategory !== gameType) {
      menu = { gameCategory: gameType, vendors: [] };
      menus.push(menu);
    }
    menu.vendors.push({
      displayName: row.displayName,
      vassalage: row.code,
      gameType,
      maintenance: row.maintenance,
    });
  }
  return menus;
}
