import type {
  Contract,
  ContractType,
  MemberFigures,
  Period,
  SettledBet,
  TreeNode,
} from '@app/agents';
import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { columnsEqual } from '../../db/columns-equal.js';
import {
  agentContracts,
  agentContractSettlements,
  agentSettlementFailures,
  jobRuns,
  members,
  merchants,
  operators,
} from '../../db/schema/index.js';
import { toEngineContract, type ContractRow } from './contracts.repository.js';
import { roleOfType } from '../../lib/roles.js';

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** Merchants with a contract of `kind` accepted at some time (the settlement's candidates). */
export async function merchantsWithContracts(db: Db, kind: ContractType): Promise<number[]> {
  const rows = await db
    .selectDistinct({ merchantId: agentContracts.merchantId })
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.kind, kind),
        inArray(agentContracts.status, ['active', 'terminated', 'ended_by_conflict']),
      ),
    );
  return rows.map((row) => row.merchantId);
}

/**
 * The contracts of `kind` that may be in force in `period` (the engine's `contractInForce`
 * decides), locked so that an accept, a termination or another settlement of them waits.
 */
export async function contractsForPeriod(
  tx: Db,
  merchantId: number,
  kind: ContractType,
  period: Period,
): Promise<{ rows: ContractRow[]; contracts: Contract[] }> {
  const rows = await tx
    .select()
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.merchantId, merchantId),
        eq(agentContracts.kind, kind),
        sql`${agentContracts.acceptedAt} < ${period.end}`,
        or(eq(agentContracts.status, 'active'), sql`${agentContracts.endedAt} > ${period.start}`),
      ),
    )
    .orderBy(agentContracts.id)
    .for('update');
  return { rows, contracts: rows.map(toEngineContract) };
}

/** The settlement rows of these contracts for the period, by contract id. */
export async function settledRows(
  tx: Db,
  contractIds: number[],
  periodKey: string,
): Promise<Map<number, { carryBefore: bigint; shortfallBefore: bigint }>> {
  if (contractIds.length === 0) return new Map();
  const rows = await tx
    .select({
      contractId: agentContractSettlements.contractId,
      carryBefore: agentContractSettlements.carryBefore,
      shortfallBefore: agentContractSettlements.shortfallBefore,
    })
    .from(agentContractSettlements)
    .where(
      and(
        inArray(agentContractSettlements.contractId, contractIds),
        eq(agentContractSettlements.periodKey, periodKey),
      ),
    );
  return new Map(rows.map((row) => [row.contractId, row]));
}

/**
 * Contracts of this type held back in an earlier period of the same kind and not settled since
 * (contract id -> the earliest such period): their later periods wait (decision 014).
 */
export async function heldEarlier(
  tx: Db,
  merchantId: number,
  type: ContractType,
  period: Period,
): Promise<Map<string, string>> {
  const rows = await tx
    .select({
      contractId: agentSettlementFailures.contractId,
      periodKey: sql<string>`min(${agentSettlementFailures.periodKey})`,
    })
    .from(agentSettlementFailures)
    .where(
      and(
        eq(agentSettlementFailures.merchantId, merchantId),
        eq(agentSettlementFailures.contractType, type),
        eq(agentSettlementFailures.periodKind, period.kind),
        eq(agentSettlementFailures.status, 'open'),
        sql`${agentSettlementFailures.contractId} is not null`,
        sql`${agentSettlementFailures.periodKey} < ${period.key}`,
      ),
    )
    .groupBy(agentSettlementFailures.contractId);
  return new Map(rows.map((row) => [String(row.contractId), row.periodKey]));
}

export type FailureInput = {
  contractId: number | null;
  agentId: number | null;
  causeAgentId: number | null;
  reason: string;
  detail: string;
};

/**
 * Records failures of a period (the back office's alerts), one per (contract, period): a second
 * sighting bumps `attempts` and `last_seen_at` and reopens a resolved one.
 */
export async function recordFailures(
  db: Db,
  merchantId: number,
  target: { type: ContractType; kind: string },
  periodKey: string,
  failures: FailureInput[],
): Promise<void> {
  for (const failure of failures) {
    await db
      .insert(agentSettlementFailures)
      .values({
        merchantId,
        contractType: target.type,
        periodKind: target.kind,
        periodKey,
        ...failure,
      })
      .onConflictDoUpdate({
        target: [
          agentSettlementFailures.merchantId,
          agentSettlementFailures.contractType,
          agentSettlementFailures.periodKey,
          agentSettlementFailures.contractId,
        ],
        set: {
          attempts: sql`${agentSettlementFailures.attempts} + 1`,
          lastSeenAt: sql`now()`,
          reason: failure.reason,
          detail: failure.detail,
          causeAgentId: failure.causeAgentId,
          status: 'open',
          resolvedAt: null,
          resolvedBy: null,
        },
      });
  }
}

