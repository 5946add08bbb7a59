import { describe, expect, it } from 'vitest';
import {
  floorDiv,
  payoutIdempotencyKey,
  settle,
  SettlementInputError,
  type PayoutBreakdown,
} from './settlement.js';
import {
  dividend,
  figures,
  membersUnder,
  php,
  realtime,
  salary,
  SETTINGS,
} from './test-fixtures.js';
import type { Contract, MemberFigures, TreeNode } from './types.js';

// The worked examples of docs/decisions/014-agent-contracts.md, reproduced to the centavo.

const AGENTS: TreeNode[] = [
  { id: 'A', uplineId: null, isAgent: true },
  { id: 'B', uplineId: 'A', isAgent: true },
];

function team(parts: ReturnType<typeof membersUnder>[]) {
  return {
    tree: [...AGENTS, ...parts.flatMap((p) => p.nodes)],
    figures: new Map<string, MemberFigures>(parts.flatMap((p) => p.figures)),
  };
}

const byAgent = (payouts: PayoutBreakdown[]) =>
  Object.fromEntries(payouts.map((p) => [p.agentId, p]));

describe('dividend (weekly), decision 014', () => {
  const contractA = dividend('cA', 'A', null, [2000, 3000, 4000]);
  const contractB = (carry = 0n) => dividend('cB', 'B', 'A', [1500, 2500, 3500], { carry });

  const week = (bNgr: string, carryB = 0n) => {
    const { tree, figures: f } = team([
      membersUnder('b', 'B', 18, php('600000'), php(bNgr)),
      membersUnder('a', 'A', 30, php('1500000'), php('80000')),
    ]);
    return byAgent(
      settle({
        type: 'dividend',
        tree,
        figures: f,
        settings: SETTINGS,
        contracts: [contractA, contractB(carryB)],
      }).payouts,
    );
  };

  it('week 2026-11-23: B earns 12,500.00, A earns 39,500.00, the chain pays 40 % of the team NGR', () => {
    const { A, B } = week('50000');
    expect(B).toMatchObject({
      tier: 1,
      rateBp: 2500,
      base: php('50000'),
      amount: php('12500'),
      carryOut: 0n,
    });
    expect(B!.team).toMatchObject({ members: 18, activeMembers: 18, validBet: php('600000') });
    expect(A).toMatchObject({ tier: 2, rateBp: 4000, base: php('130000'), amount: php('39500') });
    expect(A!.team).toMatchObject({ members: 48, activeMembers: 48, validBet: php('2100000') });
    expect(A!.downlines).toEqual([
      { contractId: 'cB', agentId: 'B', grossE4: php('12500') * 10_000n },
    ]);
    expect(A!.amount + B!.amount).toBe(php('52000'));
  });

  it('next week B’s team wins: B is paid 0 and carries -20,000.00, A earns 24,000.00', () => {
    const { A, B } = week('-20000');
    expect(B).toMatchObject({
      tier: null,
      base: php('-20000'),
      amount: 0n,
      carryOut: php('-20000'),
    });
    expect(A).toMatchObject({
      tier: 2,
      base: php('60000'),
      amount: php('24000'),
      shortfallOut: 0n,
    });
  });

  it('the week after: B’s base is 10,000.00 after the carry, B earns 2,500.00 and its carry is 0', () => {
    const { A, B } = week('30000', php('-20000'));
    expect(B).toMatchObject({
      carryIn: php('-20000'),
      base: php('10000'),
      amount: php('2500'),
      carryOut: 0n,
    });
    // A: 40 % x 110,000.00 - 2,500.00.
    expect(A).toMatchObject({ base: php('110000'), amount: php('41500') });
  });

  it('shortfall (decision 014): A’s direct members win, B’s team does not: A is paid 0 and owes 17,500.00', () => {
    const { tree, figures: f } = team([
      membersUnder('b', 'B', 18, php('600000'), php('150000')),
      membersUnder('a', 'A', 30, php('1500000'), php('-100000')),
    ]);
    const first = byAgent(
      settle({
        type: 'dividend',
        tree,
        figures: f,
        settings: SETTINGS,
        contracts: [contractA, contractB()],
      }).payouts,
    );
    expect(first.B).toMatchObject({ amount: php('37500') });
    expect(first.A).toMatchObject({
      base: php('50000'),
      grossE4: php('20000') * 10_000n,
      amount: 0n,
      carryOut: 0n,
      shortfallOut: php('-17500'),
    });
    // The next week is the first week again: A's 39,500.00 pays the shortfall back first.
    const again = team([
      membersUnder('b', 'B', 18, php('600000'), php('50000')),
      membersUnder('a', 'A', 30, php('1500000'), php('80000')),
    ]);
    const second = byAgent(
      settle({
        type: 'dividend',
        tree: again.tree,
        figures: again.figures,
        settings: SETTINGS,
        contracts: [
          dividend('cA', 'A', null, [2000, 3000, 4000], { shortfall: php('-17500') }),
          contractB(),
        ],
      }).payouts,
    );
    expect(second.A).toMatchObject({ amount: php('22000'), shortfallOut: 0n });
    // Over both weeks the chain paid 40 % of the team's NGR: 37,500 + 12,500 + 22,000 = 72,000.
    expect(first.B!.amount + second.B!.amount + second.A!.amount).toBe(php('72000'));
  });
});

