import { describe, expect, it } from 'vitest';
import { bpToPercent, ContractOfferRequest, percentToBp } from '@app/shared';
import { AdminContractSettings } from '@app/shared';
import {
  offerRequestOf,
  ratesText,
  settingsDraftOf,
  settingsRequestOf,
  tierTerms,
} from './contract-forms';

describe('percent and basis points', () => {
  it('reads what an operator types as whole basis points', () => {
    expect(percentToBp('0.30')).toBe(30);
    expect(percentToBp('20')).toBe(2_000);
    expect(percentToBp('1,5')).toBe(150);
    expect(percentToBp('100')).toBe(10_000);
    for (const bad of ['', '0.305', '-1', '100.01', 'abc']) expect(percentToBp(bad)).toBeNull();
  });

  it('shows basis points as a percent with two places', () => {
    expect(bpToPercent(30)).toBe('0.30');
    expect(ratesText({ ratesBp: [30, 50, 80], rates: null })).toBe('0.30 / 0.50 / 0.80 %');
    expect(ratesText({ ratesBp: null, rates: [{ profitRateBp: 10, lossRateBp: 20 }] })).toBe(
      '0.10+0.20 %',
    );
  });

  it('builds the offer per tier, profit and loss for real-time salary', () => {
    const draft = { username: ' ann ', period: 'W' as const, rates: ['0.3', '0.5'], losses: [] };
    expect(offerRequestOf({ ...draft, type: 'daily_salary' }, 2)).toEqual({
      username: 'ann',
      type: 'daily_salary',
      ratesBp: [30, 50],
    });
    expect(offerRequestOf({ ...draft, type: 'dividend' }, 1)).toMatchObject({ period: 'W' });
    const realtime = { ...draft, type: 'realtime_salary' as const, losses: ['0.20'] };
    expect(offerRequestOf(realtime, 1).rates).toEqual([{ profitRateBp: 30, lossRateBp: 20 }]);
  });

  it('leaves a rate that is not a percent for the schema to refuse', () => {
    const draft = { username: 'ann', type: 'daily_salary' as const, period: 'W' as const };
    const offer = offerRequestOf({ ...draft, rates: ['x'], losses: [] }, 2);
    expect(ContractOfferRequest.safeParse(offer).success).toBe(false);
  });
});

const settings: AdminContractSettings = {
  activeMinValidBet: '500.00',
  activeMinDeposit: null,
  dividendPeriods: ['W'],
  dividendTiers: [
    { minValidBet: '100000.00', minActiveMembers: 5, minNgr: '0.00', maxRateBp: 2000 },
  ],
  dailySalaryTiers: [
    { minValidBet: '50000.00', minActiveMembers: 3, maxRateBp: 30 },
    { minValidBet: '200000.00', minActiveMembers: 10, maxRateBp: 50 },
    { minValidBet: '1000000.00', minActiveMembers: 25, maxRateBp: 80 },
  ],
  hourlySalaryTiers: [],
  realtimeSalaryTiers: [{ minSingleBet: '100.00', maxProfitRateBp: 10, maxLossRateBp: 20 }],
};
describe('the settings form', () => {
  it('shows rates as percents and sends back what it was given', () => {
    const draft = settingsDraftOf(settings);
    expect(draft.dailySalaryTiers[0]).toEqual({
      minValidBet: '50000.00',
      minActiveMembers: '3',
      maxRateBp: '0.30',
    });
    expect(settingsRequestOf(draft)).toEqual(settings);
  });

  it('leaves a rate that is not a percent for the schema to refuse', () => {
    const draft = settingsDraftOf(settings);
    draft.hourlySalaryTiers = [{ minValidBet: '10.00', maxRateBp: '0.305' }];
    expect(AdminContractSettings.safeParse(settingsRequestOf(draft)).success).toBe(false);
  });
});

describe('tier terms of a contract', () => {
  it("pairs each rate with the merchant's thresholds; a newer tier pays the last rate", () => {
    const terms = tierTerms({ type: 'daily_salary', ratesBp: [30, 45], rates: null }, settings);
    expect(terms.map((t) => [t.tier, t.minBet, t.minActiveMembers, t.rateBp])).toEqual([
      [1, '50000.00', 3, 30],
      [2, '200000.00', 10, 45],
      [3, '1000000.00', 25, 45],
    ]);
  });

  it('gives real-time salary its profit and loss rates per single bet amount', () => {
    const [tier] = tierTerms(
      { type: 'realtime_salary', ratesBp: null, rates: [{ profitRateBp: 5, lossRateBp: 10 }] },
      settings,
    );
    expect(tier).toMatchObject({ minBet: '100.00', profitRateBp: 5, lossRateBp: 10, rateBp: null });
  });
});
