import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { members, vendorCredentials, vendorTransfers } from '../../db/schema/index.js';
import type { TransferRow } from '../vendor-wallet/index.js';

type Window = { limit: number; offset: number };

export type VendorTransferFilter = {
  state?: string | undefined;
  memberId?: number | undefined;
  username?: string | undefined;
  vendorCode?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

const columns = {
  row: vendorTransfers,
  username: members.username,
  vendorCode: vendorCredentials.vendorCode,
  currency: vendorCredentials.currency,
};

/** The merchant's transfer-wallet moves, newest first, with the member and the vendor. */
export async function pageVendorTransfers(
  db: Db,
  merchantId: number,
  filter: VendorTransferFilter,
  window: Window,
) {
  const where = and(
    eq(vendorTransfers.merchantId, merchantId),
    filter.state ? eq(vendorTransfers.state, filter.state) : undefined,
    filter.memberId ? eq(vendorTransfers.memberId, filter.memberId) : undefined,
    filter.username ? eq(members.username, filter.username) : undefined,
    filter.vendorCode ? eq(vendorCredentials.vendorCode, filter.vendorCode) : undefined,
    filter.from ? gte(vendorTransfers.createdAt, new Date(filter.from)) : undefined,
    filter.to ? lt(vendorTransfers.createdAt, new Date(filter.to)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(vendorTransfers)
      .innerJoin(members, eq(members.id, vendorTransfers.memberId))
      .innerJoin(vendorCredentials, eq(vendorCredentials.id, vendorTransfers.credentialId))
      .where(where)
      .orderBy(desc(vendorTransfers.createdAt), desc(vendorTransfers.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ n: count() })
      .from(vendorTransfers)
      .innerJoin(members, eq(members.id, vendorTransfers.memberId))
      .innerJoin(vendorCredentials, eq(vendorCredentials.id, vendorTransfers.credentialId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One transfer of the merchant with its member and vendor; undefined when not the merchant's. */
export async function findVendorTransfer(db: Db, merchantId: number, id: number) {
  const [row] = await db
    .select(columns)
    .from(vendorTransfers)
    .innerJoin(members, eq(members.id, vendorTransfers.memberId))
    .innerJoin(vendorCredentials, eq(vendorCredentials.id, vendorTransfers.credentialId))
    .where(and(eq(vendorTransfers.merchantId, merchantId), eq(vendorTransfers.id, id)));
  return row;
}

/**
 * The merchant's transfer, locked for the rest of the transaction (a concurrent resolve, or a
 * settle of the vendor client, waits and then sees it ended).
 */
export async function lockVendorTransfer(
  tx: Db,
  merchantId: number,
  id: number,
): Promise<TransferRow | undefined> {
  const [row] = await tx
    .select()
    .from(vendorTransfers)
    .where(and(eq(vendorTransfers.merchantId, merchantId), eq(vendorTransfers.id, id)))
    .for('update');
  return row;
}
