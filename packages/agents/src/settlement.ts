import {
  dailySalaryTier,
  dividendTier,
  hourlySalaryTier,
  isActiveMember,
  rateAt,
  realtimeSalaryTier,
} from './tiers.js';
import { indexTree } from './tree.js';
import type {
  Contract,
  ContractSettings,
  ContractType,
  MemberFigures,
  RealtimeRates,
  SettledBet,
  TreeNode,
} from './types.js';

/**
 * One settlement pass of one contract type over one period of one merchant (decision 014).
 *
 * Amounts that carry a rate are kept exact in "E4" units, 1/10,000 of a minor unit (rate in basis
 * points x minor units), and only each payout is rounded down to the minor unit: every payout is
 * within 1 minor unit of its exact value and the chain never pays more than the exact total.
 */
export interface SettlementInput {
  type: ContractType;
  /** Who was under whom at the period's end. */
  tree: readonly TreeNode[];
  /**
   * The contracts of `type` in force in the period. Without `segments` each is in force for the
   * whole period (at most one per agent); with them, in the segments between its acceptance and
   * its end (at most one per agent at any instant).
   */
  contracts: readonly Contract[];
  settings: ContractSettings;
  /** Dividend, daily and hourly salary: each member's own figures for the period. */
  figures?: ReadonlyMap<string, MemberFigures>;
  /** Real-time salary: the bets settled in the 5-minute slot. */
  bets?: readonly SettledBet[];
  /**
   * Contracts held back in an earlier period and not settled since (contract id -> that period):
   * their carry and shortfall run in order, so they and their chain wait (decision 014).
   */
  heldEarlier?: ReadonlyMap<string, string>;
  /**
   * The period cut at every acceptance and end of a contract inside it (`splitPeriod`), each
   * with its own figures or bets; replaces `figures` and `bets` (decision 014, "Several
   * contracts in one period").
   */
  segments?: readonly SettlementSegment[];
}

/** A part of the period in which the same contracts were in force. */
export interface SettlementSegment {
  start: Date;
  end: Date;
  figures?: ReadonlyMap<string, MemberFigures>;
  bets?: readonly SettledBet[];
}

/**
 * The period [start, end) cut at every acceptance and end of these contracts strictly inside it,
 * in time order: in each part the same contracts are in force.
 */
export function splitPeriod(
  period: { start: Date; end: Date },
  contracts: readonly Pick<Contract, 'acceptedAt' | 'endedAt'>[],
): { start: Date; end: Date }[] {
  const from = period.start.getTime();
  const to = period.end.getTime();
  const cuts = new Set<number>([from, to]);
  for (const c of contracts) {
    for (const at of [c.acceptedAt, c.endedAt]) {
      const t = at?.getTime();
      if (t !== undefined && t > from && t < to) cuts.add(t);
    }
  }
  const sorted = [...cuts].sort((a, b) => a - b);
  return sorted.slice(1).map((t, i) => ({ start: new Date(sorted[i]!), end: new Date(t) }));
}

/** Why a contract's payout is held back (decision 014, "Bad data holds back one chain"). */
export type HoldReason =
  | 'overlapping_contracts'
  | 'positive_carry'
  | 'not_an_agent'
  | 'chain_held'
  | 'earlier_period_held';

export interface HeldPayout {
  contractId: string;
  agentId: string;
  reason: HoldReason;
  /** The agent whose data is invalid (itself, or the one on its path). */
  causeAgentId: string;
  detail: string;
}

/** The figures of an agent's team (every account below it, not the agent itself). */
export interface TeamFigures {
  /** Team members with figures in the period. */
  members: number;
  activeMembers: number;
  validBet: bigint;
  ggr: bigint;
  bonuses: bigint;
  rebates: bigint;
  /** GGR minus bonuses minus rebates. */
  ngr: bigint;
  deposits: bigint;
}

export interface RealtimeFigures {
  /** Bets whose stake reached a tier's single bet amount and that were won or lost. */
  qualifyingBets: number;
  /** Stakes of qualifying bets the members won (profit rate) and lost (loss rate). */
  wonStake: bigint;
  lostStake: bigint;
}

export interface DownlineShare {
  contractId: string;
  agentId: string;
  grossE4: bigint;
}

