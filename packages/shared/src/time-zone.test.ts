import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  TimeZoneName,
  dayKey,
  dayStart,
  fromWallClock,
  isTimeZone,
  offsetMinutes,
  startOfDayKey,
  wallClock,
  zonedRange,
} from './time-zone.js';

const at = (iso: string) => new Date(iso);

describe('Asia/Manila, the default zone (UTC+8 all year)', () => {
  it('starts a day at 16:00 UTC the day before', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Asia/Manila');
    expect(dayKey(at('2026-11-24T15:59:59.999Z'), 'Asia/Manila')).toBe('2026-11-24');
    expect(dayKey(at('2026-11-24T16:00:00.000Z'), 'Asia/Manila')).toBe('2026-11-25');
    expect(dayStart(at('2026-11-25T15:59:59.999Z'), 'Asia/Manila')).toEqual(
      at('2026-11-24T16:00:00Z'),
    );
    expect(dayStart(at('2026-11-24T16:00:00Z'), 'Asia/Manila')).toEqual(at('2026-11-24T16:00:00Z'));
    expect(startOfDayKey('2026-11-25', 'Asia/Manila')).toEqual(at('2026-11-24T16:00:00Z'));
    expect(offsetMinutes(at('2026-06-01T00:00:00Z'), 'Asia/Manila')).toBe(480);
  });

  it('gives a range of whole days, both ends included, across a month and a year', () => {
    expect(zonedRange('2026-12-31', '2027-01-01', 'Asia/Manila')).toEqual({
      start: at('2026-12-30T16:00:00Z'),
      end: at('2027-01-01T16:00:00Z'),
    });
  });
});

describe('America/New_York across its daylight saving changes', () => {
  it('has a 23-hour day when clocks go forward and a 25-hour day when they go back', () => {
    // 2026-03-08: 02:00 EST becomes 03:00 EDT; 2026-11-01: 02:00 EDT becomes 01:00 EST.
    const spring = zonedRange('2026-03-08', '2026-03-08', 'America/New_York');
    expect(spring).toEqual({ start: at('2026-03-08T05:00:00Z'), end: at('2026-03-09T04:00:00Z') });
    const autumn = zonedRange('2026-11-01', '2026-11-01', 'America/New_York');
    expect(autumn).toEqual({ start: at('2026-11-01T04:00:00Z'), end: at('2026-11-02T05:00:00Z') });
    expect(offsetMinutes(at('2026-03-08T06:59:59Z'), 'America/New_York')).toBe(-300);
    expect(offsetMinutes(at('2026-03-08T07:00:00Z'), 'America/New_York')).toBe(-240);
  });

  it('reads the day and its start on either side of the change', () => {
    expect(dayKey(at('2026-03-09T03:59:59Z'), 'America/New_York')).toBe('2026-03-08');
    expect(dayKey(at('2026-03-09T04:00:00Z'), 'America/New_York')).toBe('2026-03-09');
    expect(dayStart(at('2026-03-08T20:00:00Z'), 'America/New_York')).toEqual(
      at('2026-03-08T05:00:00Z'),
    );
    expect(dayStart(at('2026-11-02T04:30:00Z'), 'America/New_York')).toEqual(
      at('2026-11-01T04:00:00Z'),
    );
  });

  it('turns a wall clock into the instant and back', () => {
    const instant = at('2026-07-04T16:30:00Z');
    const wall = wallClock(instant, 'America/New_York');
    expect(new Date(wall).toISOString()).toBe('2026-07-04T12:30:00.000Z');
    expect(fromWallClock(wall, 'America/New_York')).toEqual(instant);
  });
});

describe('time zone names', () => {
  it('accepts IANA names the runtime knows and refuses anything else', () => {
    for (const zone of ['Asia/Manila', 'Asia/Ho_Chi_Minh', 'America/New_York', 'UTC']) {
      expect(isTimeZone(zone), zone).toBe(true);
      expect(TimeZoneName.safeParse(zone).success, zone).toBe(true);
    }
    for (const zone of ['', 'Mars/Olympus_Mons', 'Asia/Manila; drop table', "Asia/Manila'"]) {
      expect(isTimeZone(zone), zone).toBe(false);
      expect(TimeZoneName.safeParse(zone).success, zone).toBe(false);
    }
  });
});
