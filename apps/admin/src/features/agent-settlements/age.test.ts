import { describe, expect, it } from 'vitest';
import { ageOf, percentOf } from './age';

describe('alert age and rates', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  it('counts minutes, then hours up to two days, then days', () => {
    expect(ageOf('2026-11-27T11:59:30Z', now)).toEqual({ unit: 'minutes', count: 0 });
    expect(ageOf('2026-11-27T11:15:00Z', now)).toEqual({ unit: 'minutes', count: 45 });
    expect(ageOf('2026-11-26T09:00:00Z', now)).toEqual({ unit: 'hours', count: 27 });
    expect(ageOf('2026-11-20T12:00:00Z', now)).toEqual({ unit: 'days', count: 7 });
  });
  it('shows basis points as percent', () => {
    expect(percentOf(15)).toBe('0.15 %');
    expect(percentOf(2500)).toBe('25.00 %');
    expect(percentOf(null)).toBe('-');
  });
});
