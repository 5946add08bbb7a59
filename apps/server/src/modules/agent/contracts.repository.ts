import type {
  Contract,
  ContractTerms,
  ContractStatus as EngineStatus,
  ContractType,
  TreeNode,
} from '@app/agents';
import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { columnsEqual } from '../../db/columns-equal.js';
import {
  agentContractRequests,
  agentContractSettings,
  agentContracts,
  members,
  memberTree,
} from '../../db/schema/index.js';
import { roleOfType } from '../../lib/roles.js';

export type ContractRow = typeof agentContracts.$inferSelect;
export type ContractRequestRow = typeof agentContractRequests.$inferSelect;

/** The contract with this id of the merchant, locked for the rest of the transaction. */
export async function lockContract(
  tx: Db,
  merchantId: number,
  id: number,
): Promise<ContractRow | undefined> {
  const [row] = await tx
    .select()
    .from(agentContracts)
    .where(and(eq(agentContracts.merchantId, merchantId), eq(agentContracts.id, id)))
    .for('update');
  return row;
}

/** The contract with this id of which `memberId` is the upline or the downline. */
export async function contractOfMember(
  db: Db,
  merchantId: number,
  id: number,
  memberId: number,
): Promise<ContractRow | undefined> {
  const [row] = await db
    .select()
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.merchantId, merchantId),
        eq(agentContracts.id, id),
        or(eq(agentContracts.uplineId, memberId), eq(agentContracts.downlineId, memberId)),
      ),
    );
  return row;
}

