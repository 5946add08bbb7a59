import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { dropdownMenus, sessions } from '../../db/schema/index.js';

/** The options of one of the merchant's option lists, in the operator's order. */
export function listOptions(db: Db, merchantId: number, menuGroup: string) {
  return db
    .select()
    .from(dropdownMenus)
    .where(and(eq(dropdownMenus.merchantId, merchantId), eq(dropdownMenus.menuGroup, menuGroup)))
    .orderBy(asc(dropdownMenus.sequence));
}

/** Keeps the gaming venue the player declared with their session. */
export async function setSessionGamingVenue(db: Db, sessionId: number, code: string) {
  await db.update(sessions).set({ gamingVenue: code }).where(eq(sessions.id, sessionId));
}
