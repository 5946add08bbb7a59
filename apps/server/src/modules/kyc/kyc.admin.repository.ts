import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { columnsEqual } from '../../db/columns-equal.js';
import { kycDocuments, kycProfiles, members } from '../../db/schema/index.js';

/** KYC submissions as the back office reviews them, within one merchant. */

export type KycRow = typeof kycProfiles.$inferSelect & { username: string };

const columns = { profile: kycProfiles, username: members.username };

export async function pageByStatus(
  db: Db,
  merchantId: number,
  status: string,
  window: { limit: number; offset: number },
): Promise<{ rows: KycRow[]; total: number }> {
  const where = and(eq(kycProfiles.merchantId, merchantId), eq(kycProfiles.status, status));
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(columns)
      .from(kycProfiles)
      .innerJoin(members, eq(members.id, kycProfiles.memberId))
      .where(where)
      .orderBy(asc(kycProfiles.updatedAt), asc(kycProfiles.memberId))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(kycProfiles).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.profile, username: r.username })),
    total: totalRow?.total ?? 0,
  };
}

export async function findSubmission(
  db: Db,
  merchantId: number,
  memberId: number,
): Promise<KycRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(kycProfiles)
    .innerJoin(members, eq(members.id, kycProfiles.memberId))
    .where(and(eq(kycProfiles.merchantId, merchantId), eq(kycProfiles.memberId, memberId)));
  return row && { ...row.profile, username: row.username };
}

/** Locks the submission's row for the rest of the transaction. */
export async function lockSubmission(db: Db, merchantId: number, memberId: number) {
  const [row] = await db
    .select()
    .from(kycProfiles)
    .where(and(eq(kycProfiles.merchantId, merchantId), eq(kycProfiles.memberId, memberId)))
    .for('update');
  return row;
}

/** The kinds of image each member has uploaded. */
export async function documentKinds(db: Db, memberIds: number[]): Promise<Map<number, string[]>> {
  const kinds = new Map<number, string[]>();
  if (memberIds.length === 0) return kinds;
  const rows = await db
    .select({ memberId: kycDocuments.memberId, kind: kycDocuments.kind })
    .from(kycDocuments)
    .where(inArray(kycDocuments.memberId, memberIds));
  for (const row of rows) kinds.set(row.memberId, [...(kinds.get(row.memberId) ?? []), row.kind]);
  return kinds;
}

/** One image of a submission of the merchant. */
export async function findDocument(db: Db, merchantId: number, memberId: number, kind: string) {
  const [row] = await db
    .select({ bytes: kycDocuments.bytes, contentType: kycDocuments.contentType })
    .from(kycDocuments)
    .innerJoin(kycProfiles, eq(kycProfiles.memberId, kycDocuments.memberId))
    .where(
      and(eq(kycProfiles.merchantId, merchantId), columnsEqual(kycDocuments, { memberId, kind })),
    );
  return row;
}

export async function decide(
  db: Db,
  memberId: number,
  values: { status: string; reviewNote: string | null },
): Promise<void> {
  await db
    .update(kycProfiles)
    .set({ ...values, reviewedAt: new Date() })
    .where(eq(kycProfiles.memberId, memberId));
}
