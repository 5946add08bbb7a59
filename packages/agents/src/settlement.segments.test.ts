import { describe, expect, it } from 'vitest';
import { settle, splitPeriod, type SettlementSegment } from './settlement.js';
import { dividend, figures, php, realtime, salary, SETTINGS } from './test-fixtures.js';
import type { Contract, MemberFigures, TreeNode } from './types.js';

// Decision 014, "Several contracts in one period": the period is cut at every acceptance and end
// inside it; the tier is the agent's whole period, each contract earns on its own segments.

const DAY = { start: new Date('2026-11-23T16:00:00Z'), end: new Date('2026-11-24T16:00:00Z') };
const NOON = new Date('2026-11-24T04:00:00Z');
const until = (c: Contract, end: Date): Contract => ({ ...c, status: 'terminated', endedAt: end });
const from = (c: Contract, start: Date): Contract => ({ ...c, acceptedAt: start });

const tree: TreeNode[] = [
  { id: 'A', uplineId: null, isAgent: true },
  { id: 'B', uplineId: 'A', isAgent: true },
];
const members = (prefix: string, upline: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${i}`).map((id) => {
    tree.push({ id, uplineId: upline, isAgent: false });
    return id;
  });
const bMembers = members('b', 'B', 12);
const aMembers = members('a', 'A', 20);

function segmentsOf(
  contracts: Contract[],
  morning: Map<string, MemberFigures>,
  afternoon: Map<string, MemberFigures>,
) {
  return splitPeriod(DAY, contracts).map((p): SettlementSegment => ({
    ...p,
    figures: p.start < NOON ? morning : afternoon,
  }));
}
const each = (ids: string[], f: MemberFigures) => ids.map((id) => [id, f] as const);
// B's 12 members bet 10,000.00 each in the morning and again in the afternoon; A's 20 direct
// members bet 40,000.00 each in the morning.
const morning = new Map([
  ...each(bMembers, figures({ validBet: php('10000') })),
  ...each(aMembers, figures({ validBet: php('40000') })),
]);
const afternoon = new Map(each(bMembers, figures({ validBet: php('10000') })));

describe('daily salary with two contracts of one agent in one day', () => {
  it("B replaced at noon: each of B's contracts earns on its half, A subtracts both", () => {
    const contracts = [
      salary('daily_salary', 'cA', 'A', null, [30, 50, 80]),
      until(salary('daily_salary', 'cB1', 'B', 'A', [20, 40, 60]), NOON),
      from(salary('daily_salary', 'cB2', 'B', 'A', [10, 30, 50]), NOON),
    ];
    const r = settle({
      type: 'daily_salary',
      tree,
      contracts,
      settings: SETTINGS,
      segments: segmentsOf(contracts, morning, afternoon),
    });
    const paid = Object.fromEntries(r.payouts.map((p) => [p.contractId, p.amount]));
    // B's day: 240,000.00, 12 active: tier 2 for both of B's contracts.
    // cB1: 0.4 % x 120,000.00 (morning) = 480.00; cB2: 0.3 % x 120,000.00 = 360.00.
    // A's day: 240,000.00 + 800,000.00 = 1,040,000.00, 32 active: tier 3, 0.8 % = 8,320.00,
    // less 480.00 and 360.00 = 7,480.00. The chain pays 8,320.00.
    expect(paid).toEqual({ cB1: 48_000n, cB2: 36_000n, cA: 748_000n });
    expect(r.payouts.find((p) => p.contractId === 'cA')!.downlineGrossE4).toBe(84_000n * 10_000n);
    expect(r.held).toEqual([]);
  });

  it("A re-offered at noon: B's share is subtracted from the contract of A in force at each half", () => {
    const contracts = [
      until(salary('daily_salary', 'cA1', 'A', null, [30, 50, 80]), NOON),
      from(salary('daily_salary', 'cA2', 'A', null, [30, 50, 70]), NOON),
      salary('daily_salary', 'cB', 'B', 'A', [20, 40, 60]),
    ];
    const r = settle({
      type: 'daily_salary',
      tree,
      contracts,
      settings: SETTINGS,
      segments: segmentsOf(contracts, morning, afternoon),
    });
    const paid = Object.fromEntries(r.payouts.map((p) => [p.contractId, p.amount]));
    // cB: 0.4 % x 240,000.00 = 960.00.
    // cA1 (morning): 0.8 % x 920,000.00 = 7,360.00 - 0.4 % x 120,000.00 (480.00) = 6,880.00.
    // cA2 (afternoon): 0.7 % x 120,000.00 = 840.00 - 480.00 = 360.00. Chain: 8,200.00.
    expect(paid).toEqual({ cA1: 688_000n, cA2: 36_000n, cB: 96_000n });
  });
});

describe('real-time salary and daily dividend with a replacement inside the period', () => {
  it('each bet earns the rates of the contract in force when its round closed', () => {
    const SLOT = { start: new Date('2026-11-24T02:05:00Z'), end: new Date('2026-11-24T02:10:00Z') };
    const cut = new Date('2026-11-24T02:07:00Z');
    const contracts = [
      realtime('rA', 'A', null, [{ profitRateBp: 10, lossRateBp: 20 }]),
      until(realtime('rB1', 'B', 'A', [{ profitRateBp: 5, lossRateBp: 10 }]), cut),
      from(realtime('rB2', 'B', 'A', [{ profitRateBp: 8, lossRateBp: 15 }]), cut),
    ];
    const [early, late] = splitPeriod(SLOT, contracts);
    const r = settle({
      type: 'realtime_salary',
      tree,
      contracts,
      settings: SETTINGS,
      segments: [
        { ...early!, bets: [{ id: '1', memberId: 'b0', stake: php('1000'), payout: 0n }] },
        { ...late!, bets: [{ id: '2', memberId: 'b1', stake: php('2000'), payout: php('4000') }] },
      ],
    });
    const paid = Object.fromEntries(r.payouts.map((p) => [p.contractId, p.amount]));
    // rB1: loss 0.10 % x 1,000.00 = 1.00; rB2: profit 0.08 % x 2,000.00 = 1.60;
    // rA: 0.20 % x 1,000.00 + 0.10 % x 2,000.00 = 4.00 - 1.00 - 1.60 = 1.40.
    expect(paid).toEqual({ rB1: 100n, rB2: 160n, rA: 140n });
  });

  it('a daily dividend: each contract its own carry', () => {
    // B's 12 members: NGR 20,000.00 in the morning, 30,000.00 in the afternoon, 50,000.00 bet each.
    const m = new Map(each(bMembers, figures({ validBet: php('25000'), ggr: php('20000') / 12n })));
    const a = new Map(each(bMembers, figures({ validBet: php('25000'), ggr: php('30000') / 12n })));
    const contracts = [
      dividend('dA', 'A', null, [2000, 3000, 4000], { period: 'D' }),
      until(
        dividend('dB1', 'B', 'A', [1500, 2500, 3500], { period: 'D', carry: php('-10000') }),
        NOON,
      ),
      from(dividend('dB2', 'B', 'A', [1500, 2500, 3500], { period: 'D' }), NOON),
    ];
    const r = settle({
      type: 'dividend',
      tree,
      contracts,
      settings: SETTINGS,
      segments: segmentsOf(contracts, m, a),
    });
    const by = Object.fromEntries(r.payouts.map((p) => [p.contractId, p]));
    // 12 x 1,666.66 = 19,999.92 morning NGR; 12 x 2,500.00 = 30,000.00 afternoon; 600,000.00 bet,
    // 12 active: tier 1 (tier 2 needs 15 active members).
    // dB1: 15 % x (19,999.92 - 10,000.00) = 1,499.98 (carry cleared); dB2: 15 % x 30,000.00 =
    // 4,500.00; dA: 20 % x 49,999.92 = 9,999.98 - 1,499.988 - 4,500.00 = 3,999.996 -> 3,999.99.
    expect(by.dB1).toMatchObject({ amount: 149_998n, carryOut: 0n, carryIn: php('-10000') });
    expect(by.dB2).toMatchObject({ amount: 450_000n, carryOut: 0n });
    expect(by.dA!.amount).toBe(399_999n);
  });
});
