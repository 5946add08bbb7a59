import { z } from 'zod';
import { ContractKind, ContractPayPeriod, ContractStatus } from '../agent/contracts.js';

/**
 * The operator's side of agent contracts (decision 014): the merchant's tier tables and maximum
 * rates, and the contracts it offers top-level agents (the ones with no agent above them).
 * Amounts are decimal strings with two places; rates whole basis points.
 */

const Amount = z.string().regex(/^\d{1,13}\.\d{2}$/);
const Bp = z.number().int().min(0).max(10_000);
const Count = z.number().int().min(0).max(1_000_000);

/** GET/PUT /admin/api/agents/contract-settings (read: members.read; change: system.write). */
export const AdminContractSettings = z.object({
  /** A member is active in a period with at least this much valid bet. */
  activeMinValidBet: Amount,
  /** And, when set, one deposit of at least this much in the period. */
  activeMinDeposit: Amount.nullable(),
  dividendPeriods: z.array(ContractPayPeriod).min(1).max(4),
  dividendTiers: z
    .array(
      z.object({ minValidBet: Amount, minActiveMembers: Count, minNgr: Amount, maxRateBp: Bp }),
    )
    .max(20),
  dailySalaryTiers: z
    .array(z.object({ minValidBet: Amount, minActiveMembers: Count, maxRateBp: Bp }))
    .max(20),
  hourlySalaryTiers: z.array(z.object({ minValidBet: Amount, maxRateBp: Bp })).max(20),
  realtimeSalaryTiers: z
    .array(z.object({ minSingleBet: Amount, maxProfitRateBp: Bp, maxLossRateBp: Bp }))
    .max(20),
});
export type AdminContractSettings = z.infer<typeof AdminContractSettings>;

/** GET /admin/api/agents/contracts (members.read): every contract of the merchant. */
export const AdminContractQuery = z.object({
  username: z.string().trim().max(32).optional(),
  type: ContractKind.optional(),
  status: ContractStatus.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminContractQuery = z.infer<typeof AdminContractQuery>;

export const AdminContract = z.object({
  id: z.number().int(),
  type: ContractKind,
  status: ContractStatus,
  endReason: z.string().nullable(),
  /** Who offered it: an agent's username, or null for the operator. */
  upline: z.string().nullable(),
  downline: z.string(),
  period: ContractPayPeriod.nullable(),
  ratesBp: z.array(Bp).nullable(),
  rates: z.array(z.object({ profitRateBp: Bp, lossRateBp: Bp })).nullable(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Dividend only (else "0.00"): the negative NGR carried to the next period, at most 0. */
  carry: z.string(),
  /** Dividend only (else "0.00"): payout owed back from the next earnings, at most 0. */
  shortfall: z.string(),
  /** The request waiting for an answer: the offer (`new`) or a termination request, and who made it. */
  pendingRequest: z
    .object({
      type: z.enum(['new', 'termination']),
      requestedBy: z.enum(['operator', 'upline', 'downline']),
      createdAt: z.string(),
    })
    .nullable(),
});
export type AdminContract = z.infer<typeof AdminContract>;

/**
 * POST /admin/api/agents/contracts/{id}/end and /carry/reset (system.write): the operator's reason,
 * kept in the audit entry and told to the agent.
 */
export const AdminContractReason = z.object({ reason: z.string().trim().min(1).max(200) });
export type AdminContractReason = z.infer<typeof AdminContractReason>;

/** POST /admin/api/agents/contracts/{id}/withdraw and /termination/accept|reject: an optional note. */
export const AdminContractNote = z
  .object({ reason: z.string().trim().max(200).optional() })
  .default({});
export type AdminContractNote = z.infer<typeof AdminContractNote>;

export const AdminContractPage = z.object({
  items: z.array(AdminContract),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type AdminContractPage = z.infer<typeof AdminContractPage>;
