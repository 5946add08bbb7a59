import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  TimeZoneName,
  dayKey,
  dayStart,
  fromWallClock,
  fromWallClockInput,
  isTimeZone,
  offsetMinutes,
  startOfDayKey,
  wallClock,
  wallClockInput,
  zoneLabel,
  zonedDayBounds,
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

describe("the back office's day pickers and times", () => {
  it('sends Manila days as the instants of their midnights, both days included', () => {
    expect(zonedDayBounds('2026-11-24', '2026-11-25', 'Asia/Manila')).toEqual({
      from: '2026-11-23T16:00:00.000Z',
      to: '2026-11-25T16:00:00.000Z',
    });
    // An end left empty stays open; no zone is Asia/Manila, never the browser's own.
    expect(zonedDayBounds('2026-11-24', '')).toEqual({ from: '2026-11-23T16:00:00.000Z' });
    expect(zonedDayBounds(undefined, '2026-12-31')).toEqual({ to: '2026-12-31T16:00:00.000Z' });
    expect(zonedDayBounds('', undefined)).toEqual({});
  });

  it('sends New York days across both changes as 23- and 25-hour days', () => {
    // 2026-03-08 starts at 05:00 UTC (EST) and 2026-03-09 at 04:00 UTC (EDT).
    expect(zonedDayBounds('2026-03-08', '2026-03-08', 'America/New_York')).toEqual({
      from: '2026-03-08T05:00:00.000Z',
      to: '2026-03-09T04:00:00.000Z',
    });
    expect(zonedDayBounds('2026-03-07', '2026-03-09', 'America/New_York')).toEqual({
      from: '2026-03-07T05:00:00.000Z',
      to: '2026-03-10T04:00:00.000Z',
    });
    expect(zonedDayBounds('2026-11-01', '2026-11-01', 'America/New_York')).toEqual({
      from: '2026-11-01T04:00:00.000Z',
      to: '2026-11-02T05:00:00.000Z',
    });
    expect(() => zonedDayBounds('soon', undefined, 'America/New_York')).toThrow();
  });

  it('names the zone with its offset at the time', () => {
    expect(zoneLabel('Asia/Manila', at('2026-11-24T00:00:00Z'))).toBe('Asia/Manila (GMT+8)');
    expect(zoneLabel('America/New_York', at('2026-01-15T00:00:00Z'))).toBe(
      'America/New_York (GMT-5)',
    );
    expect(zoneLabel('America/New_York', at('2026-07-15T00:00:00Z'))).toBe(
      'America/New_York (GMT-4)',
    );
    expect(zoneLabel('Asia/Kolkata', at('2026-07-15T00:00:00Z'))).toBe('Asia/Kolkata (GMT+5:30)');
  });

  it("reads and writes a scheduling field on the merchant's wall clock", () => {
    expect(wallClockInput(at('2026-03-01T00:30:00Z'), 'Asia/Manila')).toBe('2026-03-01T08:30');
    expect(fromWallClockInput('2026-03-01T08:30', 'Asia/Manila')).toEqual(
      at('2026-03-01T00:30:00Z'),
    );
    // New York's 01:30 on 2026-11-01 happens twice; 12:00 in July is EDT.
    expect(fromWallClockInput('2026-07-04T12:00', 'America/New_York')).toEqual(
      at('2026-07-04T16:00:00Z'),
    );
    expect(wallClockInput(at('2026-03-08T07:30:00Z'), 'America/New_York')).toBe('2026-03-08T03:30');
    expect(fromWallClockInput('', 'Asia/Manila')).toBeNull();
    expect(fromWallClockInput('soon', 'Asia/Manila')).toBeNull();
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