/** How one contract's payout for the period comes about. */
export interface PayoutBreakdown {
  contractId: string;
  agentId: string;
  team: TeamFigures;
  realtime: RealtimeFigures | null;
  /** Tier reached (0-based index into the merchant table); null when none (real-time: per bet). */
  tier: number | null;
  /** Rate at that tier (real-time: null, see `realtime` and the contract's rates). */
  rateBp: number | null;
  /** Dividend: negative NGR carried in and out (at most 0). Other types: 0. */
  carryIn: bigint;
  carryOut: bigint;
  /** Dividend: NGR + carry in; salaries: valid bet; real-time: won + lost qualifying stake. */
  base: bigint;
  /** rate x base (0 when no tier or, for the dividend, base <= 0), in 1/10,000 minor units. */
  grossE4: bigint;
  /** The nearest contract holders of this type below (their gross is subtracted). */
  downlines: DownlineShare[];
  /** Sum of the downlines' gross shares subtracted (1/10,000 minor units). */
  downlineGrossE4: bigint;
  /** The parts of the period the contract was in force (null: the whole period). */
  inForce: { start: Date; end: Date }[] | null;
  /** Shortfall carried in and out (at most 0, minor units). */
  shortfallIn: bigint;
  shortfallOut: bigint;
  /** grossE4 - sum of downline grossE4 + shortfallIn x 10,000. */
  differentialE4: bigint;
  /** What is paid: the differential rounded down to the minor unit, never below 0. */
  amount: bigint;
}

export interface SettlementResult {
  type: ContractType;
  /** One entry per contract paid, sorted by agent id and acceptance. */
  payouts: PayoutBreakdown[];
  /** Contracts whose payout depends on invalid data, held back until it is fixed. */
  held: HeldPayout[];
  totalPaid: bigint;
}

/** Thrown for inputs that cannot describe a real period (wrong type, two contracts per agent...). */
export class SettlementInputError extends Error {
  override readonly name = 'SettlementInputError';
}

const E4 = 10_000n;

/** Floor division for bigint (BigInt `/` truncates toward zero). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/** The ledger idempotency key of a contract's payout for a period. */
export function payoutIdempotencyKey(contractId: string, periodKey: string): string {
  return `contract:${contractId}:${periodKey}`;
}

const emptyTeam = (): TeamFigures => ({
  members: 0,
  activeMembers: 0,
  validBet: 0n,
  ggr: 0n,
  bonuses: 0n,
  rebates: 0n,
  ngr: 0n,
  deposits: 0n,
});

function addFigures(team: TeamFigures, f: MemberFigures, active: boolean): void {
  team.members += 1;
  if (active) team.activeMembers += 1;
  team.validBet += f.validBet;
  team.ggr += f.ggr;
  team.bonuses += f.bonuses;
  team.rebates += f.rebates;
  team.ngr += f.ggr - f.bonuses - f.rebates;
  team.deposits += f.deposits;
}

function sumFigures(a: MemberFigures, b: MemberFigures): MemberFigures {
  return {
    validBet: a.validBet + b.validBet,
    ggr: a.ggr + b.ggr,
    bonuses: a.bonuses + b.bonuses,
    rebates: a.rebates + b.rebates,
    deposits: a.deposits + b.deposits,
    largestDeposit: a.largestDeposit > b.largestDeposit ? a.largestDeposit : b.largestDeposit,
  };
}

