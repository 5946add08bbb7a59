import { and, asc, desc, eq, sql, type InferInsertModel, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { readPage, type Page } from '../../db/paging.js';
import { members, merchants } from '../../db/schema/index.js';

/** The columns every payment order table (deposits, withdrawals) has under the same names. */
type OrderColumns = {
  id: PgColumn;
  merchantId: PgColumn;
  memberId: PgColumn;
  clientRequestId: PgColumn;
  status: PgColumn;
  createdAt: PgColumn;
  gatewayCode: PgColumn;
};

/** A payment order table, what its lists select, and the columns that differ by kind. */
export type OrderTableSpec<T extends PgTable & OrderColumns> = {
  table: T;
  /** Every column but the member's image (lists never carry images). */
  summary: Record<string, PgColumn | SQL.Aliased | SQL>;
  /** The gateway's id of the payment or payout. */
  gatewayRef: PgColumn;
  /** The member's image (deposit receipt, withdrawal proof) and its content type. */
  image: PgColumn;
  imageContentType: PgColumn;
};

export type StatusPageQuery = { page: number; size: number; status?: string | undefined };

/**
 * The reads and locks a payment order goes through in its lifecycle, for one order table: the
 * replay of a client request id, the member's own orders, the operators' queue, the row lock a
 * decision or a gateway answer takes, and the member's image. `Row` is the summary's row type.
 */
export function orderRepository<T extends PgTable & OrderColumns, Row>(spec: OrderTableSpec<T>) {
  const { table, summary } = spec;
  /** The table as a plain source of rows (the generic T confuses `from`'s overloads). */
  const source: PgTable = table;
  // Drizzle cannot infer a row from a summary known only as a record; Row is that row.
  const rowsOf = <R = Row>(rows: unknown) => rows as R[];
  type Locked = Row & { merchantCode: string };

  async function lockWhere(tx: Db, where: SQL | undefined): Promise<Locked | null> {
    const rows = await tx
      .select({ ...summary, merchantCode: merchants.code })
      .from(source)
      .innerJoin(merchants, eq(merchants.id, table.merchantId))
      .where(where)
      .for('update', { of: table });
    return rowsOf<Locked>(rows)[0] ?? null;
  }

  return {
    /** The member's order under this client request id (their idempotency key). */
    async findByClientRequest(db: Db, memberId: number, clientRequestId: string) {
      const rows = await db
        .select(summary)
        .from(source)
        .where(and(eq(table.memberId, memberId), eq(table.clientRequestId, clientRequestId)));
      return rowsOf(rows)[0] ?? null;
    },

    /** One of the member's own orders. */
    async findForMember(db: Db, memberId: number, id: number) {
      const rows = await db
        .select(summary)
        .from(source)
        .where(and(eq(table.memberId, memberId), eq(table.id, id)));
      return rowsOf(rows)[0] ?? null;
    },

    /** The member's own orders, newest first, optionally of one status. */
    pageForMember(db: Db, memberId: number, query: StatusPageQuery): Promise<Page<Row>> {
      const where = and(
        eq(table.memberId, memberId),
        query.status ? eq(table.status, query.status) : undefined,
      );
      return readPage(db, table, where, query, async (limit, offset) =>
        rowsOf(
          await db
            .select(summary)
            .from(source)
            .where(where)
            .orderBy(desc(table.createdAt), desc(table.id))
            .limit(limit)
            .offset(offset),
        ),
      );
    },

    /**
     * The operators' queue of a merchant's orders, oldest first, optionally of one status, with
     * the member's username and the `extra` fields (subqueries on the order's row).
     */
    pageQueue<ExtraRow = object>(
      db: Db,
      merchantId: number,
      query: StatusPageQuery,
      extra: Record<string, SQL> = {},
    ): Promise<Page<Row & { username: string } & ExtraRow>> {
      const where = and(
        eq(table.merchantId, merchantId),
        query.status ? eq(table.status, query.status) : undefined,
      );
      return readPage(db, table, where, query, async (limit, offset) =>
        rowsOf<Row & { username: string } & ExtraRow>(
          await db
            .select({ ...summary, username: members.username, ...extra })
            .from(source)
            .innerJoin(members, eq(members.id, table.memberId))
            .where(where)
            .orderBy(asc(table.createdAt), asc(table.id))
            .limit(limit)
            .offset(offset),
        ),
      );
    },

    /**
     * The order (of this merchant; of any merchant when null), with its merchant's code, locked
     * until the transaction ends: decisions and gateway answers on one order queue behind it.
     */
    lock(tx: Db, merchantId: number | null, id: number): Promise<Locked | null> {
      return lockWhere(
        tx,
        and(merchantId === null ? undefined : eq(table.merchantId, merchantId), eq(table.id, id)),
      );
    },

    /** The order a gateway's payment or payout is for, with its merchant's code, locked. */
    lockByGatewayRef(tx: Db, gatewayCode: string, ref: string): Promise<Locked | null> {
      return lockWhere(tx, and(eq(table.gatewayCode, gatewayCode), eq(spec.gatewayRef, ref)));
    },

    /** The member's image of an order of this merchant; null when it has none. */
    async imageOf(
      db: Db,
      merchantId: number,
      id: number,
    ): Promise<{ bytes: Buffer; contentType: string } | null> {
      const [row] = await db
        .select({ bytes: spec.image, contentType: spec.imageContentType })
        .from(source)
        .where(and(eq(table.merchantId, merchantId), eq(table.id, id)));
      const bytes = row?.bytes as Buffer | null | undefined;
      return bytes
        ? { bytes, contentType: (row?.contentType as string | null) ?? 'image/jpeg' }
        : null;
    },

    /** Changes an order (its updated_at too) and returns its summary. */
    async update(db: Db, id: number, set: Partial<InferInsertModel<T>>): Promise<Row> {
      const rows = await db
        .update(table)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(table.id, id))
        .returning(summary as never);
      return rowsOf(rows)[0]!;
    },
  };
}
