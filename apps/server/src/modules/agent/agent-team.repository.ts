import { AGENT_TYPES, type ContractKind, type DownlineType } from '@app/shared';
import { and, asc, desc, eq, gte, inArray, like, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { columnsEqual } from '../../db/columns-equal.js';
import { affiliateCodes, agentContracts, members, memberTree } from '../../db/schema/index.js';

export type DownlineScope = { merchantId: number; agentId: number; currency: string };

export type DownlineFilter = {
  /** Direct downline only (depth 1), or every level. */
  directOnly: boolean;
  accountPrefix?: string | undefined;
  status?: string | undefined;
  type?: DownlineType | undefined;
  /** One account of the downline (the detail view). */
  memberId?: number | undefined;
};

export type DownlineRecord = {
  id: number;
  username: string;
  nickname: string | null;
  type: number;
  status: string;
  depth: number;
  createdAt: Date;
  lastLoginAt: Date | null;
};

const agentTypes = [...AGENT_TYPES] as number[];

/** LIKE treats % _ and \ specially; a search for them means the characters themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function downlineWhere(scope: DownlineScope, filter: DownlineFilter) {
  return and(
    eq(memberTree.ancestorId, scope.agentId),
    eq(memberTree.merchantId, scope.merchantId),
    filter.directOnly ? eq(memberTree.depth, 1) : gte(memberTree.depth, 1),
    filter.memberId === undefined ? undefined : eq(memberTree.descendantId, filter.memberId),
    filter.accountPrefix === undefined
      ? undefined
      : like(members.username, `${escapeLike(filter.accountPrefix)}%`),
    filter.status === undefined ? undefined : eq(members.status, filter.status),
    filter.type === 'agent' ? inArray(members.type, agentTypes) : undefined,
    filter.type === 'member' ? notInArray(members.type, agentTypes) : undefined,
  );
}

/**
 * A page of the agent's downline, nearest level first, then oldest account first: the order of
 * the (ancestor, depth, descendant) index, so a page is read from the index without sorting the
 * whole team. The count reads only the tree's index unless a filter needs the accounts.
 */
export async function downlinePage(
  db: Db,
  scope: DownlineScope,
  filter: DownlineFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: DownlineRecord[]; total: number }> {
  const where = downlineWhere(scope, filter);
  const needsMembers =
    filter.accountPrefix !== undefined || filter.status !== undefined || filter.type !== undefined;
  const countQuery = db.select({ total: sql<number>`count(*)::int` }).from(memberTree);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: members.id,
        username: members.username,
        nickname: members.nickname,
        type: members.type,
        status: members.status,
        depth: memberTree.depth,
        createdAt: members.createdAt,
        lastLoginAt: members.lastLoginAt,
      })
      .from(memberTree)
      .innerJoin(members, eq(members.id, memberTree.descendantId))
      .where(where)
      .orderBy(asc(memberTree.depth), asc(memberTree.descendantId))
      .limit(page.limit)
      .offset(page.offset),
    needsMembers
      ? countQuery.innerJoin(members, eq(members.id, memberTree.descendantId)).where(where)
      : countQuery.where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** The contract types in force that each of these accounts holds from the agent. */
export async function contractsFromAgent(
  db: Db,
  agentId: number,
  downlineIds: number[],
): Promise<Map<number, ContractKind[]>> {
  const byDownline = new Map<number, ContractKind[]>();
  if (downlineIds.length === 0) return byDownline;
  const rows = await db
    .select({ downlineId: agentContracts.downlineId, kind: agentContracts.kind })
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.uplineId, agentId),
        eq(agentContracts.status, 'active'),
        inArray(agentContracts.downlineId, downlineIds),
      ),
    )
    .orderBy(asc(agentContracts.kind));
  for (const row of rows) {
    const kinds = byDownline.get(row.downlineId) ?? [];
    kinds.push(row.kind as ContractKind);
    byDownline.set(row.downlineId, kinds);
  }
  return byDownline;
}

export type AffiliateLinkRecord = { code: string; registrations: number; createdAt: Date };

/** The agent's affiliate codes, newest first, each with the accounts registered under it. */
export async function affiliateLinksOf(
  db: Db,
  merchantId: number,
  agentId: number,
): Promise<AffiliateLinkRecord[]> {
  return db
    .select({
      code: affiliateCodes.code,
      registrations: sql<number>`(
        select count(*)::int from members m
         where m.upline_id = ${affiliateCodes.agentId}
           and m.merchant_id = ${affiliateCodes.merchantId}
           and m.affiliate_code = ${affiliateCodes.code})`,
      createdAt: affiliateCodes.createdAt,
    })
    .from(affiliateCodes)
    .where(and(eq(affiliateCodes.merchantId, merchantId), eq(affiliateCodes.agentId, agentId)))
    .orderBy(desc(affiliateCodes.createdAt), asc(affiliateCodes.code));
}