/** Resolves the open failures of these contracts for the period (they are settled now). */
export async function resolveFailures(
  tx: Db,
  merchantId: number,
  type: ContractType,
  periodKey: string,
  contractIds: number[],
  resolvedBy: number | null,
): Promise<void> {
  await tx
    .update(agentSettlementFailures)
    .set({ status: 'resolved', resolvedAt: sql`now()`, resolvedBy })
    .where(
      and(
        eq(agentSettlementFailures.merchantId, merchantId),
        eq(agentSettlementFailures.contractType, type),
        eq(agentSettlementFailures.periodKey, periodKey),
        eq(agentSettlementFailures.status, 'open'),
        or(
          inArray(agentSettlementFailures.contractId, contractIds),
          sql`${agentSettlementFailures.contractId} is null`,
        ),
      ),
    );
}

/** The contracts of these ids already settled for the period. */
export async function settledContracts(
  tx: Db,
  contractIds: number[],
  periodKey: string,
): Promise<Set<number>> {
  if (contractIds.length === 0) return new Set();
  const rows = await tx
    .select({ contractId: agentContractSettlements.contractId })
    .from(agentContractSettlements)
    .where(
      and(
        inArray(agentContractSettlements.contractId, contractIds),
        eq(agentContractSettlements.periodKey, periodKey),
      ),
    );
  return new Set(rows.map((row) => row.contractId));
}

/**
 * The teams of these agents as the engine's tree: every account below them (and themselves),
 * with its direct upline when that upline is in the snapshot.
 */
export async function teamsOf(tx: Db, agentIds: number[]): Promise<TreeNode[]> {
  if (agentIds.length === 0) return [];
  const rows = rowsOf<{ id: number; upline_id: number | null; type: number }>(
    await tx.execute(sql`
      with team as (
        select distinct descendant_id as id from member_tree
         where ancestor_id in (${sql.join(
           agentIds.map((id) => sql`${id}`),
           sql`, `,
         )})
      )
      select t.id, p.ancestor_id as upline_id, m.type
        from team t
        join members m on m.id = t.id
        left join member_tree p on p.descendant_id = t.id and p.depth = 1
                               and p.ancestor_id in (select id from team)
    `),
  );
  return rows.map((row) => ({
    id: String(row.id),
    uplineId: row.upline_id === null ? null : String(row.upline_id),
    isAgent: roleOfType(Number(row.type)) === 'agent',
  }));
}

/**
 * Each member's own figures in the period (decision 014): valid bet and GGR of the rounds closed
 * in it, bonuses and rebates granted in it, deposits credited in it. Members with none are left
 * out (the engine counts them as zero).
 */
