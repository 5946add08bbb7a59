import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { members } from '../../db/schema/index.js';

/** The account's own referral code, or null before one was made. */
export async function inviteCodeOf(db: Db, memberId: number): Promise<string | null> {
  const [row] = await db
    .select({ code: members.inviteCode })
    .from(members)
    .where(eq(members.id, memberId));
  return row?.code ?? null;
}

/** Gives the account `code` unless it has one already; throws on a code another account holds. */
export async function setInviteCode(db: Db, memberId: number, code: string): Promise<void> {
  await db
    .update(members)
    .set({ inviteCode: code })
    .where(and(eq(members.id, memberId), sql`${members.inviteCode} is null`));
}

/** The account holding a referral code in the merchant (codes are stored upper-case). */
export async function findByInviteCode(db: Db, merchantId: number, code: string) {
  const [row] = await db
    .select({ id: members.id, type: members.type, status: members.status })
    .from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.inviteCode, code)));
  return row;
}

/** The accounts registered with `referrerId`'s code, newest first, and how many in all. */
export async function referredPage(
  db: Db,
  merchantId: number,
  referrerId: number,
  window: { offset: number; limit: number },
) {
  const where = and(eq(members.merchantId, merchantId), eq(members.referrerId, referrerId));
  const [rows, [total]] = await Promise.all([
    db
      .select({ username: members.username, createdAt: members.createdAt })
      .from(members)
      .where(where)
      .orderBy(desc(members.createdAt), desc(members.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(members).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}
