import type { Db } from '../../src/db/client.js';
import { createMerchantZones, type MerchantZones } from '../../src/modules/merchant/index.js';

/**
 * The database with a fresh reader of the merchants' time zones, as buildApp passes them down:
 * for tests that call a service needing both (settlement, reports) without an app.
 */
export function withZones(db: Db): { db: Db; zones: MerchantZones } {
  return { db, zones: createMerchantZones(db) };
}
