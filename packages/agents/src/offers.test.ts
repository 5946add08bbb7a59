import { describe, expect, it } from 'vitest';
import { checkAccept, checkOffer, contractsEndedByAccepting, type OfferInput } from './offers.js';
import { dividend, realtime, salary, SETTINGS } from './test-fixtures.js';
import { settingsProblems } from './tiers.js';
import type { Contract, TreeNode } from './types.js';

// Top agent T (operator's contract) -> A -> B -> C, A -> M (a member), T -> A2, and U, another top agent.
const TREE: TreeNode[] = [
  { id: 'T', uplineId: null, isAgent: true },
  { id: 'A', uplineId: 'T', isAgent: true },
  { id: 'B', uplineId: 'A', isAgent: true },
  { id: 'C', uplineId: 'B', isAgent: true },
  { id: 'M', uplineId: 'A', isAgent: false },
  { id: 'A2', uplineId: 'T', isAgent: true },
  { id: 'U', uplineId: null, isAgent: true },
];

const own = salary('daily_salary', 'cA', 'A', 'T', [30, 40, 60]);

const offer = (over: Partial<OfferInput>): ReturnType<typeof checkOffer> =>
  checkOffer({
    tree: TREE,
    offererId: 'A',
    targetId: 'B',
    terms: { type: 'daily_salary', ratesBp: [20, 40, 50] },
    offererContract: own,
    settings: SETTINGS,
    ...over,
  });

describe('checkOffer', () => {
  it('accepts an offer to a direct downline agent within the own rate on every tier', () => {
    expect(offer({})).toEqual({ ok: true });
    expect(offer({ terms: { type: 'daily_salary', ratesBp: [30, 40, 60] } })).toEqual({ ok: true });
  });

  it('refuses a rate above the own rate on any tier, naming the tier', () => {
    expect(offer({ terms: { type: 'daily_salary', ratesBp: [20, 41, 50] } })).toEqual({
      ok: false,
      code: 'CONTRACT_RATE_ABOVE_OWN',
      tier: 1,
    });
    expect(offer({ offererContract: null })).toMatchObject({
      ok: false,
      code: 'CONTRACT_RATE_ABOVE_OWN',
    });
    expect(
      offer({ offererContract: salary('hourly_salary', 'h', 'A', 'T', [20, 30]) }),
    ).toMatchObject({
      ok: false,
      code: 'CONTRACT_RATE_ABOVE_OWN',
    });
  });

  it('refuses offers to a non-direct downline, outside the team, to itself, or to a member', () => {
    expect(offer({ targetId: 'C' })).toEqual({ ok: false, code: 'CONTRACT_NOT_DIRECT_DOWNLINE' });
    expect(offer({ targetId: 'U' })).toEqual({ ok: false, code: 'DOWNLINE_NOT_FOUND' });
    expect(offer({ targetId: 'A2' })).toEqual({ ok: false, code: 'DOWNLINE_NOT_FOUND' });
    expect(offer({ targetId: 'nobody' })).toEqual({ ok: false, code: 'DOWNLINE_NOT_FOUND' });
    expect(offer({ targetId: 'A' })).toEqual({ ok: false, code: 'DOWNLINE_NOT_FOUND' });
    expect(offer({ targetId: 'M' })).toEqual({ ok: false, code: 'CONTRACT_NOT_AGENT' });
  });

  it('refuses rates outside the allowed range: above the tier maximum, negative, fractional, missing or extra tiers, lower than the tier below', () => {
    const op = { offererId: null, targetId: 'T', offererContract: null };
    expect(offer({ ...op, terms: { type: 'daily_salary', ratesBp: [30, 50, 80] } })).toEqual({
      ok: true,
    });
    for (const [ratesBp, tier] of [
      [[30, 50, 81], 2],
      [[-1, 50, 80], 0],
      [[30, 50.5, 80], 1],
      [[30, 50], 2],
      [[30, 50, 80, 90], 3],
      [[30, 20, 80], 1],
    ] as const) {
      expect(
        offer({ ...op, terms: { type: 'daily_salary', ratesBp } }),
        JSON.stringify(ratesBp),
      ).toEqual({
        ok: false,
        code: 'CONTRACT_RATE_OUT_OF_RANGE',
        tier,
      });
    }
    expect(
      offer({
        ...op,
        terms: { type: 'realtime_salary', rates: [{ profitRateBp: 10, lossRateBp: 21 }] },
      }),
    ).toEqual({ ok: false, code: 'CONTRACT_RATE_OUT_OF_RANGE', tier: 0 });
    expect(
      offer({
        ...op,
        terms: { type: 'realtime_salary', rates: [{ profitRateBp: 10, lossRateBp: 20 }] },
      }),
    ).toEqual({ ok: true });
  });

  it('lets the operator offer to top-level agents only', () => {
    const op = {
      offererId: null,
      offererContract: null,
      terms: { type: 'daily_salary' as const, ratesBp: [10, 10, 10] },
    };
    expect(offer({ ...op, targetId: 'U' })).toEqual({ ok: true });
    expect(offer({ ...op, targetId: 'A' })).toEqual({
      ok: false,
      code: 'CONTRACT_NOT_DIRECT_DOWNLINE',
    });
  });

  it('checks the dividend period: allowed by the merchant and the same as the offerer’s', () => {
    const settings = { ...SETTINGS, dividendPeriods: ['W', 'M'] as const };
    const mine = dividend('dA', 'A', 'T', [2000, 3000, 4000], { period: 'W' });
    const terms = (period: 'D' | 'W' | 'H' | 'M') => ({
      type: 'dividend' as const,
      period,
      ratesBp: [1500, 2500, 3500],
    });
    expect(offer({ settings, offererContract: mine, terms: terms('W') })).toEqual({ ok: true });
    expect(offer({ settings, offererContract: mine, terms: terms('M') })).toEqual({
      ok: false,
      code: 'CONTRACT_PERIOD_NOT_ALLOWED',
    });
    expect(offer({ settings, offererContract: mine, terms: terms('D') })).toEqual({
      ok: false,
      code: 'CONTRACT_PERIOD_NOT_ALLOWED',
    });
  });

  it('answers FUNCTION_NOT_ENABLED when the merchant has no tiers for the type', () => {
    expect(offer({ settings: { ...SETTINGS, dailySalaryTiers: [] } })).toEqual({
      ok: false,
      code: 'FUNCTION_NOT_ENABLED',
    });
  });
});