describe('daily salary, decision 014', () => {
  it('B earns 1,000.00 at tier 2, A earns 8,800.00 - 1,000.00 = 7,800.00', () => {
    const { tree, figures: f } = team([
      membersUnder('b', 'B', 12, php('250000'), 0n),
      membersUnder('a', 'A', 18, php('850000'), 0n),
    ]);
    const { A, B } = byAgent(
      settle({
        type: 'daily_salary',
        tree,
        figures: f,
        settings: SETTINGS,
        contracts: [
          salary('daily_salary', 'cA', 'A', null, [30, 50, 80]),
          salary('daily_salary', 'cB', 'B', 'A', [20, 40, 60]),
        ],
      }).payouts,
    );
    expect(B).toMatchObject({ tier: 1, rateBp: 40, base: php('250000'), amount: php('1000') });
    expect(A).toMatchObject({ tier: 2, rateBp: 80, base: php('1100000'), amount: php('7800') });
    expect(A!.team.activeMembers).toBe(30);
  });
});

describe('hourly salary, decision 014', () => {
  const run = (validBet: string) =>
    settle({
      type: 'hourly_salary',
      tree: [
        AGENTS[0]!,
        { id: 'm1', uplineId: 'A', isAgent: false },
        { id: 'm2', uplineId: 'A', isAgent: false },
      ],
      figures: new Map([
        ['m1', figures({ validBet: php(validBet) - php('1000') })],
        ['m2', figures({ validBet: php('1000') })],
      ]),
      settings: SETTINGS,
      contracts: [salary('hourly_salary', 'cA', 'A', null, [20, 30])],
    }).payouts[0]!;

  it('21:00: 64,000.00 bet pays 0.3 % = 192.00; 22:00: 8,000.00 reaches no tier and pays nothing', () => {
    expect(run('64000')).toMatchObject({ tier: 1, rateBp: 30, amount: php('192') });
    expect(run('8000')).toMatchObject({ tier: null, rateBp: null, amount: 0n, grossE4: 0n });
  });
});

describe('real-time salary, decision 014', () => {
  it('slot 10:05: B earns 1.00, A earns 2.00 - 1.00 + 0.50 = 1.50; a 50.00 bet earns nothing', () => {
    const result = settle({
      type: 'realtime_salary',
      tree: [
        ...AGENTS,
        { id: 'b1', uplineId: 'B', isAgent: false },
        { id: 'a1', uplineId: 'A', isAgent: false },
        { id: 'a2', uplineId: 'A', isAgent: false },
      ],
      bets: [
        { id: 'x1', memberId: 'b1', stake: php('1000'), payout: 0n },
        { id: 'x2', memberId: 'a1', stake: php('500'), payout: php('1000') },
        { id: 'x3', memberId: 'a2', stake: php('50'), payout: 0n },
      ],
      settings: SETTINGS,
      contracts: [
        realtime('cA', 'A', null, [{ profitRateBp: 10, lossRateBp: 20 }]),
        realtime('cB', 'B', 'A', [{ profitRateBp: 5, lossRateBp: 10 }]),
      ],
    });
    const { A, B } = byAgent(result.payouts);
    expect(B).toMatchObject({
      amount: php('1'),
      realtime: { qualifyingBets: 1, wonStake: 0n, lostStake: php('1000') },
    });
    expect(A).toMatchObject({
      amount: php('1.50'),
      realtime: { qualifyingBets: 2, wonStake: php('500'), lostStake: php('1000') },
    });
    expect(A!.team.validBet).toBe(php('1550'));
    expect(result.totalPaid).toBe(php('2.50'));
  });

  it('a push (stake returned) earns neither rate', () => {
    const result = settle({
      type: 'realtime_salary',
      tree: [AGENTS[0]!, { id: 'a1', uplineId: 'A', isAgent: false }],
      bets: [{ id: 'x1', memberId: 'a1', stake: php('1000'), payout: php('1000') }],
      settings: SETTINGS,
      contracts: [realtime('cA', 'A', null, [{ profitRateBp: 10, lossRateBp: 20 }])],
    });
    expect(result.payouts[0]).toMatchObject({ amount: 0n, realtime: { qualifyingBets: 0 } });
  });
});

