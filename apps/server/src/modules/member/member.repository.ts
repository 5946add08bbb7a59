import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { affiliateCodes, loginEvents, memberIps, members } from '../../db/schema/index.js';
import { attachToTree } from '../team/index.js';

export async function findMemberByUsername(db: Db, merchantId: number, username: string) {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.username, username.toLowerCase())));
  return row;
}

/** The member holding this number; with `verifiedOnly`, only if an SMS code proved it theirs. */
export async function findMemberByMobile(
  db: Db,
  merchantId: number,
  countryDialingCode: string,
  mobileNum: string,
  verifiedOnly = false,
) {
  const [row] = await db
    .select()
    .from(members)
    .where(
      and(
        eq(members.merchantId, merchantId),
        eq(members.countryDialingCode, countryDialingCode),
        eq(members.mobileNum, mobileNum),
        verifiedOnly ? isNotNull(members.mobileVerifiedAt) : undefined,
      ),
    );
  return row;
}

export async function findMemberById(db: Db, memberId: number) {
  const [row] = await db.select().from(members).where(eq(members.id, memberId));
  return row;
}

/**
 * Creates an account and, in the same transaction, its place in the agent tree: under
 * `values.uplineId` when given (an agent of the same merchant), else at the top of a tree.
 */
export async function insertMember(db: Db, values: typeof members.$inferInsert) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(members).values(values).returning();
    await attachToTree(tx, row!);
    return row!;
  });
}

export async function updateMember(
  db: Db,
  memberId: number,
  values: Partial<typeof members.$inferInsert>,
) {
  const [row] = await db.update(members).set(values).where(eq(members.id, memberId)).returning();
  return row!;
}

/**
 * Marks the emailed temporary password as spent for login. False when another request spent it
 * first: of two logins racing with it, only one gets in.
 */
export async function spendTemporaryPassword(db: Db, memberId: number): Promise<boolean> {
  const spent = await db
    .update(members)
    .set({ tempPasswordUsedAt: new Date() })
    .where(and(eq(members.id, memberId), isNull(members.tempPasswordUsedAt)))
    .returning({ id: members.id });
  return spent.length === 1;
}

/** Marks a successful login; returns whether it was the account's first. */
export async function markLoggedIn(db: Db, memberId: number): Promise<boolean> {
  const [before] = await db
    .select({ firstLoginAt: members.firstLoginAt })
    .from(members)
    .where(eq(members.id, memberId));
  await db
    .update(members)
    .set({ lastLoginAt: sql`now()`, firstLoginAt: sql`coalesce(${members.firstLoginAt}, now())` })
    .where(eq(members.id, memberId));
  return before?.firstLoginAt === null;
}

export function recordLoginEvent(db: Db, values: typeof loginEvents.$inferInsert) {
  return db.insert(loginEvents).values(values);
}

/** Remembers an address the member logged in from; true when it is new for them. */
export async function rememberIp(db: Db, memberId: number, ip: string): Promise<boolean> {
  const inserted = await db
    .insert(memberIps)
    .values({ memberId, ip })
    .onConflictDoNothing()
    .returning({ ip: memberIps.ip });
  return inserted.length > 0;
}

export async function findAffiliateCode(db: Db, merchantId: number, code: string) {
  const [row] = await db
    .select()
    .from(affiliateCodes)
    .where(and(eq(affiliateCodes.merchantId, merchantId), eq(affiliateCodes.code, code)));
  return row;
}

/**
 * Whether the member has logged in from this network before: the same /24 for IPv4, the same /64
 * for IPv6 (carriers move players around inside their blocks). A member with no known address yet
 * has nothing to compare with, which counts as known.
 */
export async function isKnownNetwork(db: Db, memberId: number, ip: string): Promise<boolean> {
  const [anyKnown] = await db
    .select({ ip: memberIps.ip })
    .from(memberIps)
    .where(eq(memberIps.memberId, memberId))
    .limit(1);
  if (!anyKnown) return true;
  const [sameNetwork] = await db
    .select({ ip: memberIps.ip })
    .from(memberIps)
    .where(
      and(
        eq(memberIps.memberId, memberId),
        sql`family(${memberIps.ip}) = family(${ip}::inet)`,
        sql`network(set_masklen(${memberIps.ip}, case family(${memberIps.ip}) when 4 then 24 else 64 end)) >>= ${ip}::inet`,
      ),
    )
    .limit(1);
  return sameNetwork !== undefined;
}

/** The member's latest login attempts, newest first. */
export function recentLoginEvents(db: Db, memberId: number, limit: number) {
  return db
    .select()
    .from(loginEvents)
    .where(eq(loginEvents.memberId, memberId))
    .orderBy(desc(loginEvents.id))
    .limit(limit);
}
