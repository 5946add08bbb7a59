import { describe, expect, it } from 'vitest';
import { checkFieldRule, passwordStrength, type FieldRule } from './validation.js';

describe('password strength', () => {
  it.each([
    ['Abcdef1!xyz12', 3],
    ['Abcdef1!xy', 2],
    ['Abcdef1!x', 1],
    ['abcdefghijklmnop1!', 1],
    ['ABCDEFGHIJKLMN1a', 1],
  ] as const)('rates %j as %i', (password, expected) => {
    expect(passwordStrength(password)).toBe(expected);
  });
});

describe('register field rules', () => {
  const rule: FieldRule = {
    field: 'username',
    enabled: true,
    required: true,
    acceptedPattern: '[A-Za-z][A-Za-z0-9]*',
    patternId: 'STARTS_WITH_LETTER',
    minLength: 6,
    maxLength: 16,
  };

  it('accepts a value matching the pattern within the length bounds', () => {
    expect(checkFieldRule(rule, 'juan2026')).toEqual({ valid: true });
  });

  it('names why a value fails', () => {
    expect(checkFieldRule(rule, '')).toMatchObject({ reason: 'required' });
    expect(checkFieldRule(rule, 'juan')).toMatchObject({ reason: 'length' });
    expect(checkFieldRule(rule, 'juan_2026')).toMatchObject({ reason: 'pattern' });
    expect(checkFieldRule(rule, 'a'.repeat(17))).toMatchObject({ reason: 'length' });
  });

  it('treats * as any value and skips optional empty or disabled fields', () => {
    expect(checkFieldRule({ ...rule, acceptedPattern: '*' }, 'juan 2026!')).toEqual({
      valid: true,
    });
    expect(checkFieldRule({ ...rule, required: false }, '')).toEqual({ valid: true });
    expect(checkFieldRule({ ...rule, enabled: false }, '!')).toEqual({ valid: true });
  });

  it('matches the whole value, not a part of it', () => {
    expect(checkFieldRule({ ...rule, acceptedPattern: '\\d+' }, '123456abc')).toMatchObject({
      reason: 'pattern',
    });
  });
});
