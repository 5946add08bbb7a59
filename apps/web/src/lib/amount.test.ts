import { describe, expect, it } from 'vitest';
import { amountProblem, quickAmounts } from './amount';

describe('amountProblem', () => {
  it('accepts amounts within the limits with up to two decimals', () => {
    expect(amountProblem('100', '100.00', '50000.00')).toBeNull();
    expect(amountProblem(' 250.5 ', '100.00', '50000.00')).toBeNull();
    expect(amountProblem('50000.00', '100.00', '50000.00')).toBeNull();
  });

  it('refuses what the server would refuse', () => {
    for (const bad of ['', '0', '0.00', '-5', '1e3', 'NaN', '10.001', '1,000', '.5', 'abc']) {
      expect(amountProblem(bad, '1.00', '50000.00'), bad).toBe('invalid');
    }
    expect(amountProblem('99.99', '100.00', '50000.00')).toBe('range');
    expect(amountProblem('50000.01', '100.00', '50000.00')).toBe('range');
  });
});

describe('quickAmounts', () => {
  it('offers only amounts within the limits', () => {
    expect(quickAmounts('100.00', '5000.00')).toEqual([100, 200, 500, 1000, 2000, 5000]);
    expect(quickAmounts('250.50', '1500.00')).toEqual([500, 1000]);
  });
});
