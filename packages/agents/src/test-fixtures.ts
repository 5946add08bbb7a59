import type {
  Contract,
  ContractSettings,
  MemberFigures,
  RealtimeRates,
  TreeNode,
} from './types.js';

/** PHP amount (string with up to 2 decimals) to centavos. */
export const php = (amount: string): bigint => {
  const negative = amount.startsWith('-');
  const [whole = '0', cents = ''] = amount.replace(/^-/, '').replace(/,/g, '').split('.');
  const value = BigInt(whole) * 100n + BigInt(cents.padEnd(2, '0'));
  return negative ? -value : value;
};

/** Decision 014's worked example settings. */
export const SETTINGS: ContractSettings = {
  activeMinValidBet: php('500.00'),
  activeMinDeposit: null,
  dividendPeriods: ['D', 'W', 'H', 'M'],
  dividendTiers: [
    { minValidBet: php('100000'), minActiveMembers: 5, minNgr: 0n, maxRateBp: 2000 },
    { minValidBet: php('500000'), minActiveMembers: 15, minNgr: 0n, maxRateBp: 3000 },
    { minValidBet: php('2000000'), minActiveMembers: 40, minNgr: 0n, maxRateBp: 4000 },
  ],
  dailySalaryTiers: [
    { minValidBet: php('50000'), minActiveMembers: 3, maxRateBp: 30 },
    { minValidBet: php('200000'), minActiveMembers: 10, maxRateBp: 50 },
    { minValidBet: php('1000000'), minActiveMembers: 25, maxRateBp: 80 },
  ],
  hourlySalaryTiers: [
    { minValidBet: php('10000'), maxRateBp: 20 },
    { minValidBet: php('50000'), maxRateBp: 30 },
  ],
  realtimeSalaryTiers: [{ minSingleBet: php('100'), maxProfitRateBp: 10, maxLossRateBp: 20 }],
};

const base = {
  status: 'active' as const,
  createdAt: new Date('2026-11-01T00:00:00Z'),
  acceptedAt: new Date('2026-11-01T00:00:00Z'),
  endedAt: null,
  shortfall: 0n,
};

export function dividend(
  id: string,
  agentId: string,
  offeredById: string | null,
  ratesBp: number[],
  extra: { carry?: bigint; shortfall?: bigint; period?: 'D' | 'W' | 'H' | 'M' } = {},
): Contract {
  return {
    ...base,
    id,
    agentId,
    offeredById,
    type: 'dividend',
    period: extra.period ?? 'W',
    ratesBp,
    carry: extra.carry ?? 0n,
    shortfall: extra.shortfall ?? 0n,
  };
}

export function salary(
  type: 'daily_salary' | 'hourly_salary',
  id: string,
  agentId: string,
  offeredById: string | null,
  ratesBp: number[],
): Contract {
  return { ...base, id, agentId, offeredById, type, ratesBp };
}

export function realtime(
  id: string,
  agentId: string,
  offeredById: string | null,
  rates: RealtimeRates[],
): Contract {
  return { ...base, id, agentId, offeredById, type: 'realtime_salary', rates };
}

export const figures = (f: Partial<MemberFigures> & { validBet: bigint }): MemberFigures => ({
  ggr: 0n,
  bonuses: 0n,
  rebates: 0n,
  deposits: 0n,
  largestDeposit: 0n,
  ...f,
});

/**
 * `count` members under `uplineId` sharing `validBet` and `ngr` (the remainder on the first),
 * each above the active threshold when `activeMinValidBet` allows.
 */
export function membersUnder(
  prefix: string,
  uplineId: string,
  count: number,
  validBet: bigint,
  ngr: bigint,
): { nodes: TreeNode[]; figures: [string, MemberFigures][] } {
  const n = BigInt(count);
  const nodes: TreeNode[] = [];
  const list: [string, MemberFigures][] = [];
  for (let i = 0; i < count; i++) {
    const id = `${prefix}${String(i).padStart(3, '0')}`;
    const first = i === 0;
    nodes.push({ id, uplineId, isAgent: false });
    list.push([
      id,
      figures({
        validBet: validBet / n + (first ? validBet % n : 0n),
        ggr: ngr / n + (first ? ngr % n : 0n),
      }),
    ]);
  }
  return { nodes, figures: list };
}
