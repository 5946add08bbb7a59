import { and, eq, getTableColumns, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** Values for some columns of `table`, by their property names. */
export type ColumnValues<T extends PgTable> = {
  [K in keyof InferSelectModel<T>]?: InferSelectModel<T>[K];
};

/**
 * A lookup by example: the rows of `table` whose columns equal these values, one `column = value`
 * per key in the order given, joined with `and` (`columnsEqual(bonusGrants, { memberId, status:
 * 'active' })` is `and(eq(bonusGrants.memberId, memberId), eq(bonusGrants.status, 'active'))`).
 */
export function columnsEqual<T extends PgTable>(table: T, values: ColumnValues<T>): SQL {
  const columns = getTableColumns(table);
  const conditions = Object.entries(values).map(([key, value]) => eq(columns[key]!, value));
  return and(...conditions)!;
}
