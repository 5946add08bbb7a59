import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';

export type Row = Record<string, unknown>;

/** The rows of a raw query on either driver (both answer `{ rows }`; the generic type does not say so). */
export async function queryRows(db: Db, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

/**
 * `queryRows` in a transaction of its own whose sorts and hashes may use `workMem` (a PostgreSQL
 * size, '32MB') before spilling to disk: for reports that aggregate per member over a whole tree.
 * Only that statement gets the memory; the setting ends with the transaction.
 */
export async function queryRowsWithWorkMem(db: Db, query: SQL, workMem: string): Promise<Row[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('work_mem', ${workMem}, true)`);
    return queryRows(tx, query);
  });
}
