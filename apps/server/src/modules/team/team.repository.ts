import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { members, memberTree } from '../../db/schema/index.js';

/**
 * The agent tree (decision 011): `members.upline_id` names an account's direct upline and the
 * closure table `member_tree` holds one row per (ancestor, descendant) pair, each account with
 * itself at depth 0. Only this module writes either.
 */

/**
 * Puts a new account into its merchant's tree: its own depth-0 row, then one row for every
 * ancestor of the upline (the upline itself at depth 1). Runs inside the caller's transaction,
 * right after the account's insert.
 */
export async function attachToTree(
  tx: Db,
  account: { id: number; merchantId: number; uplineId: number | null },
): Promise<void> {
  await tx.insert(memberTree).values({
    merchantId: account.merchantId,
    ancestorId: account.id,
    descendantId: account.id,
    depth: 0,
  });
  if (account.uplineId === null) return;
  await tx.execute(sql`
    insert into member_tree (merchant_id, ancestor_id, descendant_id, depth)
    select merchant_id, ancestor_id, ${account.id}, depth + 1
    from member_tree
    where descendant_id = ${account.uplineId} and merchant_id = ${account.merchantId}
  `);
}

/** Whether `descendantId` is below `ancestorId` (depth 1 or more; an account is not its own). */
export async function isInDownline(
  db: Db,
  ancestorId: number,
  descendantId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ depth: memberTree.depth })
    .from(memberTree)
    .where(
      and(
        eq(memberTree.ancestorId, ancestorId),
        eq(memberTree.descendantId, descendantId),
        gte(memberTree.depth, 1),
      ),
    );
  return row !== undefined;
}

/** The account's direct upline, or undefined at the top of a tree. */
export async function directUpline(db: Db, memberId: number) {
  const [row] = await db
    .select({ upline: members })
    .from(memberTree)
    .innerJoin(members, eq(members.id, memberTree.ancestorId))
    .where(and(eq(memberTree.descendantId, memberId), eq(memberTree.depth, 1)));
  return row?.upline;
}

/**
 * The account in `ancestorId`'s downline with this username (any depth), or undefined: no such
 * account and an account outside the downline look the same.
 */
export async function findInDownline(
  db: Db,
  merchantId: number,
  ancestorId: number,
  username: string,
) {
  const [row] = await db
    .select({ member: members, depth: memberTree.depth })
    .from(memberTree)
    .innerJoin(members, eq(members.id, memberTree.descendantId))
    .where(
      and(
        eq(memberTree.ancestorId, ancestorId),
        gte(memberTree.depth, 1),
        eq(members.merchantId, merchantId),
        eq(members.username, username.toLowerCase()),
      ),
    );
  return row;
}

export type DownlineRow = {
  id: number;
  username: string;
  nickname: string | null;
  type: number;
  depth: number;
  uplineId: number | null;
  createdAt: Date;
};

/** The agent's downline, nearest first, for the agent centre's team pages. */
export async function listDownline(
  db: Db,
  ancestorId: number,
  options: { maxDepth?: number; limit?: number; offset?: number } = {},
): Promise<{ rows: DownlineRow[]; total: number }> {
  const where = and(
    eq(memberTree.ancestorId, ancestorId),
    gte(memberTree.depth, 1),
    options.maxDepth === undefined ? undefined : lte(memberTree.depth, options.maxDepth),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: members.id,
        username: members.username,
        nickname: members.nickname,
        type: members.type,
        depth: memberTree.depth,
        uplineId: members.uplineId,
        createdAt: members.createdAt,
      })
      .from(memberTree)
      .innerJoin(members, eq(members.id, memberTree.descendantId))
      .where(where)
      .orderBy(asc(memberTree.depth), asc(members.id))
      .limit(options.limit ?? 50)
      .offset(options.offset ?? 0),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(memberTree)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}
