import { describe, expect, it } from 'vitest';
import { ApiError, fieldIssues } from './api-error';
import { queryString } from './http-client';

describe('fieldIssues', () => {
  it('names schema and service issues by their field', () => {
    const error = new ApiError('VALIDATION_ERROR', 'x', 400, {
      issues: [
        { path: 'body/names/EN', message: 'Too small' },
        { path: '/maxAmount', message: 'max_below_min' },
      ],
    });
    expect(fieldIssues(error)).toEqual({ 'names.EN': 'Too small', maxAmount: 'max_below_min' });
  });

  it('has nothing for other errors', () => {
    expect(fieldIssues(new ApiError('FORBIDDEN', 'x', 403))).toEqual({});
    expect(fieldIssues(new Error('x'))).toEqual({});
  });
});

describe('queryString', () => {
  it('leaves out unset filters', () => {
    expect(queryString({ page: 1, status: undefined, q: '' })).toBe('?page=1');
    expect(queryString({})).toBe('');
  });
});