describe('decisions added to 014', () => {
  it('rounding: each payout is its exact differential rounded down, once', () => {
    // Hourly, A 0.20 %, B 0.15 % (tier 1). B's team 12,345.67, A's whole team 20,000.01.
    const result = settle({
      type: 'hourly_salary',
      tree: [
        ...AGENTS,
        { id: 'b1', uplineId: 'B', isAgent: false },
        { id: 'a1', uplineId: 'A', isAgent: false },
      ],
      figures: new Map([
        ['b1', figures({ validBet: php('12345.67') })],
        ['a1', figures({ validBet: php('7654.34') })],
      ]),
      settings: SETTINGS,
      contracts: [
        salary('hourly_salary', 'cA', 'A', null, [20, 30]),
        salary('hourly_salary', 'cB', 'B', 'A', [15, 25]),
      ],
    });
    const { A, B } = byAgent(result.payouts);
    // B: 0.15 % x 12,345.67 = 18.518505 -> 18.51.
    expect(B).toMatchObject({ grossE4: 18_518_505n, amount: php('18.51') });
    // A: 0.20 % x 20,000.01 - 18.518505 = 40.00002 - 18.518505 = 21.481515 -> 21.48.
    expect(A).toMatchObject({
      grossE4: 40_000_020n,
      differentialE4: 21_481_515n,
      amount: php('21.48'),
    });
  });

  it('an agent without a contract of the type is transparent: the nearest holder below is subtracted', () => {
    // A -> X (no daily salary contract) -> C (0.2/0.4/0.6 %, offered before X's contract ended).
    const result = settle({
      type: 'daily_salary',
      tree: [
        AGENTS[0]!,
        { id: 'X', uplineId: 'A', isAgent: true },
        { id: 'C', uplineId: 'X', isAgent: true },
        ...membersUnder('c', 'C', 12, php('250000'), 0n).nodes,
      ],
      figures: new Map(membersUnder('c', 'C', 12, php('250000'), 0n).figures),
      settings: SETTINGS,
      contracts: [
        salary('daily_salary', 'cA', 'A', null, [30, 50, 80]),
        salary('daily_salary', 'cC', 'C', 'X', [20, 40, 60]),
      ],
    });
    const { A, C } = byAgent(result.payouts);
    expect(C!.amount).toBe(php('1000'));
    // A: 0.5 % x 250,000.00 - 1,000.00 = 250.00; the chain pays A's 1,250.00.
    expect(A).toMatchObject({ amount: php('250'), downlines: [{ agentId: 'C' }] });
    expect(result.totalPaid).toBe(php('1250'));
  });

  it('a dividend period without a tier still clears the carry with positive NGR, and pays nothing', () => {
    const result = settle({
      type: 'dividend',
      tree: [AGENTS[0]!, ...membersUnder('a', 'A', 2, php('1000'), php('5000')).nodes],
      figures: new Map(membersUnder('a', 'A', 2, php('1000'), php('5000')).figures),
      settings: SETTINGS,
      contracts: [dividend('cA', 'A', null, [2000, 3000, 4000], { carry: php('-3000') })],
    });
    expect(result.payouts[0]).toMatchObject({
      tier: null,
      base: php('2000'),
      amount: 0n,
      carryOut: 0n,
    });
  });

  it('a contract with fewer rates than the merchant has tiers pays its last rate above them', () => {
    const { A } = byAgent(
      settle({
        type: 'hourly_salary',
        tree: [AGENTS[0]!, { id: 'a1', uplineId: 'A', isAgent: false }],
        figures: new Map([['a1', figures({ validBet: php('64000') })]]),
        settings: SETTINGS,
        contracts: [salary('hourly_salary', 'cA', 'A', null, [20])],
      }).payouts,
    );
    expect(A).toMatchObject({ tier: 1, rateBp: 20, amount: php('128') });
  });

  it('an agent’s own play is not in its own team', () => {
    const { A } = byAgent(
      settle({
        type: 'hourly_salary',
        tree: [AGENTS[0]!],
        figures: new Map([['A', figures({ validBet: php('64000') })]]),
        settings: SETTINGS,
        contracts: [salary('hourly_salary', 'cA', 'A', null, [20, 30])],
      }).payouts,
    );
    expect(A).toMatchObject({ amount: 0n, team: { members: 0, validBet: 0n } });
  });
});

