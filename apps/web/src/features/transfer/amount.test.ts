import { describe, expect, it } from 'vitest';
import { isPaymentPassword } from '@/lib/payment-password';
import { isValidPair, transferAmountProblem } from './amount';

describe('transfer amount check', () => {
  it('refuses what the server would refuse', () => {
    for (const text of ['', ' ', '0', '0.00', '-1', 'abc', '1e3', '1.234', '1,000', 'NaN']) {
      expect(transferAmountProblem(text, {}), text).toBe('invalid');
    }
  });

  it('keeps amounts within the limits and the balance', () => {
    const limits = { min: '1.00', max: '500.00', balance: '120.50' };
    expect(transferAmountProblem('0.99', limits)).toBe('range');
    expect(transferAmountProblem('500.01', limits)).toBe('range');
    expect(transferAmountProblem('120.51', limits)).toBe('balance');
    expect(transferAmountProblem('120.5', limits)).toBeNull();
    expect(transferAmountProblem(' 1 ', limits)).toBeNull();
  });

  it('asks for six digits of payment password and a main-wallet pair', () => {
    expect(isPaymentPassword('123456')).toBe(true);
    expect(isPaymentPassword('12345')).toBe(false);
    expect(isPaymentPassword('12345a')).toBe(false);
    expect(isValidPair('main', 'EVO')).toBe(true);
    expect(isValidPair('EVO', 'main')).toBe(true);
    expect(isValidPair('main', 'main')).toBe(false);
    expect(isValidPair('EVO', 'SEXY')).toBe(false);
  });
});
