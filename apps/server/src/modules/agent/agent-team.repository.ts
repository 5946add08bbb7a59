import { AGENT_TYPES, type ContractKind, type DownlineType } from '@app/shared';
import { and, asc, desc, eq, gte, inArray, like, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  affiliateCodes,
  agentContracts,
  ledgerAccounts,
  members,
  memberTree,
} from '../../db/schema/index.js';

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

/**
 * The cached main wallet balance of each of these accounts (0 before their first movement), read
 * for one page of accounts only, not for every row an offset skips.
 */
export async function mainBalances(
  db: Db,
  scope: DownlineScope,
  memberIds: number[],
): Promise<Map<number, bigint>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .select({ memberId: ledgerAccounts.memberId, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        inArray(ledgerAccounts.memberId, memberIds),
        eq(ledgerAccounts.merchantId, scope.merchantId),
        eq(ledgerAccounts.currency, scope.currency),
        eq(ledgerAccounts.kind, 'member_main'),
      ),
    );
  const balances = new Map<number, bigint>();
  for (const row of rows) {
    balances.set(row.memberId!, (balances.get(row.memberId!) ?? 0n) + row.balance);
  }
  return balances;
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
    .where(
      and(
        eq(affiliateCodes.merchantId, merchantId),
        eq(affiliateCodes.agentId, agentId),
        eq(affiliateCodes.code, code),
      ),
    )
    .returning({ code: affiliateCodes.code });
  return deleted.length === 1;
}