/** Real-time rate of one bet for one contract: profit rate when the member won, loss rate when lost. */
function realtimeRate(rates: RealtimeRates | undefined, bet: SettledBet): number {
  if (!rates || bet.payout === bet.stake) return 0;
  return bet.payout > bet.stake ? rates.profitRateBp : rates.lossRateBp;
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Per contract: what the engine adds up over the segments the contract was in force. */
interface Share {
  contract: Contract;
  segments: number[];
  realtime: RealtimeFigures | null;
  /** Gross share earned in each of its segments (index into the period's segments). */
  grossBySegment: Map<number, bigint>;
  base: bigint;
  grossE4: bigint;
  carryOut: bigint;
  tier: number | null;
  rateBp: number | null;
  downlines: Map<string, DownlineShare>;
}

/**
 * Settles one contract type over one period (decision 014): every contract earns its rate (at its
 * agent's tier for the whole period) on the base of the segments it was in force, less the gross
 * of the nearest contract holders below in each segment. Invalid data of an agent (two contracts
 * in force at one instant, a positive carry, a holder that is not an agent, an earlier period
 * held) holds back its chain only, the contract holders on its path, and everyone else is paid.
 */
export function settle(input: SettlementInput): SettlementResult {
  const tree = indexTree(input.tree);
  const { settings, type } = input;
  const segmented = input.segments !== undefined;
  const segments: SettlementSegment[] = segmented
    ? [...input.segments!].sort((a, b) => a.start.getTime() - b.start.getTime())
    : [
        {
          start: new Date(-8.64e15),
          end: new Date(8.64e15),
          ...(input.figures ? { figures: input.figures } : {}),
          ...(input.bets ? { bets: input.bets } : {}),
        },
      ];

  // Invalid data, per agent: the first reason found (its chain is held back below).
  const bad = new Map<string, { reason: HoldReason; detail: string }>();
  const markBad = (agentId: string, reason: HoldReason, detail: string) => {
    if (!bad.has(agentId)) bad.set(agentId, { reason, detail });
  };
  const contracts = [...input.contracts].sort(byId);
  for (const contract of contracts) {
    if (contract.type !== type) {
      throw new SettlementInputError(
        `Contract ${contract.id} is a ${contract.type}, not a ${type}`,
      );
    }
    if (!tree.nodes.get(contract.agentId)?.isAgent) {
      markBad(
        contract.agentId,
        'not_an_agent',
        `Contract ${contract.id}: ${contract.agentId} is not an agent of the tree`,
      );
    }
    if (contract.shortfall > 0n || (contract.type === 'dividend' && contract.carry > 0n)) {
      markBad(
        contract.agentId,
        'positive_carry',
        `Contract ${contract.id}: carry and shortfall are at most 0`,
      );
    }
    const earlier = input.heldEarlier?.get(contract.id);
    if (earlier !== undefined) {
      markBad(
        contract.agentId,
        'earlier_period_held',
        `Contract ${contract.id} waits for ${earlier}, held back`,
      );
    }
  }

  // The contract of each agent in force in each segment.
  const inForce = (c: Contract, seg: SettlementSegment) =>
    !segmented ||
    (c.acceptedAt !== null &&
      c.acceptedAt.getTime() <= seg.start.getTime() &&
      (c.endedAt === null || c.endedAt.getTime() >= seg.end.getTime()));
  const shares = new Map<string, Share>();
  const holderBySegment: Map<string, Share>[] = segments.map((seg, s) => {
    const holders = new Map<string, Share>();
    for (const contract of contracts) {
      if (!tree.nodes.has(contract.agentId) || !inForce(contract, seg)) continue;
      const other = holders.get(contract.agentId);
      if (other) {
        markBad(
          contract.agentId,
          'overlapping_contracts',
          `Two ${type} contracts (${other.contract.id} and ${contract.id}) in force for agent ${contract.agentId} at once`,
        );
        continue;
      }
      let share = shares.get(contract.id);
      if (!share) {
        share = {
          contract,
          segments: [],
          realtime:
            type === 'realtime_salary' ? { qualifyingBets: 0, wonStake: 0n, lostStake: 0n } : null,
          grossBySegment: new Map(),
          base: 0n,
          grossE4: 0n,
          carryOut: 0n,
          tier: null,
          rateBp: null,
          downlines: new Map(),
        };
        shares.set(contract.id, share);
      }
      share.segments.push(s);
      holders.set(contract.agentId, share);
    }
    return holders;
  });
  const holderAgents = new Set<string>();
  for (const holders of holderBySegment) for (const id of holders.keys()) holderAgents.add(id);

  // Team figures for the whole period (the tier's), and each holder's base per segment.
  const teams = new Map<string, TeamFigures>([...holderAgents].map((id) => [id, emptyTeam()]));
  const segValidBet = new Map<string, bigint[]>();
  const segNgr = new Map<string, bigint[]>();
  for (const id of holderAgents) {
    segValidBet.set(
      id,
      segments.map(() => 0n),
    );
    segNgr.set(
      id,
      segments.map(() => 0n),
    );
  }
  const whole = new Map<string, MemberFigures>();
  segments.forEach((seg, s) => {
    for (const [memberId, f] of seg.figures ?? []) {
      if (!tree.nodes.has(memberId)) {
        throw new SettlementInputError(`Figures for ${memberId}, who is not in the tree`);
      }
      const sum = whole.get(memberId);
      whole.set(memberId, sum ? sumFigures(sum, f) : f);
      for (const up of tree.ancestors(memberId)) {
        if (!holderAgents.has(up)) continue;
        segValidBet.get(up)![s]! += f.validBet;
        segNgr.get(up)![s]! += f.ggr - f.bonuses - f.rebates;
      }
    }
  });
  for (const memberId of [...whole.keys()].sort()) {
    const f = whole.get(memberId)!;
    const active = isActiveMember(f, settings);
    for (const up of tree.ancestors(memberId)) {
      const team = teams.get(up);
      if (team) addFigures(team, f, active);
    }
  }

  if (type === 'realtime_salary') {
    const tiers = settings.realtimeSalaryTiers;
    segments.forEach((seg, s) => {
      for (const bet of [...(seg.bets ?? [])].sort(byId)) {
        if (!tree.nodes.has(bet.memberId)) {
          throw new SettlementInputError(
            `Bet ${bet.id} of ${bet.memberId}, who is not in the tree`,
          );
        }
        if (bet.stake < 0n || bet.payout < 0n) {
          throw new SettlementInputError(`Bet ${bet.id} is negative`);
        }
        const tier = realtimeSalaryTier(tiers, bet.stake);
        const won = bet.payout > bet.stake;
        const qualifies = tier !== null && bet.payout !== bet.stake;
        for (const up of tree.ancestors(bet.memberId)) {
          const team = teams.get(up);
          if (!team) continue;
          team.validBet += bet.stake;
          team.ggr += bet.stake - bet.payout;
          team.ngr += bet.stake - bet.payout;
          const share = holderBySegment[s]!.get(up);
          if (!qualifies || !share) continue;
          const contract = share.contract as Extract<Contract, { type: 'realtime_salary' }>;
          const rt = share.realtime!;
          rt.qualifyingBets += 1;
          if (won) rt.wonStake += bet.stake;
          else rt.lostStake += bet.stake;
          share.base += bet.stake;
          const gross = bet.stake * BigInt(realtimeRate(rateAt(contract.rates, tier), bet));
          share.grossE4 += gross;
          share.grossBySegment.set(s, (share.grossBySegment.get(s) ?? 0n) + gross);
        }
      }
    });
  }

  // Each contract's gross share: its agent's tier, its rate, the base of its segments.
  for (const share of shares.values()) {
    const { contract } = share;
    const agentId = contract.agentId;
    const team = teams.get(agentId)!;
    const figures = { validBet: team.validBet, activeMembers: team.activeMembers, ngr: team.ngr };
    switch (contract.type) {
      case 'dividend': {
        share.tier = dividendTier(settings.dividendTiers, figures);
        const ngr = share.segments.reduce((sum, s) => sum + segNgr.get(agentId)![s]!, 0n);
        share.base = ngr + contract.carry;
        // Negative NGR always carries; a positive period clears the carry, paid only with a tier.
        share.carryOut = share.base > 0n ? 0n : share.base;
        share.rateBp = share.tier === null ? null : (rateAt(contract.ratesBp, share.tier) ?? 0);
        if (share.rateBp !== null && share.base > 0n)
          share.grossE4 = share.base * BigInt(share.rateBp);
        // The gross is split over the segments in proportion to their positive NGR (the part
        // each holder above in that segment subtracts), the rest of the division to the last.
        const weights = share.segments.map((s) => {
          const n = segNgr.get(agentId)![s]!;
          return n > 0n ? n : 0n;
        });
        const total = weights.reduce((a, b) => a + b, 0n);
        let left = share.grossE4;
        share.segments.forEach((s, i) => {
          const last = i === share.segments.length - 1;
          const part = last || total === 0n ? left : (share.grossE4 * weights[i]!) / total;
          share.grossBySegment.set(s, part);
          left -= part;
        });
        break;
      }
      case 'daily_salary':
      case 'hourly_salary': {
        share.tier =
          contract.type === 'daily_salary'
            ? dailySalaryTier(settings.dailySalaryTiers, figures)
            : hourlySalaryTier(settings.hourlySalaryTiers, figures);
        share.rateBp = share.tier === null ? null : (rateAt(contract.ratesBp, share.tier) ?? 0);
        for (const s of share.segments) {
          const base = segValidBet.get(agentId)![s]!;
          share.base += base;
          const gross = share.rateBp === null ? 0n : base * BigInt(share.rateBp);
          share.grossBySegment.set(s, gross);
          share.grossE4 += gross;
        }
        break;
      }
      case 'realtime_salary':
        break;
    }
  }

  // In each segment, the nearest holder above each holder subtracts its gross of that segment.
  // An agent without a contract of this type in between is transparent.
  holderBySegment.forEach((holders, s) => {
    for (const [agentId, share] of holders) {
      const above = tree.ancestors(agentId).find((id) => holders.has(id));
      if (above === undefined) continue;
      const gross = share.grossBySegment.get(s) ?? 0n;
      const into = holders.get(above)!.downlines;
      const known = into.get(share.contract.id);
      if (known) known.grossE4 += gross;
      else into.set(share.contract.id, { contractId: share.contract.id, agentId, grossE4: gross });
    }
  });

  // Invalid data holds back its agent and the contract holders above and below it on its path.
  const heldAgents = new Map<string, { cause: string; reason: HoldReason; detail: string }>();
  for (const [agentId, why] of [...bad].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    heldAgents.set(agentId, { cause: agentId, ...why });
  }
  for (const [agentId, why] of bad) {
    if (!tree.nodes.has(agentId)) continue;
    const chain = { cause: agentId, reason: 'chain_held' as const, detail: why.detail };
    for (const up of tree.ancestors(agentId)) if (!heldAgents.has(up)) heldAgents.set(up, chain);
    for (const other of holderAgents) {
      if (!heldAgents.has(other) && tree.ancestors(other).includes(agentId)) {
        heldAgents.set(other, chain);
      }
    }
  }
  const held: HeldPayout[] = [];
  for (const contract of contracts) {
    const why = heldAgents.get(contract.agentId);
    if (!why) continue;
    if (segmented && !shares.has(contract.id) && why.cause !== contract.agentId) continue;
    held.push({
      contractId: contract.id,
      agentId: contract.agentId,
      reason: why.reason,
      causeAgentId: why.cause,
      detail: why.detail,
    });
  }

  const payouts: PayoutBreakdown[] = [];
  let totalPaid = 0n;
  const ordered = [...shares.values()]
    .filter((share) => !heldAgents.has(share.contract.agentId))
    .sort((a, b) =>
      a.contract.agentId !== b.contract.agentId
        ? a.contract.agentId < b.contract.agentId
          ? -1
          : 1
        : a.segments[0]! - b.segments[0]! || byId(a.contract, b.contract),
    );
  for (const share of ordered) {
    const { contract } = share;
    const below = [...share.downlines.values()].sort((a, b) =>
      a.agentId !== b.agentId
        ? a.agentId < b.agentId
          ? -1
          : 1
        : byId({ id: a.contractId }, { id: b.contractId }),
    );
    const downlineGrossE4 = below.reduce((sum, d) => sum + d.grossE4, 0n);
    const differentialE4 = share.grossE4 - downlineGrossE4 + contract.shortfall * E4;
    const amount = differentialE4 > 0n ? differentialE4 / E4 : 0n;
    const shortfallOut = differentialE4 > 0n ? 0n : floorDiv(differentialE4, E4);
    totalPaid += amount;
    payouts.push({
      contractId: contract.id,
      agentId: contract.agentId,
      team: teams.get(contract.agentId)!,
      realtime: share.realtime,
      tier: share.tier,
      rateBp: share.rateBp,
      carryIn: contract.type === 'dividend' ? contract.carry : 0n,
      carryOut: share.carryOut,
      base: share.base,
      grossE4: share.grossE4,
      downlines: below,
      downlineGrossE4,
      inForce: segmented ? spansOf(share.segments.map((s) => segments[s]!)) : null,
      shortfallIn: contract.shortfall,
      shortfallOut,
      differentialE4,
      amount,
    });
  }
  return { type, payouts, held, totalPaid };
}

/** Adjacent segments joined: the spans a contract was in force. */
function spansOf(parts: { start: Date; end: Date }[]): { start: Date; end: Date }[] {
  const spans: { start: Date; end: Date }[] = [];
  for (const part of parts) {
    const last = spans[spans.length - 1];
    if (last && last.end.getTime() === part.start.getTime()) last.end = part.end;
    else spans.push({ start: part.start, end: part.end });
  }
  return spans;
}
