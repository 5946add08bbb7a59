import { z } from 'zod';
import { ContractKind } from '../agent/contracts.js';

/**
 * The back office's view of agent settlement (decision 014): the alerts of settlements held back
 * or failed, their retry, and every settled period with its figures and ledger entry.
 */

const Amount = z.string().regex(/^-?\d+\.\d{2}$/);
const Page = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
};

export const SettlementFailureReason = z.enum([
  'overlapping_contracts',
  'positive_carry',
  'not_an_agent',
  'chain_held',
  'earlier_period_held',
  'settlement_error',
]);
export type SettlementFailureReason = z.infer<typeof SettlementFailureReason>;

/** GET /admin/api/agents/settlement-failures (members.read). */
export const AdminSettlementFailureQuery = z.object({
  status: z.enum(['open', 'resolved']).optional(),
  ...Page,
});
export type AdminSettlementFailureQuery = z.infer<typeof AdminSettlementFailureQuery>;

export const AdminSettlementFailure = z.object({
  id: z.number().int(),
  type: ContractKind,
  periodKey: z.string(),
  contractId: z.number().int().nullable(),
  agent: z.string().nullable(),
  /** The agent whose data is invalid (the contract's own agent or one on its path). */
  causeAgent: z.string().nullable(),
  reason: SettlementFailureReason,
  detail: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  attempts: z.number().int(),
  status: z.enum(['open', 'resolved']),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
});
export type AdminSettlementFailure = z.infer<typeof AdminSettlementFailure>;

export const AdminSettlementFailurePage = z.object({
  items: z.array(AdminSettlementFailure),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type AdminSettlementFailurePage = z.infer<typeof AdminSettlementFailurePage>;

/** POST /admin/api/agents/settlement-failures/:id/retry (system.write): audited. */
export const AdminSettlementRetryResult = z.object({
  failure: AdminSettlementFailure,
  /** The periods settled now, in order. */
  periods: z.array(z.string()),
  paid: z.number().int(),
  /** Contracts still held back (their data is still invalid). */
  held: z.number().int(),
});
export type AdminSettlementRetryResult = z.infer<typeof AdminSettlementRetryResult>;

/** GET /admin/api/agents/settlements (members.read): settled periods, newest first. */
export const AdminSettlementQuery = z.object({
  type: ContractKind.optional(),
  username: z.string().trim().max(32).optional(),
  /** Period keys' local dates, inclusive: `2026-11-23`. */
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  ...Page,
});
export type AdminSettlementQuery = z.infer<typeof AdminSettlementQuery>;

export const AdminSettlementRow = z.object({
  id: z.number().int(),
  periodKey: z.string(),
  type: ContractKind,
  agent: z.string(),
  contractId: z.number().int(),
  validBet: Amount,
  ngr: Amount,
  activeMembers: z.number().int(),
  /** 1-based; null when none (real-time salary: each bet its own tier). */
  tier: z.number().int().nullable(),
  rateBp: z.number().int().nullable(),
  base: Amount,
  amount: Amount,
  /** Passed to downlines: the gross shares of the nearest contract holders below. */
  /** Null for periods settled before it was recorded. */
  deductedForDownlines: Amount.nullable(),
  ledgerEntryId: z.number().int().nullable(),
  settledAt: z.string(),
});
export type AdminSettlementRow = z.infer<typeof AdminSettlementRow>;

export const AdminSettlementPage = z.object({
  items: z.array(AdminSettlementRow),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type AdminSettlementPage = z.infer<typeof AdminSettlementPage>;
