import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@app/client';
import { errorText, issueText } from './error-text';

vi.mock('./i18n', () => ({ apiLanguage: () => 'TL' }));

// Echoes the key and its options, so the test sees which text was chosen.
const t = ((key: string, options?: Record<string, unknown>) =>
  options && 'count' in options ? `${key}:${String(options.count)}` : key) as unknown as TFunction;

describe('errorText', () => {
  it("uses the shared text of the server's code in the operator's language", () => {
    expect(errorText(t, new ApiError('INVALID_CREDENTIALS', 'x', 401))).toBe(
      'Mali ang username o password.',
    );
  });

  it('adds when to try again to a lock that says so, in whole minutes', () => {
    const locked = new ApiError('ACCOUNT_LOCKED', 'x', 423, { retryAfterSeconds: 61 });
    expect(errorText(t, locked)).toMatch(/ errors\.retryIn:2$/);
  });

  it('has its own text for an unreachable server and a general one for the unexpected', () => {
    expect(errorText(t, new ApiError('NETWORK_ERROR', 'x', 0))).toBe('errors.network');
    expect(errorText(t, new Error('boom'))).toBe('May nangyaring mali. Pakisubukang muli.');
  });
});

describe('issueText', () => {
  it('translates named issues and turns validator sentences into the general one', () => {
    expect(issueText(t, 'max_below_min')).toBe('issues.max_below_min');
    expect(issueText(t, 'Too small: expected string to have >=1 characters')).toBe(
      'issues.invalid',
    );
    expect(issueText(t, undefined)).toBeUndefined();
  });
});
