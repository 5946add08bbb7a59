import { describe, expect, it } from 'vitest';
import {
  entryMatches,
  identityFacts,
  isOldEnough,
  normalizeIdNumber,
  normalizeName,
} from '../../src/modules/eligibility/eligibility.service.js';

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

  it('drops diacritics and punctuation: one form for the list and every fact', () => {
    expect(normalizeName('José  Peña')).toBe('JOSE PENA');
    expect(normalizeName("Ma. Cristina O'Neil-Santos")).toBe('MA CRISTINA O NEIL SANTOS');
    expect(normalizeIdNumber(' 1234-5678 ab ')).toBe('12345678AB');
  });
});

describe('the restricted-person matcher', () => {
  const facts = identityFacts([
    { fullName: 'Juan Dela Cruz', birthday: '1980-01-02', idNumber: 'ph-123 456' },
    { fullName: 'Juan D. Cruz', birthday: '1980-02-01' },
  ]);
  const entry = (fullName: string, birthday: string | null, idNumber: string | null = null) => ({
    fullName,
    birthday,
    idNumber,
  });

  it('matches any held name with any held birthday, or an entry without one', () => {
    expect(entryMatches(facts, entry('JUAN D CRUZ', '1980-01-02'))).toEqual({
      by: 'name_birthday',
    });
    expect(entryMatches(facts, entry('JUAN DELA CRUZ', '1980-02-01'))).toEqual({
      by: 'name_birthday',
    });
    expect(entryMatches(facts, entry('JUAN DELA CRUZ', null))).toEqual({ by: 'name' });
    expect(entryMatches(facts, entry('JUAN DELA CRUZ', '1999-09-09'))).toBeNull();
    expect(entryMatches(facts, entry('PEDRO CRUZ', '1980-01-02'))).toBeNull();
  });

  it('matches the ID number whatever its punctuation, whatever the name', () => {
    expect(entryMatches(facts, entry('SOMEONE ELSE', '1999-09-09', 'PH123456'))).toEqual({
      by: 'id_number',
    });
    expect(entryMatches(facts, entry('SOMEONE ELSE', null, 'PH123457'))).toBeNull();
  });

  it('a name without any known birthday matches on the name', () => {
    expect(
      entryMatches(
        identityFacts({ fullName: 'juan dela cruz' }),
        entry('JUAN DELA CRUZ', '1980-01-02'),
      ),
    ).toEqual({ by: 'name' });
  });
});
