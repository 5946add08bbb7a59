import { describe, expect, it } from 'vitest';
import { daysBefore, lastDays, merchantToday } from './report-range';

describe('report ranges', () => {
  it('takes the day in Manila, which starts 8 hours before UTC', () => {
    expect(merchantToday(new Date('2026-03-01T15:59:59Z'))).toBe('2026-03-01');
    expect(merchantToday(new Date('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
  });

  it("takes the day in the scoped merchant's zone when it is another one", () => {
    // 03:59 UTC on 9 March is still the 8th in New York (EDT, UTC-4, since 07:00 UTC on the 8th).
    expect(merchantToday(new Date('2026-03-09T03:59:59Z'), 'America/New_York')).toBe('2026-03-08');
    expect(merchantToday(new Date('2026-03-09T04:00:00Z'), 'America/New_York')).toBe('2026-03-09');
  });

  it('counts back across month and leap days', () => {
    expect(daysBefore('2024-03-01', 1)).toBe('2024-02-29');
    expect(daysBefore('2026-01-03', 5)).toBe('2025-12-29');
  });

  it('includes today in the last seven days', () => {
    expect(lastDays(7, new Date('2026-03-10T04:00:00Z'))).toEqual({
      from: '2026-03-04',
      to: '2026-03-10',
    });
    // At 02:00 UTC on the 10th it is still the 9th in New York.
    expect(lastDays(7, new Date('2026-03-10T02:00:00Z'), 'America/New_York')).toEqual({
      from: '2026-03-03',
      to: '2026-03-09',
    });
  });
});
