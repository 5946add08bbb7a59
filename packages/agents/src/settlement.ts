import {
  dailySalaryTier,
  dividendTier,
  hourlySalaryTier,
  isActiveMember,
  rateAt,
  realtimeSalaryTier,
} from './tiers.js';
import { indexTree, type TeamIndex } from './tree.js';
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
  /** The contracts of `type` in force for the period, at most one per agent. */
  contracts: readonly Contract[];
  settings: ContractSettings;
  /** Dividend, daily and hourly salary: each member's own figures for the period. */
  figures?: ReadonlyMap<string, MemberFigures>;
  /** Real-time salary: the bets settled in the 5-minute slot. */
  bets?: readonly SettledBet[];
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
  /** One entry per contract, sorted by agent id. */
  payouts: PayoutBreakdown[];
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

interface Holder {
  contract: Contract;
  team: TeamFigures;
  realtime: RealtimeFigures | null;
  grossRealtimeE4: bigint;
}

function checkContracts(input: SettlementInput, tree: TeamIndex): Map<string, Holder> {
  const holders = new Map<string, Holder>();
  for (const contract of input.contracts) {
    if (contract.type !== input.type) {
      throw new SettlementInputError(
        `Contract ${contract.id} is a ${contract.type}, not a ${input.type}`,
      );
    }
    const node = tree.nodes.get(contract.agentId);
    if (!node?.isAgent) {
      throw new SettlementInputError(
        `Contract ${contract.id}: ${contract.agentId} is not an agent of the tree`,
      );
    }
    if (holders.has(contract.agentId)) {
      throw new SettlementInputError(`Two ${input.type} contracts for agent ${contract.agentId}`);
    }
    if (contract.shortfall > 0n || (contract.type === 'dividend' && contract.carry > 0n)) {
      throw new SettlementInputError(`Contract ${contract.id}: carry and shortfall are at most 0`);
    }
    holders.set(contract.agentId, {
      contract,
      team: emptyTeam(),
      realtime:
        contract.type === 'realtime_salary'
          ? { qualifyingBets: 0, wonStake: 0n, lostStake: 0n }
          : null,
      grossRealtimeE4: 0n,
    });
  }
  return holders;
}

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

/** Real-time rate of one bet for one contract: profit rate when the member won, loss rate when lost. */
function realtimeRate(rates: RealtimeRates | undefined, bet: SettledBet): number {
  if (!rates || bet.payout === bet.stake) return 0;
  return bet.payout > bet.stake ? rates.profitRateBp : rates.lossRateBp;
}

