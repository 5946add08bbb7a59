import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './identity.js';
import { merchants, merchantColumn } from './platform.js';
import { operators } from './operators.js';
import { createdAt, moneyTotal, updatedAt } from './columns.js';

/**
 * The operator's contract settings per merchant (decision 014, `agent_contract_settings`): who
 * counts as an active member, the dividend periods allowed and the tier table of each contract
 * type (thresholds and maximum rates). Stored as the engine's `ContractSettings` with amounts as
 * decimal strings of minor units; a merchant without a row uses the defaults of
 * modules/agent/contract-settings.ts.
 */
export const agentContractSettings = pgTable('agent_contract_settings', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});

/** The rates of a contract, one per merchant tier (basis points). */
export type AgentContractTerms =
  { ratesBp: number[] } | { rates: { profitRateBp: number; lossRateBp: number }[] };

/**
 * A contract an upline agent (or the operator, `upline_id` null) offers a direct downline agent
 * (SPEC sections 3 and 4, decision 014). `offered` until the downline accepts (`active`) or
 * rejects it; an active one ends `terminated` (a termination request accepted, or replaced by a
 * newer contract of its type) or `ended_by_conflict` (the upline accepted lower rates).
 * An agent holds at most one active contract of each type, and has at most one offer of each type
 * waiting. `carry` and `shortfall` belong to the settlement jobs (minor units, at most 0).
 */
export const agentContracts = pgTable(
  'agent_contracts',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantColumn(),
    kind: varchar('kind', { length: 16 }).notNull(),
    uplineId: integer('upline_id').references(() => members.id),
    downlineId: integer('downline_id')
      .notNull()
      .references(() => members.id),
    /** Dividend pay period D, W, H or M; null for salaries (their period is the type's). */
    period: varchar('period', { length: 1 }),
    terms: jsonb('terms').$type<AgentContractTerms>().notNull(),
    status: varchar('status', { length: 20 }).notNull().default('offered'),
    endReason: varchar('end_reason', { length: 32 }),
    carry: moneyTotal('carry'),
    shortfall: moneyTotal('shortfall'),
    createdAt: createdAt(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'agent_contracts_kind',
      sql`${t.kind} in ('dividend', 'daily_salary', 'hourly_salary', 'realtime_salary')`,
    ),
    check(
      'agent_contracts_status',
      sql`${t.status} in ('offered', 'active', 'rejected', 'terminated', 'ended_by_conflict')`,
    ),
    check(
      'agent_contracts_period',
      sql`(${t.kind} = 'dividend' and ${t.period} in ('D', 'W', 'H', 'M'))
        or (${t.kind} <> 'dividend' and ${t.period} is null)`,
    ),
    check('agent_contracts_carry', sql`${t.carry} <= 0 and ${t.shortfall} <= 0`),
    uniqueIndex('agent_contracts_one_active')
      .on(t.downlineId, t.kind)
      .where(sql`${t.status} = 'active'`),
    uniqueIndex('agent_contracts_one_offer')
      .on(t.downlineId, t.kind)
      .where(sql`${t.status} = 'offered'`),
    index('agent_contracts_upline').on(t.uplineId, t.status),
    index('agent_contracts_merchant').on(t.merchantId, t.kind, t.status),
  ],
);

/**
 * Requests on a contract (SPEC section 4): `new` (the offer, answered by the downline) or
 * `termination` (by either side, answered by the other). `requested_by` null: the operator.
 * At most one pending request per contract.
 */
export const agentContractRequests = pgTable(
  'agent_contract_requests',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantColumn(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => agentContracts.id),
    type: varchar('type', { length: 12 }).notNull(),
    requestedBy: integer('requested_by').references(() => members.id),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => members.id),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check('agent_contract_requests_type', sql`${t.type} in ('new', 'termination')`),
    check(
      'agent_contract_requests_status',
      sql`${t.status} in ('pending', 'accepted', 'rejected')`,
    ),
    uniqueIndex('agent_contract_requests_one_pending')
      .on(t.contractId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * One settled period of a contract (decision 014, "Settlement"): the figures it was settled on
 * and the amount paid, with the ledger entry of the payout (null when the amount is 0). Written
 * by the settlement jobs; UNIQUE (contract, period key) makes a second run a no-op. Amounts in
 * minor units.
 */
export const agentContractSettlements = pgTable(
  'agent_contract_settlements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: merchantColumn(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => agentContracts.id),
    /** `D:2026-11-23`, `W:2026-11-23`, `HR:2026-11-23T21:00`, `RT:2026-11-23T10:05`, ... */
    periodKey: varchar('period_key', { length: 32 }).notNull(),
    validBet: moneyTotal('valid_bet'),
    ngr: moneyTotal('ngr'),
    activeMembers: integer('active_members').notNull().default(0),
    /** 0-based tier reached, null when none. */
    tier: smallint('tier'),
    rateBp: integer('rate_bp'),
    base: moneyTotal('base'),
    carryBefore: moneyTotal('carry_before'),
    carryAfter: moneyTotal('carry_after'),
    shortfallBefore: moneyTotal('shortfall_before'),
    shortfallAfter: moneyTotal('shortfall_after'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /**
     * What was deducted for downlines: the sum of the gross shares of the nearest contract holders
     * below, rounded down to the minor unit (decision 014, "Differential payout"); null for rows
     * settled before issue 18 recorded it.
     */
    downlineGross: bigint('downline_gross', { mode: 'bigint' }),
    /**
     * How the amount came about beyond the columns: the parts of the period the contract was in
     * force (`inForce`, null: all of it) and, for real-time salary, the qualifying bets and the
     * stakes won and lost.
     */
    detail: jsonb('detail').$type<AgentSettlementDetail>(),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('agent_contract_settlements_period').on(t.contractId, t.periodKey),
    check('agent_contract_settlements_amount', sql`${t.amount} >= 0`),
  ],
);

export type AgentSettlementDetail = {
  inForce: { start: string; end: string }[] | null;
  realtime: { qualifyingBets: number; wonStake: string; lostStake: string } | null;
};

/**
 * Settlements held back or failed (decision 014, "Bad data holds back one chain"): one row per
 * (contract, period), the back office's alert, written outside the settling transaction.
 * `contract_id` null: the whole period failed (an error, not one agent's data). Resolved when the
 * held contract is settled (by the job or an operator's retry).
 */
export const agentSettlementFailures = pgTable(
  'agent_settlement_failures',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantColumn(),
    contractType: varchar('contract_type', { length: 16 }).notNull(),
    /** The period kind settled (RT, HR, D, W, H, M) and the period's key. */
    periodKind: varchar('period_kind', { length: 2 }).notNull(),
    periodKey: varchar('period_key', { length: 32 }).notNull(),
    contractId: integer('contract_id').references(() => agentContracts.id),
    agentId: integer('agent_id').references(() => members.id),
    /** The agent whose data is invalid (the contract's own agent, or one on its path). */
    causeAgentId: integer('cause_agent_id').references(() => members.id),
    reason: varchar('reason', { length: 32 }).notNull(),
    detail: text('detail').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(1),
    status: varchar('status', { length: 10 }).notNull().default('open'),
    /** The operator whose retry settled it; null when the job did, or while open. */
    resolvedBy: integer('resolved_by').references(() => operators.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    check('agent_settlement_failures_status', sql`${t.status} in ('open', 'resolved')`),
    unique('agent_settlement_failures_once')
      .on(t.merchantId, t.contractType, t.periodKey, t.contractId)
      .nullsNotDistinct(),
    index('agent_settlement_failures_open').on(t.merchantId, t.status, t.periodKey),
  ],
);
