import { describe, expect, it } from 'vitest';
import { contractInForce, contractTiers } from './contracts.js';
import { parsePeriodKey } from './period.js';
import { settle } from './settlement.js';
import { dividend, figures, php, realtime, salary, SETTINGS } from './test-fixtures.js';
import { isActiveMember } from './tiers.js';
import type { Contract } from './types.js';

const MANILA = 480;
const week = parsePeriodKey('W:2026-11-23', MANILA)!; // 2026-11-22T16:00Z .. 2026-11-29T16:00Z
const day = parsePeriodKey('D:2026-11-25', MANILA)!; // 2026-11-24T16:00Z .. 2026-11-25T16:00Z

const at = (iso: string) => new Date(iso);
const withDates = (
  c: Contract,
  acceptedAt: string | null,
  endedAt: string | null = null,
): Contract => ({
  ...c,
  status: endedAt ? 'terminated' : acceptedAt ? 'active' : 'offered',
  acceptedAt: acceptedAt ? at(acceptedAt) : null,
  endedAt: endedAt ? at(endedAt) : null,
});

describe('contractInForce', () => {
  const div = dividend('d', 'A', null, [2000]);
  const daily = salary('daily_salary', 's', 'A', null, [30]);

  it('settles a W/H/M dividend only when it was in force at the period’s end', () => {
    expect(contractInForce(withDates(div, '2026-11-01T00:00:00Z'), week)).toBe(true);
    // Accepted mid-week: in force at the end, settled for the week.
    expect(contractInForce(withDates(div, '2026-11-27T00:00:00Z'), week)).toBe(true);
    // Terminated mid-week: forfeits the week; terminated exactly at the end: settled.
    expect(
      contractInForce(withDates(div, '2026-11-01T00:00:00Z', '2026-11-27T00:00:00Z'), week),
    ).toBe(false);
    expect(
      contractInForce(withDates(div, '2026-11-01T00:00:00Z', '2026-11-29T16:00:00Z'), week),
    ).toBe(true);
    // Accepted after the week, or never accepted.
    expect(contractInForce(withDates(div, '2026-11-29T16:00:00Z'), week)).toBe(false);
    expect(contractInForce(withDates(div, null), week)).toBe(false);
    expect(contractInForce({ ...withDates(div, null), status: 'rejected' }, week)).toBe(false);
  });

  it('settles a daily contract for a day it was in force at any time', () => {
    expect(
      contractInForce(withDates(daily, '2026-11-01T00:00:00Z', '2026-11-25T03:00:00Z'), day),
    ).toBe(true);
    expect(contractInForce(withDates(daily, '2026-11-25T15:00:00Z'), day)).toBe(true);
    expect(
      contractInForce(withDates(daily, '2026-11-01T00:00:00Z', '2026-11-24T16:00:00Z'), day),
    ).toBe(false);
    expect(contractInForce(withDates(daily, '2026-11-25T16:00:00Z'), day)).toBe(false);
  });
});

describe('contractTiers', () => {
  it('shows each tier with the SPEC fields: thresholds from the merchant, rates from the contract', () => {
    expect(contractTiers(dividend('d', 'A', null, [1500, 2500, 3500]), SETTINGS)[1]).toEqual({
      periodValidBet: php('500000'),
      periodProfitAndLoss: 0n,
      activeMembers: 15,
      rateBp: 2500,
    });
    expect(
      contractTiers(salary('daily_salary', 's', 'A', null, [20, 40, 60]), SETTINGS)[2],
    ).toEqual({
      dailyBetAmount: php('1000000'),
      activeMembers: 25,
      rateBp: 60,
    });
    expect(contractTiers(salary('hourly_salary', 'h', 'A', null, [20]), SETTINGS)).toEqual([
      { betAmountPerHour: php('10000'), rateBp: 20 },
      { betAmountPerHour: php('50000'), rateBp: 20 },
    ]);
    expect(
      contractTiers(realtime('r', 'A', null, [{ profitRateBp: 5, lossRateBp: 10 }]), SETTINGS),
    ).toEqual([{ singleBetAmount: php('100'), profitRateBp: 5, lossRateBp: 10 }]);
  });
});

describe('isActiveMember', () => {
  const settings = { activeMinValidBet: php('500'), activeMinDeposit: null };

  it('needs the minimum valid bet and, when set, one deposit of at least the minimum', () => {
    expect(isActiveMember(figures({ validBet: php('500') }), settings)).toBe(true);
    expect(isActiveMember(figures({ validBet: php('499.99') }), settings)).toBe(false);
    const withDeposit = { ...settings, activeMinDeposit: php('100') };
    // Two deposits of 60.00 make 120.00 but no single deposit of 100.00.
    expect(
      isActiveMember(
        figures({ validBet: php('800'), deposits: php('120'), largestDeposit: php('60') }),
        withDeposit,
      ),
    ).toBe(false);
    expect(
      isActiveMember(
        figures({ validBet: php('800'), deposits: php('100'), largestDeposit: php('100') }),
        withDeposit,
      ),
    ).toBe(true);
  });

  it('takes the caller’s flag when it gives one, and the settlement counts it', () => {
    expect(isActiveMember(figures({ validBet: 0n, active: true }), settings)).toBe(true);
    expect(isActiveMember(figures({ validBet: php('9000'), active: false }), settings)).toBe(false);
    const tree = [
      { id: 'A', uplineId: null, isAgent: true },
      { id: 'm1', uplineId: 'A', isAgent: false },
      { id: 'm2', uplineId: 'A', isAgent: false },
      { id: 'm3', uplineId: 'A', isAgent: false },
    ];
    const run = (active: boolean | undefined) =>
      settle({
        type: 'daily_salary',
        tree,
        figures: new Map(
          ['m1', 'm2', 'm3'].map((id) => [id, figures({ validBet: php('20000'), active })]),
        ),
        settings: SETTINGS,
        contracts: [salary('daily_salary', 'c', 'A', null, [30, 50, 80])],
      }).payouts[0]!;
    // 60,000.00 and 3 active: tier 1 at 0.3 % = 180.00; not active: no tier.
    expect(run(undefined)).toMatchObject({
      tier: 0,
      amount: php('180'),
      team: { activeMembers: 3 },
    });
    expect(run(false)).toMatchObject({ tier: null, amount: 0n, team: { activeMembers: 0 } });
  });
});
