import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isPeriodClosed,
  lastClosedPeriod,
  nextPeriod,
  parsePeriodKey,
  PERIOD_KINDS,
  periodOf,
  periodsToSettle,
  previousPeriod,
} from './period.js';

const MANILA = 480;
const at = (iso: string) => new Date(iso);

describe('periodOf in Asia/Manila (+08:00)', () => {
  const instant = at('2026-11-25T13:07:42.123Z'); // Wednesday 2026-11-25 21:07:42 in Manila

  it.each([
    ['D', 'D:2026-11-25', '2026-11-24T16:00:00.000Z', '2026-11-25T16:00:00.000Z'],
    ['W', 'W:2026-11-23', '2026-11-22T16:00:00.000Z', '2026-11-29T16:00:00.000Z'],
    ['H', 'H:2026-11-16', '2026-11-15T16:00:00.000Z', '2026-11-30T16:00:00.000Z'],
    ['M', 'M:2026-11-01', '2026-10-31T16:00:00.000Z', '2026-11-30T16:00:00.000Z'],
    ['HR', 'HR:2026-11-25T21:00', '2026-11-25T13:00:00.000Z', '2026-11-25T14:00:00.000Z'],
    ['RT', 'RT:2026-11-25T21:05', '2026-11-25T13:05:00.000Z', '2026-11-25T13:10:00.000Z'],
  ] as const)('%s: %s', (kind, key, start, end) => {
    const p = periodOf(kind, instant, MANILA);
    expect(p).toEqual({ kind, key, start: at(start), end: at(end) });
  });

  it('puts local midnight in the new day and the instant before it in the old one', () => {
    expect(periodOf('D', at('2026-11-24T16:00:00.000Z'), MANILA).key).toBe('D:2026-11-25');
    expect(periodOf('D', at('2026-11-24T15:59:59.999Z'), MANILA).key).toBe('D:2026-11-24');
  });

  it('starts weeks on Monday: Sunday night belongs to the week before', () => {
    expect(periodOf('W', at('2026-11-29T15:59:59.999Z'), MANILA).key).toBe('W:2026-11-23');
    expect(periodOf('W', at('2026-11-29T16:00:00.000Z'), MANILA).key).toBe('W:2026-11-30');
  });

  it('splits months on the 15th/16th and ends the second half on the last day', () => {
    expect(periodOf('H', at('2026-11-15T15:59:59.999Z'), MANILA).key).toBe('H:2026-11-01');
    expect(periodOf('H', at('2026-11-15T16:00:00.000Z'), MANILA).key).toBe('H:2026-11-16');
    // February 2027 (28 days), February 2028 (leap year, 29 days), a 31-day month.
    expect(periodOf('H', at('2027-02-20T00:00:00Z'), MANILA).end).toEqual(
      at('2027-02-28T16:00:00Z'),
    );
    expect(periodOf('H', at('2028-02-20T00:00:00Z'), MANILA).end).toEqual(
      at('2028-02-29T16:00:00Z'),
    );
    expect(periodOf('H', at('2026-12-31T15:00:00Z'), MANILA)).toMatchObject({
      key: 'H:2026-12-16',
      end: at('2026-12-31T16:00:00Z'),
    });
  });

  it('knows leap days and month ends', () => {
    expect(periodOf('D', at('2028-02-29T10:00:00Z'), MANILA).key).toBe('D:2028-02-29');
    expect(periodOf('M', at('2028-02-29T10:00:00Z'), MANILA).end).toEqual(
      at('2028-02-29T16:00:00Z'),
    );
    expect(periodOf('M', at('2100-02-28T10:00:00Z'), MANILA).end).toEqual(
      at('2100-02-28T16:00:00Z'),
    );
    expect(periodOf('M', at('2026-12-31T16:00:00Z'), MANILA).key).toBe('M:2027-01-01');
    // A week across the new year keeps its Monday's key.
    expect(periodOf('W', at('2027-01-02T00:00:00Z'), MANILA).key).toBe('W:2026-12-28');
  });
});

describe('GMT offsets', () => {
  const instant = at('2026-11-30T23:30:00Z');

  it('reads the same instant in the merchant offset', () => {
    expect(periodOf('D', instant, 0).key).toBe('D:2026-11-30');
    expect(periodOf('D', instant, MANILA).key).toBe('D:2026-12-01');
    expect(periodOf('M', instant, MANILA).key).toBe('M:2026-12-01');
    expect(periodOf('M', instant, -300).key).toBe('M:2026-11-01');
    expect(periodOf('D', instant, -300).start).toEqual(at('2026-11-30T05:00:00Z'));
    // Half-hour and quarter-hour offsets (India +05:30, Nepal +05:45).
    expect(periodOf('HR', instant, 330).key).toBe('HR:2026-12-01T05:00');
    expect(periodOf('HR', instant, 330).start).toEqual(at('2026-11-30T23:30:00Z'));
    expect(periodOf('RT', instant, 345).key).toBe('RT:2026-12-01T05:15');
    expect(periodOf('D', instant, 840).key).toBe('D:2026-12-01');
    expect(periodOf('D', instant, -720).key).toBe('D:2026-11-30');
  });

  it('refuses offsets outside -12:00..+14:00 or not in whole minutes, and invalid dates', () => {
    expect(() => periodOf('D', instant, 841)).toThrow(RangeError);
    expect(() => periodOf('D', instant, -721)).toThrow(RangeError);
    expect(() => periodOf('D', instant, 1.5)).toThrow(RangeError);
    expect(() => periodOf('D', new Date(NaN), 0)).toThrow(RangeError);
  });
});

