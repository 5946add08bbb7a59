import { describe, expect, it } from 'vitest';
import { amountSign, signedAmount } from './record-format';

describe('record amounts', () => {
  it('shows sign, symbol, separators and two decimals', () => {
    expect(signedAmount('-1234567.50', '₱')).toBe('-₱1,234,567.50');
    expect(signedAmount('1000.00', '₱')).toBe('₱1,000.00');
    expect(signedAmount('-0.00', '₱')).toBe('₱0.00');
    expect(amountSign('-0.05')).toBe('negative');
    expect(amountSign('0.00')).toBe('zero');
    expect(amountSign('12.00')).toBe('positive');
  });
});
