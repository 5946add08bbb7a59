import type { ContractView } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { bpToPercent, percentToBp } from '@app/shared';
import { contractTierRates, tierMaxBp } from './contract-rates';

describe('rate percent and basis points', () => {
  it('shows basis points as a percent with two decimals', () => {
    expect(bpToPercent(0)).toBe('0.00');
    expect(bpToPercent(5)).toBe('0.05');
    expect(bpToPercent(1250)).toBe('12.50');
    expect(bpToPercent(10_000)).toBe('100.00');
  });

  it('reads typed percents exactly, without floating point drift', () => {
    expect(percentToBp('12')).toBe(1200);
    expect(percentToBp('12.5')).toBe(1250);
    expect(percentToBp(' 0.29 ')).toBe(29);
    expect(percentToBp('1,05')).toBe(105);
    expect(percentToBp('100')).toBe(10_000);
    expect(percentToBp('7.')).toBe(700);
  });

  it('refuses what is not a percent from 0 to 100 with at most two decimals', () => {
    for (const text of ['', 'abc', '-1', '1.234', '100.01', '1e2', '.5']) {
      expect(percentToBp(text)).toBeNull();
    }
  });

  it('round-trips every basis point value', () => {
    for (let bp = 0; bp <= 10_000; bp += 7) expect(percentToBp(bpToPercent(bp))).toBe(bp);
  });
});

describe('offer limits and shown rates', () => {
  const own = {
    ratesBp: [300, 800],
    rates: null,
  } as unknown as ContractView;

  it('caps a tier at the lower of the merchant maximum and the own rate', () => {
    expect(tierMaxBp({ rateBp: 500 }, own, 0, 'rate')).toBe(300);
    expect(tierMaxBp({ rateBp: 500 }, own, 1, 'rate')).toBe(500);
    expect(tierMaxBp({ rateBp: 500 }, null, 0, 'rate')).toBe(500);
  });

  it('lists a real-time tier as profit and loss rates', () => {
    const realtime = {
      ratesBp: null,
      rates: [{ profitRateBp: 150, lossRateBp: 75 }],
    } as unknown as ContractView;
    expect(contractTierRates(realtime, 0)).toEqual(['1.50', '0.75']);
    expect(contractTierRates(own, 1)).toEqual(['8.00']);
    expect(contractTierRates(own, 5)).toEqual([]);
  });
});