describe('closed periods and catching up', () => {
  it('gives the previous period once the current one has started, after the delay', () => {
    const now = at('2026-11-23T16:05:00Z'); // Tuesday 00:05 Manila
    expect(lastClosedPeriod('D', now, MANILA).key).toBe('D:2026-11-23');
    // With a 10-minute settlement delay Monday is not closed yet at 00:05.
    expect(lastClosedPeriod('D', now, MANILA, 10 * 60_000).key).toBe('D:2026-11-22');
    expect(lastClosedPeriod('RT', now, MANILA).key).toBe('RT:2026-11-24T00:00');
    expect(lastClosedPeriod('W', now, MANILA).key).toBe('W:2026-11-16');
    const monday = periodOf('D', at('2026-11-23T04:00:00Z'), MANILA);
    expect(isPeriodClosed(monday, now)).toBe(true);
    expect(isPeriodClosed(monday, now, 10 * 60_000)).toBe(false);
    expect(isPeriodClosed(periodOf('D', now, MANILA), now)).toBe(false);
  });

  it('lists every missed period after downtime, oldest first', () => {
    const lastSettled = parsePeriodKey('HR:2026-11-23T21:00', MANILA)!;
    const now = at('2026-11-23T16:30:00Z'); // 00:30 on the 24th
    expect(periodsToSettle('HR', lastSettled, now, MANILA).map((p) => p.key)).toEqual([
      'HR:2026-11-23T22:00',
      'HR:2026-11-23T23:00',
    ]);
    expect(periodsToSettle('HR', lastSettled, now, MANILA, 0, 1).map((p) => p.key)).toEqual([
      'HR:2026-11-23T22:00',
    ]);
    const upToDate = parsePeriodKey('HR:2026-11-23T23:00', MANILA)!;
    expect(periodsToSettle('HR', upToDate, now, MANILA)).toEqual([]);
    expect(periodsToSettle('HR', null, now, MANILA).map((p) => p.key)).toEqual([
      'HR:2026-11-23T23:00',
    ]);
  });
});

describe('period keys', () => {
  it('parses the keys it writes and refuses keys that are not a period start', () => {
    expect(parsePeriodKey('W:2026-11-23', MANILA)?.start).toEqual(at('2026-11-22T16:00:00Z'));
    expect(parsePeriodKey('H:2026-11-16', MANILA)?.end).toEqual(at('2026-11-30T16:00:00Z'));
    for (const bad of [
      'W:2026-11-24', // not a Monday
      'H:2026-11-10',
      'M:2026-11-02',
      'RT:2026-11-23T10:03',
      'HR:2026-11-23T10:30',
      'D:2026-02-30',
      'D:2026-11-23T10:00',
      'HR:2026-11-23',
      'X:2026-11-23',
      'D:2026-13-01',
      '',
    ]) {
      expect(parsePeriodKey(bad, MANILA), bad).toBeNull();
    }
  });

  const kind = fc.constantFrom(...PERIOD_KINDS);
  const instant = fc.date({
    min: new Date('1990-01-01T00:00:00Z'),
    max: new Date('2200-12-31T00:00:00Z'),
    noInvalidDate: true,
  });
  const offset = fc.integer({ min: -720, max: 840 });

  it('holds the instant, tiles time without gaps and round-trips its key (property)', () => {
    fc.assert(
      fc.property(kind, instant, offset, (k, t, off) => {
        const p = periodOf(k, t, off);
        expect(p.start.getTime()).toBeLessThanOrEqual(t.getTime());
        expect(t.getTime()).toBeLessThan(p.end.getTime());
        expect(nextPeriod(p, off).start).toEqual(p.end);
        expect(previousPeriod(p, off).end).toEqual(p.start);
        expect(periodOf(k, p.start, off)).toEqual(p);
        expect(periodOf(k, new Date(p.end.getTime() - 1), off)).toEqual(p);
        expect(parsePeriodKey(p.key, off)).toEqual(p);
        const days = (p.end.getTime() - p.start.getTime()) / 86_400_000;
        const expectedDays = {
          D: [1],
          W: [7],
          H: [13, 14, 15, 16],
          M: [28, 29, 30, 31],
          HR: [1 / 24],
          RT: [1 / 288],
        }[k];
        expect(expectedDays).toContain(days);
      }),
      { numRuns: 2000 },
    );
  });

  it('two instants in one period share its key (the idempotency key) and others do not', () => {
    fc.assert(
      fc.property(kind, instant, instant, offset, (k, a, b, off) => {
        const pa = periodOf(k, a, off);
        const pb = periodOf(k, b, off);
        const same = pa.start.getTime() <= b.getTime() && b.getTime() < pa.end.getTime();
        expect(pa.key === pb.key).toBe(same);
      }),
      { numRuns: 2000 },
    );
  });
});
