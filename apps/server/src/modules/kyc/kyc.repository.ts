import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { kycDocuments, kycProfiles } from '../../db/schema/index.js';

type ProfileValues = Omit<typeof kycProfiles.$inferInsert, 'memberId'>;

export async function findProfile(db: Db, memberId: number) {
  const [row] = await db.select().from(kycProfiles).where(eq(kycProfiles.memberId, memberId));
  return row;
}

/** Writes the member's KYC profile, new or replacing the one they had. */
export async function upsertProfile(db: Db, memberId: number, values: ProfileValues) {
  await db
    .insert(kycProfiles)
    .values({ memberId, ...values })
    .onConflictDoUpdate({ target: kycProfiles.memberId, set: values });
}

/** Stores one ID image of the member, replacing the one of its kind. */
export async function upsertDocument(db: Db, memberId: number, kind: string, bytes: Buffer) {
  await db
    .insert(kycDocuments)
    .values({ memberId, kind, contentType: 'image/jpeg', bytes })
    .onConflictDoUpdate({
      target: [kycDocuments.memberId, kycDocuments.kind],
      set: { bytes, contentType: 'image/jpeg', createdAt: sql`now()` },
    });
}

/** Puts the member's KYC back to waiting (N), without the last review. */
export async function resetReview(db: Db, memberId: number) {
  await db
    .update(kycProfiles)
    .set({ status: 'N', reviewNote: null, reviewedAt: null, updatedAt: new Date() })
    .where(eq(kycProfiles.memberId, memberId));
}

/** The kinds of ID image the member has uploaded. */
export function documentKinds(db: Db, memberId: number) {
  return db
    .select({ kind: kycDocuments.kind })
    .from(kycDocuments)
    .where(eq(kycDocuments.memberId, memberId));
}
