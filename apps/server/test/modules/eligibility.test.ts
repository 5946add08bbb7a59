import { describe, expect, it } from 'vitest';
import { isOldEnough, normalizeName } from '../../src/modules/eligibility/eligibility.service.js';

describe('21+ rule', () => {
  const today = new Date(Date.UTC(2026, 10, 22));

  it.each([
    ['2005-11-22', true],
    ['2005-11-23', false],
    ['1960-01-01', true],
    ['2010-05-05', false],
  ])('born %s is old enough on 2026-11-22: %s', (birthday, expected) => {
    expect(isOldEnough(birthday, today)).toBe(expected);
  });

  it('turns 21 on the 1st of March in a common year when born on the 29th of February', () => {
    expect(isOldEnough('2004-02-29', new Date(Date.UTC(2025, 1, 28)))).toBe(false);
    expect(isOldEnough('2004-02-29', new Date(Date.UTC(2025, 2, 1)))).toBe(true);
  });

  it.each(['2001-02-30', '2001-13-01', '01-01-2001', 'yesterday', ''])(
    'refuses the impossible date %j',
    (birthday) => {
      expect(isOldEnough(birthday, today)).toBe(false);
    },
  );
});

describe('restricted-person names', () => {
  it('compares names without case or extra spaces', () => {
    expect(normalizeName('  juan   dela Cruz ')).toBe('JUAN DELA CRUZ');
  });
});
