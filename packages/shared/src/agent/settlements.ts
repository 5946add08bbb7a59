import { z } from 'zod';
import { ContractKind } from './contracts.js';

const Amount = z.string().regex(/^-?\d+\.\d{2}$/);

/**
 * GET /wps/relay/contracts/settlements: the settled periods of the caller's own contracts of one
 * type (the dividend records, daily wages, hourly and real-time salary pages of the agent
 * centre), newest period first.
 */
export const ContractSettlementQuery = z.object({
  type: ContractKind,
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ContractSettlementQuery = z.infer<typeof ContractSettlementQuery>;

/** GET /wps/relay/contracts/settlements/export: every settled period of one type, as CSV. */
export const ContractSettlementExportQuery = ContractSettlementQuery.pick({ type: true });
export type ContractSettlementExportQuery = z.infer<typeof ContractSettlementExportQuery>;

/** One settled period: the team figures it was settled on and what it paid (decision 014). */
export const ContractSettlementView = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  /** `D:2026-11-23`, `W:2026-11-23`, `HR:2026-11-23T21:00`, `RT:2026-11-23T10:05`... */
  periodKey: z.string(),
  validBet: Amount,
  /** Dividend: the team's net gaming revenue in the period. */
  ngr: Amount,
  activeMembers: z.number().int(),
  /** Tier reached, 1-based; null when none. */
  tier: z.number().int().nullable(),
  rateBp: z.number().int().nullable(),
  base: Amount,
  carryBefore: Amount,
  carryAfter: Amount,
  shortfallBefore: Amount,
  shortfallAfter: Amount,
  amount: Amount,
  /** Deducted for downlines: the gross shares of the nearest contract holders below. */
  /** Null for periods settled before it was recorded. */
  deductedForDownlines: Amount.nullable(),
  /** The period's start and end in its time zone (`2026-11-23 00:00`), and that zone. */
  periodStart: z.string(),
  periodEnd: z.string(),
  timeZone: z.string(),
  /** The parts of the period the contract was in force (local times), null: all of it. */
  inForce: z.array(z.object({ start: z.string(), end: z.string() })).nullable(),
  /**
   * Real-time salary: each bet's tier is its own stake, so the row shows the contract's rates
   * per single bet amount and what qualified; null for the other types.
   */
  realtime: z
    .object({
      qualifyingBets: z.number().int(),
      wonStake: Amount,
      lostStake: Amount,
      rates: z.array(
        z.object({
          singleBetAmount: Amount,
          profitRateBp: z.number().int(),
          lossRateBp: z.number().int(),
        }),
      ),
    })
    .nullable(),
  settledAt: z.string(),
});
export type ContractSettlementView = z.infer<typeof ContractSettlementView>;

export const ContractSettlementPage = z.object({
  content: z.array(ContractSettlementView),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  totalElements: z.number().int(),
  /** Paid over every settled period of the type. */
  totalAmount: Amount,
});
export type ContractSettlementPage = z.infer<typeof ContractSettlementPage>;

/**
 * POST /admin/api/dev/settlement/run (test aid, refused in production): settles now the periods
 * of one contract type that will have closed `advanceMinutes` from now, for the operator's
 * merchant, as the settlement job would then.
 */
export const SettlementClockRun = z.object({
  type: ContractKind,
  /** At most two days ahead. */
  advanceMinutes: z.number().int().min(1).max(2880),
});
export type SettlementClockRun = z.infer<typeof SettlementClockRun>;

export const SettlementClockResult = z.object({
  /** The instant the settlement clock was moved to. */
  at: z.string(),
  periods: z.array(
    z.object({
      periodKey: z.string(),
      contracts: z.number().int(),
      paid: z.number().int(),
      total: Amount,
    }),
  ),
});
export type SettlementClockResult = z.infer<typeof SettlementClockResult>;