export async function memberFigures(
  tx: Db,
  merchantId: number,
  memberIds: number[],
  period: Period,
): Promise<Map<string, MemberFigures>> {
  const figures = new Map<string, MemberFigures>();
  if (memberIds.length === 0) return figures;
  const ids = sql.join(
    memberIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = rowsOf<{
    member_id: number;
    valid_bet: string;
    ggr: string;
    bonuses: string;
    rebates: string;
    deposits: string;
    largest_deposit: string;
  }>(
    await tx.execute(sql`
      with play as (
        select member_id, sum(bet_total - refund_total) as valid_bet,
               sum(bet_total - refund_total - win_total) as ggr
          from game_rounds
         where merchant_id = ${merchantId} and closed and member_id in (${ids})
           and updated_at >= ${period.start} and updated_at < ${period.end}
         group by member_id
      ), bonus as (
        select member_id,
               sum(amount) filter (where kind <> 'rebate') as bonuses,
               sum(amount) filter (where kind = 'rebate') as rebates
          from bonus_grants
         where merchant_id = ${merchantId} and status <> 'cancelled' and member_id in (${ids})
           and created_at >= ${period.start} and created_at < ${period.end}
         group by member_id
      ), paid_in as (
        select member_id, sum(amount) as deposits, max(amount) as largest_deposit
          from deposits
         where merchant_id = ${merchantId} and status in ('approved', 'credited')
           and member_id in (${ids})
           and coalesce(decided_at, updated_at) >= ${period.start}
           and coalesce(decided_at, updated_at) < ${period.end}
         group by member_id
      )
      select coalesce(play.member_id, bonus.member_id, paid_in.member_id) as member_id,
             coalesce(play.valid_bet, 0)::text as valid_bet, coalesce(play.ggr, 0)::text as ggr,
             coalesce(bonus.bonuses, 0)::text as bonuses, coalesce(bonus.rebates, 0)::text as rebates,
             coalesce(paid_in.deposits, 0)::text as deposits,
             coalesce(paid_in.largest_deposit, 0)::text as largest_deposit
        from play
        full join bonus on bonus.member_id = play.member_id
        full join paid_in on paid_in.member_id = coalesce(play.member_id, bonus.member_id)
    `),
  );
  for (const row of rows) {
    figures.set(String(row.member_id), {
      validBet: BigInt(row.valid_bet),
      ggr: BigInt(row.ggr),
      bonuses: BigInt(row.bonuses),
      rebates: BigInt(row.rebates),
      deposits: BigInt(row.deposits),
      largestDeposit: BigInt(row.largest_deposit),
    });
  }
  return figures;
}

/** Real-time salary: the rounds of these members closed in the slot, each as one settled bet. */
export async function settledBets(
  tx: Db,
  merchantId: number,
  memberIds: number[],
  period: Period,
): Promise<SettledBet[]> {
  if (memberIds.length === 0) return [];
  const rows = rowsOf<{ id: number; member_id: number; stake: string; payout: string }>(
    await tx.execute(sql`
      select id, member_id, (bet_total - refund_total)::text as stake, win_total::text as payout
        from game_rounds
       where merchant_id = ${merchantId} and closed
         and member_id in (${sql.join(
           memberIds.map((id) => sql`${id}`),
           sql`, `,
         )})
         and updated_at >= ${period.start} and updated_at < ${period.end}
         and bet_total - refund_total > 0
       order by id
    `),
  );
  return rows.map((row) => ({
    id: String(row.id),
    memberId: String(row.member_id),
    stake: BigInt(row.stake),
    payout: BigInt(row.payout),
  }));
}

/** A page of the settled periods of `agentId`'s own contracts of `kind`, newest first. */
export async function settlementPage(
  db: Db,
  merchantId: number,
  agentId: number,
  kind: ContractType,
  page: { offset: number; limit: number },
) {
  const own = columnsEqual(agentContracts, { merchantId, downlineId: agentId, kind });
  const [rows, [totals]] = await Promise.all([
    db
      .select({ settlement: agentContractSettlements, contract: agentContracts })
      .from(agentContractSettlements)
      .innerJoin(agentContracts, eq(agentContracts.id, agentContractSettlements.contractId))
      .where(own)
      .orderBy(
        sql`${agentContractSettlements.periodKey} desc`,
        sql`${agentContractSettlements.id} desc`,
      )
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({
        count: sql<number>`count(*)::int`,
        amount: sql<string>`coalesce(sum(${agentContractSettlements.amount}), 0)::text`,
      })
      .from(agentContractSettlements)
      .innerJoin(agentContracts, eq(agentContracts.id, agentContractSettlements.contractId))
      .where(own),
  ]);
  return {
    rows: rows.map((row) => ({ ...row.settlement, contract: row.contract })),
    total: totals?.count ?? 0,
    amount: BigInt(totals?.amount ?? '0'),
  };
}

/**
 * Deletes at most `limit` claims (`job_runs` rows) of the settlement (the minute's pass and each
 * (merchant, type, period kind)) whose period started before `before`, never the newest claim of
 * a job: the catch-up starts after that one, so an older period is never due again, and a
 * contract's period is paid once whatever the claims say (UNIQUE (contract, period key) on
 * settlements, the ledger's idempotency key `contract:<id>:<period>`). The number deleted.
 */
export async function pruneSettlementClaims(
  db: Db,
  names: { job: string; prefix: string },
  before: Date,
  limit: number,
): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      delete from ${jobRuns}
       where id in (
         select r.id from ${jobRuns} r
          where (r.job = ${names.job} or r.job like ${`${names.prefix}%`})
            and r.period_start < ${before}
            and r.period_start < (select max(n.period_start) from ${jobRuns} n where n.job = r.job)
          order by r.period_start
          limit ${limit})
      returning id`),
  );
  return rows.length;
}

export type FailureRow = typeof agentSettlementFailures.$inferSelect;

/** One failure of the merchant, or null. */
export async function failureById(
  db: Db,
  merchantId: number,
  id: number,
): Promise<FailureRow | null> {
  const [row] = await db
    .select()
    .from(agentSettlementFailures)
    .where(
      and(eq(agentSettlementFailures.merchantId, merchantId), eq(agentSettlementFailures.id, id)),
    );
  return row ?? null;
}

/** The period keys with open failures of this type and kind, oldest first. */
export async function openFailurePeriods(
  db: Db,
  merchantId: number,
  type: ContractType,
  kind: string,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ periodKey: agentSettlementFailures.periodKey })
    .from(agentSettlementFailures)
    .where(
      columnsEqual(agentSettlementFailures, {
        merchantId,
        contractType: type,
        periodKind: kind,
        status: 'open',
      }),
    )
    .orderBy(agentSettlementFailures.periodKey);
  return rows.map((row) => row.periodKey);
}

const causes = alias(members, 'causes');

const failureColumns = {
  row: agentSettlementFailures,
  agent: members.username,
  cause: causes.username,
  operator: operators.username,
};

export type FailureSelect = {
  row: typeof agentSettlementFailures.$inferSelect;
  agent: string | null;
  cause: string | null;
  operator: string | null;
};

function failuresFrom(db: Db) {
  return db
    .select(failureColumns)
    .from(agentSettlementFailures)
    .leftJoin(members, eq(members.id, agentSettlementFailures.agentId))
    .leftJoin(causes, eq(causes.id, agentSettlementFailures.causeAgentId))
    .leftJoin(operators, eq(operators.id, agentSettlementFailures.resolvedBy));
}

/** The merchant's settlement alerts, open first, then by period; with the total. */
export async function failurePage(
  db: Db,
  merchantId: number,
  status: string | undefined,
  window: { limit: number; offset: number },
): Promise<{ rows: FailureSelect[]; total: number }> {
  const where: SQL[] = [eq(agentSettlementFailures.merchantId, merchantId)];
  if (status) where.push(eq(agentSettlementFailures.status, status));
  const [rows, [total]] = await Promise.all([
    failuresFrom(db)
      .where(and(...where))
      .orderBy(
        sql`${agentSettlementFailures.status} = 'resolved'`,
        agentSettlementFailures.periodKey,
        agentSettlementFailures.id,
      )
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ n: count() })
      .from(agentSettlementFailures)
      .where(and(...where)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One alert of the merchant. */
export async function failureRow(
  db: Db,
  merchantId: number,
  id: number,
): Promise<FailureSelect | undefined> {
  const [row] = await failuresFrom(db).where(
    and(eq(agentSettlementFailures.merchantId, merchantId), eq(agentSettlementFailures.id, id)),
  );
  return row;
}

export type AdminSettlementFilter = {
  type?: string | undefined;
  /** The agent's username, any case. */
  username?: string | undefined;
  /** Local dates of the period, yyyy-MM-dd. */
  from?: string | undefined;
  to?: string | undefined;
};

/** The merchant's settled periods, newest first, with the contract type and agent; the total. */
export async function adminSettlementPage(
  db: Db,
  merchantId: number,
  filter: AdminSettlementFilter,
  window: { limit: number; offset: number },
) {
  const where: SQL[] = [eq(agentContractSettlements.merchantId, merchantId)];
  if (filter.type) where.push(eq(agentContracts.kind, filter.type));
  if (filter.username) {
    where.push(sql`lower(${members.username}) = ${filter.username.toLowerCase()}`);
  }
  // Period keys are `<kind>:<local date>[T<time>]`: compare the local date part.
  const localDate = sql`substr(split_part(${agentContractSettlements.periodKey}, ':', 2), 1, 10)`;
  if (filter.from) where.push(sql`${localDate} >= ${filter.from}`);
  if (filter.to) where.push(sql`${localDate} <= ${filter.to}`);
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: agentContractSettlements, type: agentContracts.kind, agent: members.username })
      .from(agentContractSettlements)
      .innerJoin(agentContracts, eq(agentContracts.id, agentContractSettlements.contractId))
      .innerJoin(members, eq(members.id, agentContracts.downlineId))
      .where(and(...where))
      .orderBy(desc(localDate), desc(agentContractSettlements.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ n: count() })
      .from(agentContractSettlements)
      .innerJoin(agentContracts, eq(agentContracts.id, agentContractSettlements.contractId))
      .innerJoin(members, eq(members.id, agentContracts.downlineId))
      .where(and(...where)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The merchant's currency (its settlements pay in it); undefined: no such merchant. */
export async function merchantCurrency(db: Db, merchantId: number): Promise<string | undefined> {
  const [merchant] = await db
    .select({ currency: merchants.currency })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return merchant?.currency;
}

/**
 * Records a contract's settled period; undefined when the contract's period was already settled
 * (its unique key: a second run pays nothing).
 */
export async function insertSettlement(
  tx: Db,
  values: typeof agentContractSettlements.$inferInsert,
): Promise<{ id: number } | undefined> {
  const [settled] = await tx
    .insert(agentContractSettlements)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: agentContractSettlements.id });
  return settled;
}

/** A dividend contract's carry and shortfall after a settled period. */
export async function saveCarry(
  tx: Db,
  contractId: number,
  carry: bigint,
  shortfall: bigint,
): Promise<void> {
  await tx
    .update(agentContracts)
    .set({ carry, shortfall, updatedAt: sql`now()` })
    .where(eq(agentContracts.id, contractId));
}

/** The ledger entry that paid a settled period. */
export async function linkLedgerEntry(
  tx: Db,
  settlementId: number,
  entryId: number,
): Promise<void> {
  await tx
    .update(agentContractSettlements)
    .set({ ledgerEntryId: entryId })
    .where(eq(agentContractSettlements.id, settlementId));
}
