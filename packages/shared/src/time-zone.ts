import { TZDate, tzOffset } from '@date-fns/tz';
import { z } from 'zod';

/**
 * The merchant's time zone (issue 19, decision 024): the one place that turns an instant into the
 * merchant's calendar day or wall clock and back. Every day boundary of the platform (daily
 * limits, record and report days, settlement periods) goes through these functions with the
 * merchant's `time_zone` setting, an IANA name; the arithmetic is @date-fns/tz's (the runtime's
 * Intl time zone data), so a zone with daylight saving time gets 23- and 25-hour days. A zone
 * left out (undefined) is the default, never the runtime's own local zone.
 */

/** The zone of a merchant that has not set one: the Philippines, UTC+8 all year. */
export const DEFAULT_TIME_ZONE = 'Asia/Manila';

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A fixed offset written as a zone (`+08:00`, `-05:30`): no zone data needed, nor Intl's. */
const FIXED_OFFSET = /^([+-])(\d{2}):(\d{2})$/;

function fixedOffset(zone: string): number | null {
  const match = FIXED_OFFSET.exec(zone);
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** Whether `name` is a time zone the runtime knows (an IANA name such as `Asia/Manila`). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A merchant's time zone setting as written by an operator: an IANA name the runtime knows. */
export const TimeZoneName = z.string().max(64).refine(isTimeZone, { message: 'invalid_time_zone' });

/** Minutes the zone's clock is ahead of UTC at `instant` (480 in Manila, -300 or -240 in New York). */
export function offsetMinutes(instant: Date, zone: string = DEFAULT_TIME_ZONE): number {
  const minutes = fixedOffset(zone) ?? tzOffset(zone, instant);
  if (!Number.isFinite(minutes)) throw new RangeError(`Unknown time zone: ${zone}`);
  return minutes;
}

/**
 * The zone's wall clock at `instant`, as milliseconds read in UTC: `new Date(wallClock(...))`
 * answers the local year, month, day, hour and minute through its getUTC* methods.
 */
export function wallClock(instant: Date, zone: string = DEFAULT_TIME_ZONE): number {
  return instant.getTime() + offsetMinutes(instant, zone) * 60_000;
}

/** The instant at which the zone's wall clock reads `wall` (milliseconds read in UTC). */
export function fromWallClock(wall: number, zone: string = DEFAULT_TIME_ZONE): Date {
  const fixed = fixedOffset(zone);
  if (fixed !== null) return new Date(wall - fixed * 60_000);
  const d = new Date(wall);
  const local = new TZDate(
    d.getUTCFullYear(),
    d.getUTCMonth(),
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
    zone,
  );
  return new Date(local.getTime());
}

/** The calendar day (yyyy-MM-dd) in the zone that holds `instant`. */
export function dayKey(instant: Date, zone: string = DEFAULT_TIME_ZONE): string {
  return new Date(wallClock(instant, zone)).toISOString().slice(0, 10);
}

/** The instant the zone's calendar day `day` (yyyy-MM-dd) starts, at 00:00 local time. */
export function startOfDayKey(day: string, zone: string = DEFAULT_TIME_ZONE): Date {
  const match = DAY_PATTERN.exec(day);
  if (!match) throw new Error(`not a day: ${day}`);
  return fromWallClock(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])), zone);
}

/** The start of the zone's calendar day that holds `instant` (daily limits count from it). */
export function dayStart(instant: Date, zone: string = DEFAULT_TIME_ZONE): Date {
  const wall = wallClock(instant, zone);
  return fromWallClock(wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS), zone);
}

/** The instants [start, end) of the zone's days `from` to `to`, both included. */
export function zonedRange(
  from: string,
  to: string,
  zone: string = DEFAULT_TIME_ZONE,
): { start: Date; end: Date } {
  return { start: startOfDayKey(from, zone), end: startOfDayKey(dayAfter(to), zone) };
}

/** The calendar day after `day` (yyyy-MM-dd): a calendar step, the same in every zone. */
function dayAfter(day: string): string {
  return new Date(startOfDayKey(day, 'UTC').getTime() + DAY_MS).toISOString().slice(0, 10);
}

/**
 * A filter's days as the instants of a list that is filtered by time (`[from, to)`, ISO): `from`
 * the start of its day in the zone, `to` the start of the day after its day, so both days are
 * included. An empty or absent end stays open (left out). The back office's day pickers (audit
 * log, vendor transfers) send their days so; an invalid day throws.
 */
export function zonedDayBounds(
  from: string | undefined,
  to: string | undefined,
  zone: string = DEFAULT_TIME_ZONE,
): { from?: string; to?: string } {
  return {
    ...(from ? { from: startOfDayKey(from, zone).toISOString() } : {}),
    ...(to ? { to: startOfDayKey(dayAfter(to), zone).toISOString() } : {}),
  };
}

/** The zone as a person reads it, with its offset at `at`: `Asia/Manila (GMT+8)`. */
export function zoneLabel(zone: string = DEFAULT_TIME_ZONE, at: Date = new Date()): string {
  const offset = offsetMinutes(at, zone);
  const abs = Math.abs(offset);
  const minutes = abs % 60 === 0 ? '' : `:${String(abs % 60).padStart(2, '0')}`;
  return `${zone} (GMT${offset < 0 ? '-' : '+'}${Math.floor(abs / 60)}${minutes})`;
}

/**
 * The zone's wall clock at an instant as `datetime-local` input text (`2026-03-01T08:30`), and
 * back: the back office's scheduling fields are the merchant's local time, not the browser's.
 */
export function wallClockInput(instant: Date, zone: string = DEFAULT_TIME_ZONE): string {
  return new Date(wallClock(instant, zone)).toISOString().slice(0, 16);
}

/** The instant of `datetime-local` text read as the zone's wall clock; null when not a time. */
export function fromWallClockInput(text: string, zone: string = DEFAULT_TIME_ZONE): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return null;
  const wall = Date.parse(`${text}Z`);
  return Number.isNaN(wall) ? null : fromWallClock(wall, zone);
}