describe('input checks', () => {
  const tree: TreeNode[] = [...AGENTS, { id: 'm', uplineId: 'B', isAgent: false }];
  const contracts: Contract[] = [salary('daily_salary', 'c1', 'A', null, [30, 50, 80])];

  it("refuses contracts of another type and figures outside the tree (the caller's error)", () => {
    const run = (over: Partial<Parameters<typeof settle>[0]>) => () =>
      settle({
        type: 'daily_salary',
        tree,
        contracts,
        settings: SETTINGS,
        figures: new Map(),
        ...over,
      });
    expect(run({ type: 'hourly_salary' })).toThrow(SettlementInputError);
    expect(run({ figures: new Map([['ghost', figures({ validBet: 1n })]]) })).toThrow(
      SettlementInputError,
    );
    expect(
      run({
        tree: [
          ...tree,
          { id: 'loop1', uplineId: 'loop2', isAgent: true },
          { id: 'loop2', uplineId: 'loop1', isAgent: true },
        ],
      }),
    ).toThrow(/Cycle/);
  });

  it('holds back the chain of an agent with invalid data and pays everyone else', () => {
    // A -> B -> m; A -> C -> n. B has two contracts at once (or a positive carry, or is no
    // agent): B and A (whose differential subtracts B) wait; C, on another path, is paid.
    const wide: TreeNode[] = [
      ...tree,
      { id: 'C', uplineId: 'A', isAgent: true },
      { id: 'n', uplineId: 'C', isAgent: false },
    ];
    const f = new Map([
      ['m', figures({ validBet: php('60000') })],
      ['n', figures({ validBet: php('60000') })],
    ]);
    const ok = [
      salary('daily_salary', 'cA', 'A', null, [30, 50, 80]),
      salary('daily_salary', 'cC', 'C', 'A', [20, 40, 60]),
    ];
    const activeOne = {
      ...SETTINGS,
      activeMinValidBet: 1n,
      dailySalaryTiers: [{ minValidBet: php('50000'), minActiveMembers: 1, maxRateBp: 30 }],
    };
    for (const bad of [
      [
        salary('daily_salary', 'cB1', 'B', 'A', [20]),
        salary('daily_salary', 'cB2', 'B', 'A', [10]),
      ],
      [{ ...salary('daily_salary', 'cB1', 'B', 'A', [20]), shortfall: 5n }],
      [salary('daily_salary', 'cB1', 'm', 'B', [20])],
    ]) {
      const result = settle({
        type: 'daily_salary',
        tree: wide,
        contracts: [...ok, ...bad],
        settings: activeOne,
        figures: f,
      });
      // C: 0.2 % x 60,000.00 = 120.00, paid; A and the bad holder are held back.
      expect(result.payouts.map((p) => [p.agentId, p.amount])).toEqual([['C', 12_000n]]);
      expect(result.held.map((h) => h.contractId).sort()).toEqual(
        ['cA', ...bad.map((c) => c.id)].sort(),
      );
      expect(result.held.find((h) => h.contractId === 'cA')).toMatchObject({
        reason: 'chain_held',
      });
    }
    const reasons = (bad: Contract[]) =>
      settle({
        type: 'daily_salary',
        tree: wide,
        contracts: [...ok, ...bad],
        settings: activeOne,
        figures: f,
      })
        .held.filter((h) => h.contractId !== 'cA')
        .map((h) => h.reason);
    expect(
      reasons([
        salary('daily_salary', 'cB1', 'B', 'A', [20]),
        salary('daily_salary', 'cB2', 'B', 'A', [10]),
      ]),
    ).toEqual(['overlapping_contracts', 'overlapping_contracts']);
    expect(reasons([{ ...salary('daily_salary', 'cB1', 'B', 'A', [20]), shortfall: 5n }])).toEqual([
      'positive_carry',
    ]);
    expect(reasons([salary('daily_salary', 'cB1', 'm', 'B', [20])])).toEqual(['not_an_agent']);
    // A contract still waiting for an earlier period holds its chain the same way.
    expect(
      settle({
        type: 'daily_salary',
        tree: wide,
        contracts: ok,
        settings: activeOne,
        figures: f,
        heldEarlier: new Map([['cC', 'D:2026-11-22']]),
      }).held.map((h) => [h.contractId, h.reason]),
    ).toEqual([
      ['cA', 'chain_held'],
      ['cC', 'earlier_period_held'],
    ]);
  });

  it('names the ledger idempotency key after contract and period; floors negative divisions', () => {
    expect(payoutIdempotencyKey('42', 'W:2026-11-23')).toBe('contract:42:W:2026-11-23');
    expect(floorDiv(-17_500_0000n, 10_000n)).toBe(-17_500n);
    expect(floorDiv(-1n, 10_000n)).toBe(-1n);
    expect(floorDiv(-10_001n, 10_000n)).toBe(-2n);
    expect(floorDiv(9_999n, 10_000n)).toBe(0n);
  });
});