export function settle(input: SettlementInput): SettlementResult {
  const tree = indexTree(input.tree);
  const holders = checkContracts(input, tree);
  const { settings } = input;

  // Team figures: every member's own figures count for each agent above it (depth >= 1).
  const figureIds = [...(input.figures?.keys() ?? [])].sort();
  for (const memberId of figureIds) {
    const f = input.figures!.get(memberId)!;
    if (!tree.nodes.has(memberId)) {
      throw new SettlementInputError(`Figures for ${memberId}, who is not in the tree`);
    }
    const active = isActiveMember(f, settings);
    for (const up of tree.ancestors(memberId)) {
      const holder = holders.get(up);
      if (holder) addFigures(holder.team, f, active);
    }
  }

  if (input.type === 'realtime_salary') {
    const tiers = settings.realtimeSalaryTiers;
    const bets = [...(input.bets ?? [])].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const bet of bets) {
      if (!tree.nodes.has(bet.memberId)) {
        throw new SettlementInputError(`Bet ${bet.id} of ${bet.memberId}, who is not in the tree`);
      }
      if (bet.stake < 0n || bet.payout < 0n)
        throw new SettlementInputError(`Bet ${bet.id} is negative`);
      const tier = realtimeSalaryTier(tiers, bet.stake);
      const won = bet.payout > bet.stake;
      const qualifies = tier !== null && bet.payout !== bet.stake;
      for (const up of tree.ancestors(bet.memberId)) {
        const holder = holders.get(up);
        if (!holder) continue;
        holder.team.validBet += bet.stake;
        holder.team.ggr += bet.stake - bet.payout;
        holder.team.ngr += bet.stake - bet.payout;
        if (!qualifies) continue;
        const contract = holder.contract as Extract<Contract, { type: 'realtime_salary' }>;
        const rt = holder.realtime!;
        rt.qualifyingBets += 1;
        if (won) rt.wonStake += bet.stake;
        else rt.lostStake += bet.stake;
        holder.grossRealtimeE4 +=
          bet.stake * BigInt(realtimeRate(rateAt(contract.rates, tier), bet));
      }
    }
  }

  // Each holder's gross share.
  const agentIds = [...holders.keys()].sort();
  const computed = new Map<
    string,
    Omit<PayoutBreakdown, 'downlines' | 'differentialE4' | 'amount' | 'shortfallOut'>
  >();
  for (const agentId of agentIds) {
    const { contract, team, realtime, grossRealtimeE4 } = holders.get(agentId)!;
    const figures = { validBet: team.validBet, activeMembers: team.activeMembers, ngr: team.ngr };
    let tier: number | null = null;
    let rateBp: number | null = null;
    let base = team.validBet;
    let carryIn = 0n;
    let carryOut = 0n;
    let grossE4 = 0n;
    switch (contract.type) {
      case 'dividend': {
        tier = dividendTier(settings.dividendTiers, figures);
        carryIn = contract.carry;
        base = team.ngr + carryIn;
        // Negative NGR always carries; a positive period clears the carry, paid only with a tier.
        carryOut = base > 0n ? 0n : base;
        rateBp = tier === null ? null : (rateAt(contract.ratesBp, tier) ?? 0);
        if (rateBp !== null && base > 0n) grossE4 = base * BigInt(rateBp);
        break;
      }
      case 'daily_salary':
      case 'hourly_salary': {
        tier =
          contract.type === 'daily_salary'
            ? dailySalaryTier(settings.dailySalaryTiers, figures)
            : hourlySalaryTier(settings.hourlySalaryTiers, figures);
        rateBp = tier === null ? null : (rateAt(contract.ratesBp, tier) ?? 0);
        if (rateBp !== null) grossE4 = base * BigInt(rateBp);
        break;
      }
      case 'realtime_salary':
        base = realtime!.wonStake + realtime!.lostStake;
        grossE4 = grossRealtimeE4;
        break;
    }
    computed.set(agentId, {
      contractId: contract.id,
      agentId,
      team,
      realtime,
      tier,
      rateBp,
      carryIn,
      carryOut,
      base,
      grossE4,
      shortfallIn: contract.shortfall,
    });
  }

  // The nearest holder above each holder: its gross is subtracted there. An agent without a
  // contract of this type in between is transparent (decision 014, "Agents without a contract").
  const downlines = new Map<string, DownlineShare[]>(agentIds.map((id) => [id, []]));
  for (const agentId of agentIds) {
    const above = tree.ancestors(agentId).find((id) => holders.has(id));
    if (above === undefined) continue;
    const own = computed.get(agentId)!;
    downlines.get(above)!.push({ contractId: own.contractId, agentId, grossE4: own.grossE4 });
  }

  const payouts: PayoutBreakdown[] = [];
  let totalPaid = 0n;
  for (const agentId of agentIds) {
    const own = computed.get(agentId)!;
    const below = downlines.get(agentId)!;
    const differentialE4 =
      own.grossE4 - below.reduce((sum, d) => sum + d.grossE4, 0n) + own.shortfallIn * E4;
    const amount = differentialE4 > 0n ? differentialE4 / E4 : 0n;
    const shortfallOut = differentialE4 > 0n ? 0n : floorDiv(differentialE4, E4);
    totalPaid += amount;
    payouts.push({ ...own, downlines: below, differentialE4, amount, shortfallOut });
  }
  return { type: input.type, payouts, totalPaid };
}
