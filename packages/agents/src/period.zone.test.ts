import { describe, expect, it } from 'vitest';
import { parsePeriodKey, periodOf, periodsToSettle } from './period.js';

const at = (iso: string) => new Date(iso);

describe('settlement periods in a named time zone', () => {
  it('gives Asia/Manila the periods of +08:00', () => {
    for (const kind of ['D', 'W', 'H', 'M', 'HR', 'RT'] as const) {
      const instant = at('2026-11-25T13:07:42.123Z');
      expect(periodOf(kind, instant, 'Asia/Manila')).toEqual(periodOf(kind, instant, 480));
    }
  });

  it('has 23- and 25-hour days in America/New_York across daylight saving changes', () => {
    const spring = parsePeriodKey('D:2026-03-08', 'America/New_York')!;
    expect(spring).toMatchObject({
      start: at('2026-03-08T05:00:00Z'),
      end: at('2026-03-09T04:00:00Z'),
    });
    const autumn = periodOf('D', at('2026-11-01T12:00:00Z'), 'America/New_York');
    expect(autumn).toMatchObject({
      key: 'D:2026-11-01',
      start: at('2026-11-01T04:00:00Z'),
      end: at('2026-11-02T05:00:00Z'),
    });
    // The days settle one after the other, without a gap or an overlap at the change.
    const due = periodsToSettle(
      'D',
      parsePeriodKey('D:2026-03-06', 'America/New_York'),
      at('2026-03-10T12:00:00Z'),
      'America/New_York',
    );
    expect(due.map((p) => p.key)).toEqual(['D:2026-03-07', 'D:2026-03-08', 'D:2026-03-09']);
    for (let i = 1; i < due.length; i += 1) expect(due[i]!.start).toEqual(due[i - 1]!.end);
  });

  it('takes the day of a merchant in Asia/Ho_Chi_Minh (UTC+7) from 17:00 UTC', () => {
    expect(periodOf('D', at('2026-11-24T16:59:59Z'), 'Asia/Ho_Chi_Minh').key).toBe('D:2026-11-24');
    expect(periodOf('D', at('2026-11-24T17:00:00Z'), 'Asia/Ho_Chi_Minh').key).toBe('D:2026-11-25');
  });
});