/** The agent's received contract of this type in force (at most one), locked when `lock`. */
export async function activeContractOf(
  db: Db,
  downlineId: number,
  kind: ContractType,
  lock = false,
): Promise<ContractRow | undefined> {
  const query = db
    .select()
    .from(agentContracts)
    .where(columnsEqual(agentContracts, { downlineId, kind, status: 'active' }));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The offer of this type waiting for the agent's answer, if any. */
export async function pendingOfferOf(db: Db, downlineId: number, kind: ContractType) {
  const [row] = await db
    .select()
    .from(agentContracts)
    .where(columnsEqual(agentContracts, { downlineId, kind, status: 'offered' }));
  return row;
}

/**
 * The offered and active contracts of this type held anywhere below `agentId` (not by it),
 * locked: the contracts the conflict rule may end.
 */
export async function lockSubtreeContracts(
  tx: Db,
  merchantId: number,
  agentId: number,
  kind: ContractType,
): Promise<ContractRow[]> {
  return tx
    .select({ contract: agentContracts })
    .from(agentContracts)
    .innerJoin(memberTree, eq(memberTree.descendantId, agentContracts.downlineId))
    .where(
      and(
        eq(agentContracts.merchantId, merchantId),
        eq(agentContracts.kind, kind),
        inArray(agentContracts.status, ['offered', 'active']),
        eq(memberTree.ancestorId, agentId),
        sql`${memberTree.depth} >= 1`,
      ),
    )
    .orderBy(agentContracts.id)
    .for('update', { of: agentContracts })
    .then((rows) => rows.map((r) => r.contract));
}

/** The agent's subtree (itself at the root) as the engine's tree snapshot. */
export async function subtreeNodes(tx: Db, agentId: number): Promise<TreeNode[]> {
  const result = await tx.execute(sql`
    select d.descendant_id as id, p.ancestor_id as upline_id, m.type
      from member_tree d
      join members m on m.id = d.descendant_id
      left join member_tree p on p.descendant_id = d.descendant_id and p.depth = 1
     where d.ancestor_id = ${agentId}
  `);
  const rows = (result as { rows: { id: number; upline_id: number | null; type: number }[] }).rows;
  return rows.map((r) => ({
    id: String(r.id),
    uplineId: Number(r.id) === agentId || r.upline_id === null ? null : String(r.upline_id),
    isAgent: roleOfType(Number(r.type)) === 'agent',
  }));
}

/** A stored contract as the engine's contract (`ended_by_conflict` is terminated there). */
export function toEngineContract(row: ContractRow): Contract {
  const status: EngineStatus =
    row.status === 'ended_by_conflict' ? 'terminated' : (row.status as EngineStatus);
  const base = {
    id: String(row.id),
    agentId: String(row.downlineId),
    offeredById: row.uplineId === null ? null : String(row.uplineId),
    status,
    createdAt: row.createdAt,
    acceptedAt: row.acceptedAt,
    endedAt: row.endedAt,
    shortfall: row.shortfall,
  };
  const terms = row.terms as {
    ratesBp?: number[];
    rates?: { profitRateBp: number; lossRateBp: number }[];
  };
  switch (row.kind as ContractType) {
    case 'dividend':
      return {
        ...base,
        type: 'dividend',
        period: (row.period ?? 'W') as 'D' | 'W' | 'H' | 'M',
        ratesBp: terms.ratesBp ?? [],
        carry: row.carry,
      };
    case 'daily_salary':
      return { ...base, type: 'daily_salary', ratesBp: terms.ratesBp ?? [] };
    case 'hourly_salary':
      return { ...base, type: 'hourly_salary', ratesBp: terms.ratesBp ?? [] };
    case 'realtime_salary':
      return { ...base, type: 'realtime_salary', rates: terms.rates ?? [] };
  }
}

/** The pending requests of these contracts (one at most each). */
export async function pendingRequests(
  db: Db,
  contractIds: number[],
): Promise<Map<number, ContractRequestRow>> {
  if (contractIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(agentContractRequests)
    .where(
      and(
        inArray(agentContractRequests.contractId, contractIds),
        eq(agentContractRequests.status, 'pending'),
      ),
    );
  return new Map(rows.map((r) => [r.contractId, r]));
}

export type Party = { id: number; username: string; nickname: string | null };

/** Usernames and nicknames of these accounts. */
export async function parties(db: Db, ids: number[]): Promise<Map<number, Party>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: members.id, username: members.username, nickname: members.nickname })
    .from(members)
    .where(inArray(members.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/** A page of the member's contracts, given (as upline), received, or both; newest first. */
export async function contractPage(
  db: Db,
  merchantId: number,
  memberId: number,
  filter: {
    side: 'all' | 'given' | 'received';
    type?: string | undefined;
    status?: string | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: ContractRow[]; total: number }> {
  const sideCondition: SQL | undefined =
    filter.side === 'given'
      ? eq(agentContracts.uplineId, memberId)
      : filter.side === 'received'
        ? eq(agentContracts.downlineId, memberId)
        : or(eq(agentContracts.uplineId, memberId), eq(agentContracts.downlineId, memberId));
  const where = and(
    eq(agentContracts.merchantId, merchantId),
    sideCondition,
    filter.type ? eq(agentContracts.kind, filter.type) : undefined,
    filter.status ? eq(agentContracts.status, filter.status) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(agentContracts)
      .where(where)
      .orderBy(desc(agentContracts.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(agentContracts)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** The member's received contracts that are offered or active, and its given active ones. */
export async function contractsInPlay(db: Db, merchantId: number, memberId: number) {
  return db
    .select()
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.merchantId, merchantId),
        or(
          and(
            eq(agentContracts.downlineId, memberId),
            inArray(agentContracts.status, ['offered', 'active']),
          ),
          and(eq(agentContracts.uplineId, memberId), eq(agentContracts.status, 'active')),
        ),
      ),
    );
}

/** Contracts of the merchant whose pending termination request waits (for the consolidated info). */
export async function givenWithPendingRequest(db: Db, merchantId: number, memberId: number) {
  return db
    .select({ contract: agentContracts, request: agentContractRequests })
    .from(agentContracts)
    .innerJoin(agentContractRequests, eq(agentContractRequests.contractId, agentContracts.id))
    .where(
      and(
        eq(agentContracts.merchantId, merchantId),
        eq(agentContracts.uplineId, memberId),
        eq(agentContractRequests.status, 'pending'),
      ),
    );
}

/** A contract's terms as its row stores them (the type and period have their own columns). */
function storedTerms(terms: ContractTerms) {
  return terms.type === 'realtime_salary'
    ? { rates: terms.rates.map((r) => ({ ...r })) }
    : { ratesBp: [...terms.ratesBp] };
}

/**
 * Writes an offer once its checks passed: the `offered` contract and its `new` request, made by
 * `uplineId` (null: the operator, to a top-level agent).
 */
export async function insertOffer(
  tx: Db,
  merchantId: number,
  uplineId: number | null,
  downlineId: number,
  terms: ContractTerms,
): Promise<{ contract: ContractRow; request: ContractRequestRow }> {
  const [contract] = await tx
    .insert(agentContracts)
    .values({
      merchantId,
      kind: terms.type,
      uplineId,
      downlineId,
      period: terms.type === 'dividend' ? terms.period : null,
      terms: storedTerms(terms),
      status: 'offered',
    })
    .returning();
  const [request] = await tx
    .insert(agentContractRequests)
    .values({ merchantId, contractId: contract!.id, type: 'new', requestedBy: uplineId })
    .returning();
  return { contract: contract!, request: request! };
}

/** The columns an answer or an operator action changes. */
export type ContractChange = Partial<typeof agentContracts.$inferInsert>;

/** Changes a contract (its state, end, carry), stamping `updatedAt`; the row after. */
export async function updateContract(
  tx: Db,
  id: number,
  change: ContractChange,
  now: Date,
): Promise<ContractRow> {
  const [row] = await tx
    .update(agentContracts)
    .set({ ...change, updatedAt: now })
    .where(eq(agentContracts.id, id))
    .returning();
  return row!;
}

/** Closes the pending requests of these contracts; `decidedBy` null: the operator decided. */
export async function closeRequests(
  tx: Db,
  contractIds: number[],
  status: 'accepted' | 'rejected',
  decidedBy: number | null,
  now: Date,
): Promise<void> {
  if (contractIds.length === 0) return;
  await tx
    .update(agentContractRequests)
    .set({ status, decidedBy, decidedAt: now })
    .where(
      and(
        inArray(agentContractRequests.contractId, contractIds),
        eq(agentContractRequests.status, 'pending'),
      ),
    );
}

/**
 * The pending request of a contract (at most one), locked with it; `type` narrows it to a new
 * offer or a termination request.
 */
export async function pendingRequestOf(
  tx: Db,
  contractId: number,
  type?: 'new' | 'termination',
): Promise<ContractRequestRow | undefined> {
  const [request] = await tx
    .select()
    .from(agentContractRequests)
    .where(
      and(
        eq(agentContractRequests.contractId, contractId),
        eq(agentContractRequests.status, 'pending'),
        type === undefined ? undefined : eq(agentContractRequests.type, type),
      ),
    )
    .for('update');
  return request;
}

/** One side asks to end a contract in force. */
export async function insertTerminationRequest(
  tx: Db,
  merchantId: number,
  contractId: number,
  requestedBy: number,
): Promise<void> {
  await tx
    .insert(agentContractRequests)
    .values({ merchantId, contractId, type: 'termination', requestedBy });
}

/** Decides one request. */
export async function decideRequest(
  tx: Db,
  requestId: number,
  status: 'accepted' | 'rejected',
  decidedBy: number,
  now: Date,
): Promise<void> {
  await tx
    .update(agentContractRequests)
    .set({ status, decidedBy, decidedAt: now })
    .where(eq(agentContractRequests.id, requestId));
}

/** Locks a member's row: offers to one account are made one at a time. */
export async function lockMember(tx: Db, memberId: number): Promise<void> {
  await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
}

/** The merchant's account with this username (any case), locked: the operator's offer target. */
export async function lockMemberByUsername(tx: Db, merchantId: number, username: string) {
  const [found] = await tx
    .select()
    .from(members)
    .where(
      and(
        eq(members.merchantId, merchantId),
        sql`lower(${members.username}) = ${username.toLowerCase()}`,
      ),
    )
    .for('update');
  return found;
}

const uplines = alias(members, 'uplines');

export type AdminContractFilter = {
  type?: string | undefined;
  status?: string | undefined;
  /** The downline's or the upline's username, any case. */
  username?: string | undefined;
  /** One contract. */
  id?: number;
};

/** The merchant's contracts for the back office, newest first, with both sides' usernames. */
export async function adminContracts(
  db: Db,
  merchantId: number,
  filter: AdminContractFilter,
  window: { limit: number; offset: number },
): Promise<{
  rows: { row: ContractRow; downline: string; upline: string | null }[];
  total: number;
}> {
  const where: SQL[] = [eq(agentContracts.merchantId, merchantId)];
  if (filter.id !== undefined) where.push(eq(agentContracts.id, filter.id));
  if (filter.type) where.push(eq(agentContracts.kind, filter.type));
  if (filter.status) where.push(eq(agentContracts.status, filter.status));
  if (filter.username) {
    const name = filter.username.toLowerCase();
    where.push(sql`(lower(${members.username}) = ${name} or lower(${uplines.username}) = ${name})`);
  }
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: agentContracts, downline: members.username, upline: uplines.username })
      .from(agentContracts)
      .innerJoin(members, eq(members.id, agentContracts.downlineId))
      .leftJoin(uplines, eq(uplines.id, agentContracts.uplineId))
      .where(and(...where))
      .orderBy(desc(agentContracts.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ n: count() })
      .from(agentContracts)
      .innerJoin(members, eq(members.id, agentContracts.downlineId))
      .leftJoin(uplines, eq(uplines.id, agentContracts.uplineId))
      .where(and(...where)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The merchant's stored contract settings (JSON), if any. */
export async function contractSettingsRow(db: Db, merchantId: number): Promise<unknown> {
  const [row] = await db
    .select({ settings: agentContractSettings.settings })
    .from(agentContractSettings)
    .where(eq(agentContractSettings.merchantId, merchantId));
  return row?.settings;
}

/** Stores the merchant's contract settings (JSON). */
export async function upsertContractSettings(
  db: Db,
  merchantId: number,
  json: Record<string, unknown>,
): Promise<void> {
  await db
    .insert(agentContractSettings)
    .values({ merchantId, settings: json })
    .onConflictDoUpdate({
      target: agentContractSettings.merchantId,
      set: { settings: json, updatedAt: new Date() },
    });
}
