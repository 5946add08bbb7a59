import { z } from 'zod';
import { RowIdParam } from '../validation.js';

/**
 * Agent contracts between an upline and a direct downline agent (SPEC sections 3, 4 and 7,
 * decision 014): dividend, daily, hourly and real-time salary. Rates are whole basis points
 * (1 bp = 0.01 %), one per merchant tier; amounts are decimal strings with two places.
 */

export const ContractKind = z.enum([
  'dividend',
  'daily_salary',
  'hourly_salary',
  'realtime_salary',
]);
export type ContractKind = z.infer<typeof ContractKind>;

/** SPEC section 3 pay periods: D daily, W weekly, H semi-monthly, M monthly (dividends only). */
export const ContractPayPeriod = z.enum(['D', 'W', 'H', 'M']);
export type ContractPayPeriod = z.infer<typeof ContractPayPeriod>;

export const ContractStatus = z.enum([
  'offered',
  'active',
  'rejected',
  'terminated',
  'ended_by_conflict',
]);
export type ContractStatus = z.infer<typeof ContractStatus>;

/** SPEC section 4: a request is new (the offer) or termination. */
export const ContractRequestType = z.enum(['new', 'termination']);
export type ContractRequestType = z.infer<typeof ContractRequestType>;

const Bp = z.number().int().min(0).max(10_000);
const Amount = z.string().regex(/^-?\d+\.\d{2}$/);

/** One tier of a real-time salary contract. */
export const RealtimeContractRates = z.object({ profitRateBp: Bp, lossRateBp: Bp });
export type RealtimeContractRates = z.infer<typeof RealtimeContractRates>;

/**
 * POST /wps/relay/contracts: offer a contract to a direct downline agent. `ratesBp` for
 * dividend, daily and hourly salary, `rates` for real-time salary; `period` for dividends.
 */
export const ContractOfferRequest = z.object({
  username: z.string().trim().min(1).max(32),
  type: ContractKind,
  period: ContractPayPeriod.optional(),
  ratesBp: z.array(Bp).max(50).optional(),
  rates: z.array(RealtimeContractRates).max(50).optional(),
});
export type ContractOfferRequest = z.infer<typeof ContractOfferRequest>;

/** POST /wps/relay/contracts/{id}/accept: `confirmEnds` after a CONTRACT_CONFLICT answer. */
export const ContractAcceptRequest = z.object({ confirmEnds: z.boolean().default(false) });
export type ContractAcceptRequest = z.infer<typeof ContractAcceptRequest>;

export const ContractIdParams = z.object({ id: RowIdParam });

/** GET /wps/relay/contracts: the caller's contracts, given (as upline) and received. */
export const ContractListQuery = z.object({
  side: z.enum(['all', 'given', 'received']).default('all'),
  type: ContractKind.optional(),
  status: ContractStatus.optional(),
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ContractListQuery = z.infer<typeof ContractListQuery>;

/** One tier as SPEC section 3 names its fields: the merchant's thresholds and this contract's rate. */
export const ContractTier = z.object({
  /** Dividend: period valid bet; daily: daily bet amount; hourly: bet amount per hour. */
  periodValidBet: Amount.optional(),
  dailyBetAmount: Amount.optional(),
  betAmountPerHour: Amount.optional(),
  /** Dividend: period profit and loss (NGR) threshold. */
  periodProfitAndLoss: Amount.optional(),
  activeMembers: z.number().int().optional(),
  /** Real-time salary: single bet amount. */
  singleBetAmount: Amount.optional(),
  rateBp: Bp.optional(),
  profitRateBp: Bp.optional(),
  lossRateBp: Bp.optional(),
});
export type ContractTier = z.infer<typeof ContractTier>;

const Party = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string().nullable(),
});

export const ContractPendingRequest = z.object({
  id: z.number().int(),
  type: ContractRequestType,
  /** Who asked: the caller itself, the other side, or the operator (top-level contracts). */
  requestedBy: z.enum(['me', 'other', 'operator']),
  createdAt: z.string(),
});
export type ContractPendingRequest = z.infer<typeof ContractPendingRequest>;

export const ContractView = z.object({
  id: z.number().int(),
  type: ContractKind,
  status: ContractStatus,
  /** Why it ended: requested_by_upline, requested_by_downline, replaced, upline_rate_lowered, upline_period_changed. */
  endReason: z.string().nullable(),
  /** The caller's side: upline (it gave the contract) or downline (it received it). */
  side: z.enum(['upline', 'downline']),
  /** Null when the operator offered it (a top-level agent's contract). */
  upline: Party.nullable(),
  downline: Party,
  period: ContractPayPeriod.nullable(),
  ratesBp: z.array(Bp).nullable(),
  rates: z.array(RealtimeContractRates).nullable(),
  tiers: z.array(ContractTier),
  /** Dividend negative NGR carried to the next period (at most 0). */
  carry: Amount,
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  pendingRequest: ContractPendingRequest.nullable(),
});
export type ContractView = z.infer<typeof ContractView>;

export const ContractPage = z.object({
  content: z.array(ContractView),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  totalElements: z.number().int(),
});
export type ContractPage = z.infer<typeof ContractPage>;

/** A downline contract that accepting ends (the CONTRACT_CONFLICT answer's `value.ends`). */
export const ContractEndView = z.object({
  contractId: z.number().int(),
  username: z.string(),
  reason: z.enum(['upline_rate_lowered', 'upline_period_changed']),
});
export type ContractEndView = z.infer<typeof ContractEndView>;

/** The answer to accept: the contract, now active, and the downline contracts that ended. */
export const ContractAcceptResult = z.object({
  contract: ContractView,
  ended: z.array(ContractEndView),
});
export type ContractAcceptResult = z.infer<typeof ContractAcceptResult>;

/**
 * One contract type in the consolidated contract info: the caller's received contract in force,
 * the request waiting on it (an offer: new; or termination), and how many it gave in force.
 */
export const ConsolidatedContractEntry = z.object({
  /** The request type waiting for an answer (new offer or termination), or null. */
  reqType: ContractRequestType.nullable(),
  /** The contract that request is about. */
  requestContractId: z.number().int().nullable(),
  /** Whether the caller must answer it (false: it waits on the other side). */
  awaitingMe: z.boolean(),
  active: ContractView.nullable(),
  givenActive: z.number().int(),
});
export type ConsolidatedContractEntry = z.infer<typeof ConsolidatedContractEntry>;

/**
 * GET /wps/relay/contracts/consolidated: SPEC section 3's consolidated contract info, one entry
 * per contract type under the SPEC's names.
 */
export const ConsolidatedContractInfo = z.object({
  dailysalreqtype: ConsolidatedContractEntry,
  divtypereq: ConsolidatedContractEntry,
  contracthoursalreq: ConsolidatedContractEntry,
  realtimesalreqtype: ConsolidatedContractEntry,
});
export type ConsolidatedContractInfo = z.infer<typeof ConsolidatedContractInfo>;

/** GET /wps/relay/contracts/tiers: the merchant's tier tables, for the offer form. */
export const ContractTierTables = z.object({
  dividendPeriods: z.array(ContractPayPeriod),
  dividend: z.array(ContractTier),
  daily_salary: z.array(ContractTier),
  hourly_salary: z.array(ContractTier),
  realtime_salary: z.array(ContractTier),
});
export type ContractTierTables = z.infer<typeof ContractTierTables>;