/** Stores a new code for the agent; undefined when the code is already taken in the merchant. */
export async function insertAffiliateCode(
  db: Db,
  values: { merchantId: number; agentId: number; code: string },
): Promise<{ code: string; createdAt: Date } | undefined> {
  const [row] = await db
    .insert(affiliateCodes)
    .values(values)
    .onConflictDoNothing()
    .returning({ code: affiliateCodes.code, createdAt: affiliateCodes.createdAt });
  return row;
}

/** Deletes one of the agent's own codes; false when the agent has no such code. */
export async function deleteAffiliateCode(
  db: Db,
  merchantId: number,
  agentId: number,
  code: string,
): Promise<boolean> {
  const deleted = await db
    .delete(affiliateCodes)
    .where(columnsEqual(affiliateCodes, { merchantId, agentId, code }))
    .returning({ code: affiliateCodes.code });
  return deleted.length === 1;
}

/** An account of the hierarchy view, its level below the caller and the size of its team. */
export type TreeNodeRecord = {
  id: number;
  username: string;
  type: number;
  level: number;
  directCount: number;
  teamSize: number;
};

// Both counts read only the tree's primary key (ancestor first): one index range per node.
const directCount = sql<number>`(select count(*)::int from member_tree below
  where below.ancestor_id = ${members.id} and below.depth = 1)`;
const teamSize = sql<number>`(select count(*)::int from member_tree below
  where below.ancestor_id = ${members.id} and below.depth >= 1)`;

const nodeColumns = {
  id: members.id,
  username: members.username,
  type: members.type,
  level: memberTree.depth,
  directCount,
  teamSize,
};

/**
 * One account of the caller's team seen from the caller (the caller itself at level 0), by id or
 * by exact username; undefined when it is not in the caller's tree.
 */
export async function treeNode(
  db: Db,
  scope: DownlineScope,
  which: { memberId: number } | { username: string },
): Promise<TreeNodeRecord | undefined> {
  const [row] = await db
    .select(nodeColumns)
    .from(memberTree)
    .innerJoin(members, eq(members.id, memberTree.descendantId))
    .where(
      and(
        eq(memberTree.ancestorId, scope.agentId),
        eq(memberTree.merchantId, scope.merchantId),
        'memberId' in which
          ? eq(memberTree.descendantId, which.memberId)
          : eq(members.username, which.username),
      ),
    )
    .limit(1);
  return row;
}

/**
 * A page of the direct downline of `parent` (an account of the caller's tree, checked by the
 * caller), oldest account first; levels are counted from the caller.
 */
export async function treeChildren(
  db: Db,
  scope: DownlineScope,
  parent: TreeNodeRecord,
  page: { limit: number; offset: number },
): Promise<{ rows: TreeNodeRecord[]; total: number }> {
  const where = columnsEqual(memberTree, {
    ancestorId: parent.id,
    merchantId: scope.merchantId,
    depth: 1,
  });
  const [rows, [count]] = await Promise.all([
    db
      .select(nodeColumns)
      .from(memberTree)
      .innerJoin(members, eq(members.id, memberTree.descendantId))
      .where(where)
      .orderBy(asc(memberTree.descendantId))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(memberTree)
      .where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, level: parent.level + 1 })),
    total: count?.total ?? 0,
  };
}

/**
 * The accounts from the caller (level 0) down to the direct upline of `node`, top first: the
 * ancestors of the node that are in the caller's tree.
 */
export async function treePath(
  db: Db,
  scope: DownlineScope,
  node: TreeNodeRecord,
): Promise<TreeNodeRecord[]> {
  const fromCaller = sql`(select below.depth from member_tree below
    where below.ancestor_id = ${scope.agentId} and below.descendant_id = ${members.id})`;
  return db
    .select({ ...nodeColumns, level: sql<number>`${fromCaller}` })
    .from(memberTree)
    .innerJoin(members, eq(members.id, memberTree.ancestorId))
    .where(
      and(
        eq(memberTree.descendantId, node.id),
        eq(memberTree.merchantId, scope.merchantId),
        gte(memberTree.depth, 1),
        sql`${fromCaller} is not null`,
      ),
    )
    .orderBy(desc(memberTree.depth));
}
