import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { gameCategories, vendors } from '../../db/schema/index.js';

/** Enabled vendors with their category, in menu order. */
export function listEnabledVendors(db: Db, merchantId: number) {
  return db
    .select({
      category: gameCategories.code,
      code: vendors.code,
      displayName: vendors.displayName,
      maintenance: vendors.maintenance,
    })
    .from(vendors)
    .innerJoin(gameCategories, eq(gameCategories.id, vendors.categoryId))
    .where(and(eq(vendors.merchantId, merchantId), eq(vendors.enabled, true)))
    .orderBy(asc(gameCategories.sequence), asc(vendors.sequence));
}
