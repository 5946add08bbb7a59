import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatDisplayAmount, parseAmount } from './money.js';

describe('money', () => {
  it('parses member-API amounts into centavos', () => {
    expect(parseAmount('1234.50')).toBe(123450n);
    expect(parseAmount('1234.5')).toBe(123450n);
    expect(parseAmount('7')).toBe(700n);
    expect(parseAmount('0.01')).toBe(1n);
  });

  it.each(['-1', '1.234', '1e3', 'NaN', '', ' 1', '01', '1.', '.5', '0x10', 'Infinity'])(
    'rejects the malformed amount %j',
    (text) => {
      expect(parseAmount(text)).toBeNull();
    },
  );

  it('formats centavos with two places and display separators', () => {
    expect(formatAmount(-1205n)).toBe('-12.05');
    expect(formatDisplayAmount(123456780n)).toBe('1,234,567.80');
    expect(formatDisplayAmount(-100n)).toBe('-1.00');
  });

  it('round-trips every non-negative amount exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 17n }), (minor) => {
        expect(parseAmount(formatAmount(minor))).toBe(minor);
      }),
    );
  });
});
