import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { columnsEqual } from '../../db/columns-equal.js';
import { gatewayCallbacks } from '../../db/schema/index.js';

export async function logCallback(
  db: Db,
  row: typeof gatewayCallbacks.$inferInsert,
): Promise<void> {
  await db.insert(gatewayCallbacks).values(row);
}

/** Whether a callback with a valid signature already came with this nonce. */
export async function nonceSeen(db: Db, gatewayCode: string, nonce: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(gatewayCallbacks)
    .where(columnsEqual(gatewayCallbacks, { gatewayCode, nonce, signatureValid: true }))
    .limit(1);
  return row !== undefined;
}
