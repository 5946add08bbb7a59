import { describe, expect, it } from 'vitest';
import { errorFigures, isAccountNumber } from './figures';

describe('errorFigures', () => {
  it('shows amounts with the currency symbol and separators, other details as sent', () => {
    expect(errorFigures({ remaining: '1234.50', limit: 5, status: 'paid' }, '₱')).toEqual({
      remaining: '₱1,234.50',
      limit: 5,
      status: 'paid',
    });
    expect(errorFigures({ min: '100.00', max: '50000.00' }, '')).toEqual({
      min: '100.00',
      max: '50,000.00',
    });
  });
});

describe('isAccountNumber', () => {
  it('takes what the server takes', () => {
    for (const good of ['0917', '09171234567', ' 001-234-567 ', 'AB12CD34']) {
      expect(isAccountNumber(good), good).toBe(true);
    }
    for (const bad of ['', '123', '0917 123 4567', '0917_123', 'x'.repeat(35)]) {
      expect(isAccountNumber(bad), bad).toBe(false);
    }
  });
});
