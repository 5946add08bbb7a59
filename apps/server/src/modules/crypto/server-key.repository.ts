import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { serverKeys } from '../../db/schema/index.js';

/** The oldest stored key pair, or undefined when there is none yet. */
export async function oldestServerKey(db: Db) {
  const [row] = await db.select().from(serverKeys).orderBy(asc(serverKeys.createdAt)).limit(1);
  return row;
}

/** Stores a key pair unless another process stored one under its id first. */
export async function insertServerKey(db: Db, row: typeof serverKeys.$inferInsert): Promise<void> {
  await db.insert(serverKeys).values(row).onConflictDoNothing();
}