describe('conflict rule', () => {
  // A holds 0.3/0.4/0.6 % and gave B 0.2/0.4/0.5 %; B gave C 0.1/0.3/0.5 %.
  const contracts: Contract[] = [
    own,
    salary('daily_salary', 'cB', 'B', 'A', [20, 40, 50]),
    salary('daily_salary', 'cC', 'C', 'B', [10, 30, 50]),
    salary('hourly_salary', 'hB', 'B', 'A', [20, 30]),
    { ...salary('daily_salary', 'old', 'B', 'A', [30, 40, 60]), status: 'terminated' },
  ];

  it('ends nothing when the new contract covers every downline rate', () => {
    const ends = contractsEndedByAccepting({
      tree: TREE,
      agentId: 'A',
      terms: { type: 'daily_salary', ratesBp: [20, 40, 50] },
      contracts,
    });
    expect(ends).toEqual([]);
    expect(
      checkAccept({
        tree: TREE,
        agentId: 'A',
        terms: { type: 'daily_salary', ratesBp: [20, 40, 50] },
        contracts,
        confirmEnds: false,
      }),
    ).toEqual({ ok: true, ends: [] });
  });

  it('ends the downline contract a lower rate no longer covers, and keeps the one below it that still fits', () => {
    // A accepts 0.3/0.4/0.45 %: B's 0.5 % on tier 3 is above it; C's 0.5 % too (compared with A's new
    // contract once B's ends); the hourly contract and the terminated one are not concerned.
    const terms = { type: 'daily_salary' as const, ratesBp: [30, 40, 45] };
    const ends = contractsEndedByAccepting({ tree: TREE, agentId: 'A', terms, contracts });
    expect(ends.map((e) => [e.contract.id, e.reason])).toEqual([
      ['cB', 'upline_rate_lowered'],
      ['cC', 'upline_rate_lowered'],
    ]);
    const lower = { type: 'daily_salary' as const, ratesBp: [15, 40, 50] };
    expect(
      contractsEndedByAccepting({ tree: TREE, agentId: 'A', terms: lower, contracts }).map(
        (e) => e.contract.id,
      ),
    ).toEqual(['cB']);
  });

  it('answers CONTRACT_CONFLICT with the contracts first, and proceeds once confirmed', () => {
    const terms = { type: 'daily_salary' as const, ratesBp: [15, 40, 50] };
    const first = checkAccept({ tree: TREE, agentId: 'A', terms, contracts, confirmEnds: false });
    expect(first).toMatchObject({
      ok: false,
      code: 'CONTRACT_CONFLICT',
      ends: [{ contract: { id: 'cB' } }],
    });
    const confirmed = checkAccept({
      tree: TREE,
      agentId: 'A',
      terms,
      contracts,
      confirmEnds: true,
    });
    expect(confirmed).toMatchObject({ ok: true, ends: [{ contract: { id: 'cB' } }] });
  });

  it('ends downline dividends on another period and pending offers above the new rate', () => {
    const dividends: Contract[] = [
      dividend('dB', 'B', 'A', [1500, 2500, 3500], { period: 'W' }),
      { ...realtime('rB', 'B', 'A', [{ profitRateBp: 8, lossRateBp: 15 }]), status: 'offered' },
    ];
    expect(
      contractsEndedByAccepting({
        tree: TREE,
        agentId: 'A',
        terms: { type: 'dividend', period: 'M', ratesBp: [2000, 3000, 4000] },
        contracts: dividends,
      }).map((e) => [e.contract.id, e.reason]),
    ).toEqual([['dB', 'upline_period_changed']]);
    expect(
      contractsEndedByAccepting({
        tree: TREE,
        agentId: 'A',
        terms: { type: 'realtime_salary', rates: [{ profitRateBp: 10, lossRateBp: 12 }] },
        contracts: dividends,
      }).map((e) => e.contract.id),
    ).toEqual(['rB']);
  });
});

describe('merchant settings', () => {
  it('accepts the decision’s tables and names the problems of broken ones', () => {
    expect(settingsProblems(SETTINGS)).toEqual([]);
    const broken = {
      ...SETTINGS,
      dividendPeriods: [],
      hourlySalaryTiers: [
        { minValidBet: 50_000n, maxRateBp: 30 },
        { minValidBet: 10_000n, maxRateBp: 20 },
      ],
      dailySalaryTiers: [{ minValidBet: 1n, minActiveMembers: 1.5, maxRateBp: 10_001 }],
    };
    expect(settingsProblems(broken)).toEqual([
      'dividendPeriods',
      'dailySalaryTiers.0.rate',
      'dailySalaryTiers.0.threshold',
      'hourlySalaryTiers.1.order',
    ]);
  });
});
