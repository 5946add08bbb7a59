import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { kycProfiles, loginEvents, memberIps, memberTree, members } from '../../db/schema/index.js';

/** The back office's reads and writes of member accounts, always within one merchant. */

const upline = alias(members, 'upline');

export type MemberFilters = {
  username?: string | undefined;
  mobile?: string | undefined;
  email?: string | undefined;
  name?: string | undefined;
  agent?: string | undefined;
  type?: number | undefined;
  status?: string | undefined;
};

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterOf(merchantId: number, f: MemberFilters): SQL | undefined {
  return and(
    eq(members.merchantId, merchantId),
    f.username ? ilike(members.username, contains(f.username)) : undefined,
    f.mobile ? ilike(members.mobileNum, contains(f.mobile.replace(/\D/g, ''))) : undefined,
    f.email ? ilike(members.email, contains(f.email)) : undefined,
    f.name
      ? or(ilike(members.payeeName, contains(f.name)), ilike(members.nickname, contains(f.name)))
      : undefined,
    f.agent
      ? sql`exists (select 1 from ${memberTree} t join ${members} a on a.id = t.ancestor_id
                     where t.descendant_id = ${members.id} and t.depth >= 1
                       and a.merchant_id = ${merchantId} and a.username = ${f.agent.toLowerCase()})`
      : undefined,
    f.type !== undefined ? eq(members.type, f.type) : undefined,
    f.status ? eq(members.status, f.status) : undefined,
  );
}

const summaryColumns = {
  member: members,
  agentId: upline.id,
  agentUsername: upline.username,
};

export type MemberWithAgent = {
  member: typeof members.$inferSelect;
  agentId: number | null;
  agentUsername: string | null;
};

export async function searchMembers(
  db: Db,
  merchantId: number,
  filters: MemberFilters,
  window: { limit: number; offset: number },
): Promise<{ rows: MemberWithAgent[]; total: number }> {
  const where = filterOf(merchantId, filters);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(members)
      .leftJoin(upline, eq(upline.id, members.uplineId))
      .where(where)
      .orderBy(desc(members.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(members).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

/** The member with its direct agent, if it belongs to the merchant. */
export async function findMember(
  db: Db,
  merchantId: number,
  memberId: number,
): Promise<MemberWithAgent | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(members)
    .leftJoin(upline, eq(upline.id, members.uplineId))
    .where(and(eq(members.merchantId, merchantId), eq(members.id, memberId)));
  return row;
}

/** Locks the member's row for the rest of the transaction; undefined when not the merchant's. */
export async function lockMember(db: Db, merchantId: number, memberId: number) {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.id, memberId)))
    .for('update');
  return row;
}

export async function updateMember(
  db: Db,
  memberId: number,
  values: Partial<typeof members.$inferInsert>,
): Promise<void> {
  await db.update(members).set(values).where(eq(members.id, memberId));
}

export async function kycStatusOf(db: Db, memberId: number): Promise<string | null> {
  const [row] = await db
    .select({ status: kycProfiles.status })
    .from(kycProfiles)
    .where(eq(kycProfiles.memberId, memberId));
  return row?.status ?? null;
}

export async function directDownlineCount(db: Db, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberTree)
    .where(and(eq(memberTree.ancestorId, memberId), eq(memberTree.depth, 1)));
  return row?.n ?? 0;
}

export async function loginPage(
  db: Db,
  merchantId: number,
  memberId: number,
  window: { limit: number; offset: number },
) {
  const where = and(eq(loginEvents.merchantId, merchantId), eq(loginEvents.memberId, memberId));
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(loginEvents)
      .where(where)
      .orderBy(desc(loginEvents.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(loginEvents).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

/** The member's addresses, each with the other members of the merchant seen there. */
export async function addressesOf(db: Db, merchantId: number, memberId: number) {
  const found = await queryRows(
    db,
    sql`select host(mine.ip) as ip, mine.created_at as first_seen_at, other.id as other_id,
               other.username as other_username
          from ${memberIps} mine
          left join ${memberIps} shared on shared.ip = mine.ip and shared.member_id <> mine.member_id
          left join ${members} other on other.id = shared.member_id and other.merchant_id = ${merchantId}
         where mine.member_id = ${memberId}
         order by first_seen_at desc, mine.ip, other.id`,
  );
  return found.map((row) => ({
    ip: String(row.ip),
    firstSeenAt: new Date(row.first_seen_at as string | Date),
    otherId: row.other_id === null ? null : Number(row.other_id),
    otherUsername: (row.other_username as string | null) ?? null,
  }));
}

/** Whether the account is an agent of the merchant (for moves). */
export async function findAccount(db: Db, merchantId: number, memberId: number) {
  const [row] = await db
    .select({ id: members.id, type: members.type, username: members.username })
    .from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.id, memberId)));
  return row;
}
