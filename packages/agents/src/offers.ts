import type { ErrorCode } from '@app/shared';
import { rateAt } from './tiers.js';
import { indexTree, type TeamIndex } from './tree.js';
import type {
  Contract,
  ContractSettings,
  ContractTerms,
  ContractType,
  PayPeriod,
  TreeNode,
} from './types.js';

export type OfferErrorCode = Extract<
  ErrorCode,
  | 'DOWNLINE_NOT_FOUND'
  | 'FUNCTION_NOT_ENABLED'
  | 'CONTRACT_NOT_DIRECT_DOWNLINE'
  | 'CONTRACT_NOT_AGENT'
  | 'CONTRACT_RATE_OUT_OF_RANGE'
  | 'CONTRACT_RATE_ABOVE_OWN'
  | 'CONTRACT_PERIOD_NOT_ALLOWED'
>;

export type OfferCheck = { ok: true } | { ok: false; code: OfferErrorCode; tier?: number };

/** A contract's or an offer's rates, tier by tier, each tier as its rate components. */
export function rateComponents(c: ContractTerms | Contract): number[][] {
  return c.type === 'realtime_salary'
    ? c.rates.map((r) => [r.profitRateBp, r.lossRateBp])
    : c.ratesBp.map((r) => [r]);
}

/** The merchant's maximum rate components per tier for a contract type. */
export function maxRateComponents(settings: ContractSettings, type: ContractType): number[][] {
  switch (type) {
    case 'dividend':
      return settings.dividendTiers.map((t) => [t.maxRateBp]);
    case 'daily_salary':
      return settings.dailySalaryTiers.map((t) => [t.maxRateBp]);
    case 'hourly_salary':
      return settings.hourlySalaryTiers.map((t) => [t.maxRateBp]);
    case 'realtime_salary':
      return settings.realtimeSalaryTiers.map((t) => [t.maxProfitRateBp, t.maxLossRateBp]);
  }
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const periodOfTerms = (c: ContractTerms | Contract): PayPeriod | null =>
  c.type === 'dividend' ? c.period : null;

/**
 * The first tier where `terms` pays more than `cap` on any component, or null when it never does.
 * Tiers compare one to one (thresholds are the merchant's); a shorter `cap` pays its last rate
 * above its own tiers, as in settlement.
 */
export function tierAbove(
  terms: ContractTerms | Contract,
  cap: ContractTerms | Contract,
): number | null {
  const own = rateComponents(terms);
  const limit = rateComponents(cap);
  for (let tier = 0; tier < own.length; tier++) {
    const capped = rateAt(limit, tier) ?? [];
    if (own[tier]!.some((bp, k) => bp > (capped[k] ?? 0))) return tier;
  }
  return null;
}

export interface OfferInput {
  /** The tree snapshot (or its index). */
  tree: readonly TreeNode[] | TeamIndex;
  /** The offering agent, or null when the operator offers (top-level agents only). */
  offererId: string | null;
  targetId: string;
  terms: ContractTerms;
  /** The offerer's own contract of the same type in force (null when it holds none). */
  offererContract: Contract | null;
  settings: ContractSettings;
}

/**
 * Whether an offer may be made (decision 014): to a direct downline agent (the operator: to a
 * top-level agent), one rate per merchant tier, each whole basis points from 0 to the tier's
 * maximum, no lower than the tier below and no higher than the offerer's own rate on that tier; a dividend's period allowed by
 * the merchant and, below the top, the same as the offerer's.
 */
export function checkOffer(input: OfferInput): OfferCheck {
  const tree = Array.isArray(input.tree)
    ? indexTree(input.tree as readonly TreeNode[])
    : (input.tree as TeamIndex);
  const { offererId, targetId, terms, offererContract, settings } = input;
  const target = tree.nodes.get(targetId);
  if (offererId === null) {
    if (!target) return { ok: false, code: 'DOWNLINE_NOT_FOUND' };
    const upline = target.uplineId === null ? undefined : tree.nodes.get(target.uplineId);
    if (upline?.isAgent) return { ok: false, code: 'CONTRACT_NOT_DIRECT_DOWNLINE' };
  } else {
    const depth = tree.depthBelow(offererId, targetId);
    if (depth === null || depth === 0) return { ok: false, code: 'DOWNLINE_NOT_FOUND' };
    if (depth > 1) return { ok: false, code: 'CONTRACT_NOT_DIRECT_DOWNLINE' };
  }
  if (!target!.isAgent) return { ok: false, code: 'CONTRACT_NOT_AGENT' };

  const maxima = maxRateComponents(settings, terms.type);
  if (maxima.length === 0) return { ok: false, code: 'FUNCTION_NOT_ENABLED' };
  const rates = rateComponents(terms);
  for (let tier = 0; tier < Math.max(rates.length, maxima.length); tier++) {
    const own = rates[tier];
    const max = maxima[tier];
    if (!own || !max || own.length !== max.length) {
      return { ok: false, code: 'CONTRACT_RATE_OUT_OF_RANGE', tier };
    }
    if (own.some((bp, k) => !Number.isInteger(bp) || bp < 0 || bp > max[k]!)) {
      return { ok: false, code: 'CONTRACT_RATE_OUT_OF_RANGE', tier };
    }
    // A higher tier never pays less: with that, an upline (whose team holds the downline's and so
    // reaches at least its tier) always has at least the downline's rate.
    const below = tier > 0 ? rates[tier - 1]! : null;
    if (below && own.some((bp, k) => bp < below[k]!)) {
      return { ok: false, code: 'CONTRACT_RATE_OUT_OF_RANGE', tier };
    }
  }

  const period = periodOfTerms(terms);
  if (period !== null && !settings.dividendPeriods.includes(period)) {
    return { ok: false, code: 'CONTRACT_PERIOD_NOT_ALLOWED' };
  }
  if (offererId !== null) {
    if (
      !offererContract ||
      offererContract.type !== terms.type ||
      offererContract.agentId !== offererId
    ) {
      return { ok: false, code: 'CONTRACT_RATE_ABOVE_OWN', tier: 0 };
    }
    if (period !== null && periodOfTerms(offererContract) !== period) {
      return { ok: false, code: 'CONTRACT_PERIOD_NOT_ALLOWED' };
    }
    const tier = tierAbove(terms, offererContract);
    if (tier !== null) return { ok: false, code: 'CONTRACT_RATE_ABOVE_OWN', tier };
  }
  return { ok: true };
}

export interface ConflictInput {
  tree: readonly TreeNode[] | TeamIndex;
  /** The agent about to accept `terms`. */
  agentId: string;
  terms: ContractTerms;
  /** Contracts of the merchant (any type, any state); those of `terms.type` below the agent count. */
  contracts: readonly Contract[];
}

export interface ContractEnd {
  contract: Contract;
  /** `upline_rate_lowered`: a tier pays more than the new cap; `upline_period_changed`: dividend period differs. */
  reason: 'upline_rate_lowered' | 'upline_period_changed';
}

/**
 * The conflict rule (SPEC section 4, decision 014): the downline contracts that end when `agentId`
 * accepts `terms`. Walking down from the agent, each offered or active contract of the same type
 * is compared, tier by tier, with the nearest contract above it that stays (the new terms at the
 * top): one that pays more on any tier, or a dividend on another period, ends. Below an ended
 * contract the walk goes on against the same cap, so `r_downline <= r_upline` holds again along
 * every chain. Empty: no conflict. Sorted by depth, then agent id.
 */
export function contractsEndedByAccepting(input: ConflictInput): ContractEnd[] {
  const tree = Array.isArray(input.tree)
    ? indexTree(input.tree as readonly TreeNode[])
    : (input.tree as TeamIndex);
  const byAgent = new Map<string, Contract[]>();
  for (const c of input.contracts) {
    if (c.type !== input.terms.type || (c.status !== 'offered' && c.status !== 'active')) continue;
    if (c.agentId === input.agentId) continue;
    const list = byAgent.get(c.agentId);
    if (list) list.push(c);
    else byAgent.set(c.agentId, [c]);
  }
  const ends: ContractEnd[] = [];
  let level: { id: string; cap: ContractTerms | Contract }[] = [
    { id: input.agentId, cap: input.terms },
  ];
  while (level.length > 0) {
    const next: typeof level = [];
    for (const { id, cap } of level) {
      for (const child of tree.children.get(id) ?? []) {
        const held = [...(byAgent.get(child) ?? [])].sort((a, b) => compare(a.id, b.id));
        let childCap = cap;
        for (const contract of held) {
          const capPeriod = periodOfTerms(cap);
          if (capPeriod !== null && periodOfTerms(contract) !== capPeriod) {
            ends.push({ contract, reason: 'upline_period_changed' });
          } else if (tierAbove(contract, cap) !== null) {
            ends.push({ contract, reason: 'upline_rate_lowered' });
          } else if (contract.status === 'active') {
            childCap = contract;
          }
        }
        next.push({ id: child, cap: childCap });
      }
    }
    level = next;
  }
  const depth = (c: Contract) => tree.depthBelow(input.agentId, c.agentId) ?? 0;
  return ends.sort(
    (a, b) =>
      depth(a.contract) - depth(b.contract) ||
      compare(a.contract.agentId, b.contract.agentId) ||
      compare(a.contract.id, b.contract.id),
  );
}

export type AcceptCheck =
  | { ok: true; ends: ContractEnd[] }
  | { ok: false; code: Extract<ErrorCode, 'CONTRACT_CONFLICT'>; ends: ContractEnd[] };

/**
 * Accepting: with conflicting downline contracts the first call answers `CONTRACT_CONFLICT`
 * listing them; the same call with `confirmEnds` proceeds and those contracts end.
 */
export function checkAccept(input: ConflictInput & { confirmEnds: boolean }): AcceptCheck {
  const ends = contractsEndedByAccepting(input);
  if (ends.length > 0 && !input.confirmEnds) return { ok: false, code: 'CONTRACT_CONFLICT', ends };
  return { ok: true, ends };
}
