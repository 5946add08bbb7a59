import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockText, gmtOffset, startClock } from './clock';

function dateWithOffset(timezoneOffset: number): Date {
  const date = new Date(Date.UTC(2026, 10, 25, 12, 0, 0));
  vi.spyOn(date, 'getTimezoneOffset').mockReturnValue(timezoneOffset);
  return date;
}

describe('agent centre header time', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows the browser offset from GMT with sign, hours and minutes', () => {
    expect(gmtOffset(dateWithOffset(-480))).toBe('GMT+08:00');
    expect(gmtOffset(dateWithOffset(0))).toBe('GMT+00:00');
    expect(gmtOffset(dateWithOffset(210))).toBe('GMT-03:30');
    expect(gmtOffset(dateWithOffset(-345))).toBe('GMT+05:45');
  });

  it('shows local time as yyyy-MM-dd HH:mm:ss', () => {
    expect(clockText(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
    expect(clockText(new Date(2026, 11, 31, 23, 59, 59))).toBe('2026-12-31 23:59:59');
  });

  it('ticks every second with the current time and stops when cleaned up', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 25, 8, 0, 0));
    const shown: string[] = [];
    const stop = startClock((now) => shown.push(clockText(now)));

    vi.advanceTimersByTime(999);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(2_001);
    expect(shown).toEqual(['2026-11-25 08:00:01', '2026-11-25 08:00:02', '2026-11-25 08:00:03']);

    stop();
    vi.advanceTimersByTime(10_000);
    expect(shown).toHaveLength(3);
  });
});
