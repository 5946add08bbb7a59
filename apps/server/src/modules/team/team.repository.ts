import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { columnsEqual } from '../../db/columns-equal.js';
import { affiliateCodes, merchantDomains, members, memberTree } from '../../db/schema/index.js';

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

/** Serialises tree moves of a merchant, so two crossing moves cannot build a cycle. */
const TREE_MOVE_LOCK = 0x74726565; // "tree"

/**
 * Moves `memberId` with its whole subtree under `uplineId` (null: to the top of a tree), as
 * decision 011 describes: the rows linking the subtree to its old ancestors go, the cross
 * product of the new upline's ancestors and the subtree comes in, and `upline_id` changes. Runs
 * in the caller's transaction. False (nothing changed) when the new upline is the account itself
 * or in its subtree: checked under the merchant's move lock, so no concurrent move slips by.
 */
export async function moveSubtree(
  tx: Db,
  account: { merchantId: number; memberId: number; uplineId: number | null },
): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${TREE_MOVE_LOCK}, ${account.merchantId})`);
  if (account.uplineId !== null) {
    const [cycle] = await tx
      .select({ depth: memberTree.depth })
      .from(memberTree)
      .where(
        columnsEqual(memberTree, { ancestorId: account.memberId, descendantId: account.uplineId }),
      );
    if (cycle) return false;
  }
  await tx.execute(sql`
    delete from member_tree
     where descendant_id in (select descendant_id from member_tree where ancestor_id = ${account.memberId})
       and ancestor_id in (select ancestor_id from member_tree
                            where descendant_id = ${account.memberId} and ancestor_id <> ${account.memberId})
  `);
  if (account.uplineId !== null) {
    await tx.execute(sql`
      insert into member_tree (merchant_id, ancestor_id, descendant_id, depth)
      select ${account.merchantId}, a.ancestor_id, d.descendant_id, a.depth + d.depth + 1
        from member_tree a, member_tree d
       where a.descendant_id = ${account.uplineId} and d.ancestor_id = ${account.memberId}
    `);
  }
  await tx
    .update(members)
    .set({ uplineId: account.uplineId })
    .where(eq(members.id, account.memberId));
  return true;
}

/** Whether the account has anyone below it. */
export async function hasDownline(db: Db, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ depth: memberTree.depth })
    .from(memberTree)
    .where(and(eq(memberTree.ancestorId, memberId), gte(memberTree.depth, 1)))
    .limit(1);
  return row !== undefined;
}

/** The affiliate code of the merchant's domain of this host; null when it has none. */
export async function domainAffiliateCode(
  db: Db,
  merchantId: number,
  host: string,
): Promise<string | null> {
  const [domain] = await db
    .select({ affiliateCode: merchantDomains.affiliateCode })
    .from(merchantDomains)
    .where(and(eq(merchantDomains.merchantId, merchantId), eq(merchantDomains.host, host)));
  return domain?.affiliateCode ?? null;
}

/** The agent (a member of this merchant) of the merchant's affiliate code; null when none. */
export async function agentOfAffiliateCode(
  db: Db,
  merchantId: number,
  code: string,
): Promise<number | null> {
  const [row] = await db
    .select({ agentId: affiliateCodes.agentId })
    .from(affiliateCodes)
    .innerJoin(members, eq(members.id, affiliateCodes.agentId))
    .where(
      and(columnsEqual(affiliateCodes, { merchantId, code }), eq(members.merchantId, merchantId)),
    );
  return row?.agentId ?? null;
}
