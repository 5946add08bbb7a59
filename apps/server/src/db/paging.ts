import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/** Which page of a list (1-based) and how many rows a page holds. */
export type PageQuery = { page: number; size: number };

export type Page<T> = { rows: T[]; total: number };

/**
 * One page of the rows of `table` that match `where`, and how many match over all pages, read
 * together. `rows(limit, offset)` selects (and orders) the page's rows with the same `where`.
 */
export async function readPage<T>(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  query: PageQuery,
  rows: (limit: number, offset: number) => PromiseLike<T[]>,
): Promise<Page<T>> {
  const [items, [total]] = await Promise.all([
    rows(query.size, (query.page - 1) * query.size),
    db.select({ n: count() }).from(table).where(where),
  ]);
  return { rows: items, total: total?.n ?? 0 };
}

/** A page of rows in the API's shape: the items, the page asked for and the total over all pages. */
export function pageOf<Row, Item>(
  query: PageQuery,
  found: Page<Row>,
  toItem: (row: Row) => Item,
): { items: Item[]; page: number; size: number; total: number } {
  return { items: found.rows.map(toItem), page: query.page, size: query.size, total: found.total };
}
