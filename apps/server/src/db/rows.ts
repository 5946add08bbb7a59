import type { SQL } from 'drizzle-orm';
import type { Db } from './client.js';

export type Row = Record<string, unknown>;

/** The rows of a raw query on either driver (both answer `{ rows }`; the generic type does not say so). */
export async function queryRows(db: Db, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}
