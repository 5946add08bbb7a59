import { describe, expect, it } from 'vitest';
import { bpToPercent, percentToBp } from '@app/shared';
import { offerRates, ratesText } from './contract-forms';

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

  it('builds the offer rates per tier, profit and loss for real-time salary', () => {
    expect(offerRates('daily_salary', ['0.3', '0.5'], [])).toEqual({
      ratesBp: [30, 50],
      rates: null,
    });
    expect(offerRates('realtime_salary', ['0.10'], ['0.20'])).toEqual({
      ratesBp: null,
      rates: [{ profitRateBp: 10, lossRateBp: 20 }],
    });
    expect(offerRates('realtime_salary', ['0.10'], [])).toBeNull();
    expect(offerRates('dividend', ['x'], [])).toBeNull();
  });
});
