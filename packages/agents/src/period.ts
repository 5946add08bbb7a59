import { fromWallClock, wallClock } from '@app/shared';
import type { PeriodKind } from './types.js';

/**
 * Settlement periods in the merchant's local time (decision 024): its time zone, an IANA name
 * (`Asia/Manila`, `America/New_York`: a day across a daylight saving change is 23 or 25 hours),
 * or a fixed offset from GMT in minutes (480 is +08:00). D is a calendar day, W Monday to Sunday, H the 1st to the 15th and the 16th
 * to the month's end, M a calendar month, HR a clock hour, RT a 5-minute slot (:00, :05, ...).
 *
 * A period is [start, end): it holds every instant from its start up to, not including, its end.
 * Its key is its local start (`D:2026-11-23`, `W:2026-11-23`, `H:2026-11-16`, `M:2026-11-01`,
 * `HR:2026-11-23T21:00`, `RT:2026-11-23T10:05`), so `contract:<id>:<key>` is an idempotency key.
 */
export interface Period {
  kind: PeriodKind;
  key: string;
  start: Date;
  end: Date;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const SLOT_MS = 5 * MINUTE_MS;

/** GMT offsets in use run from -12:00 to +14:00. */
export const MIN_GMT_OFFSET_MINUTES = -12 * 60;
export const MAX_GMT_OFFSET_MINUTES = 14 * 60;

export const PERIOD_KINDS: readonly PeriodKind[] = ['D', 'W', 'H', 'M', 'HR', 'RT'];

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** The merchant's clock: an IANA time zone name, or a fixed offset from GMT in minutes. */
export type PeriodZone = string | number;

/** The zone as the time zone helper takes it: a name, or a fixed offset written `+08:00`. */
function zoneName(zone: PeriodZone): string {
  if (typeof zone === 'string') return zone;
  if (!Number.isInteger(zone) || zone < MIN_GMT_OFFSET_MINUTES || zone > MAX_GMT_OFFSET_MINUTES) {
    throw new RangeError(`GMT offset out of range: ${zone} minutes`);
  }
  const abs = Math.abs(zone);
  return `${zone < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

function checkInstant(at: Date): number {
  const t = at.getTime();
  if (!Number.isFinite(t)) throw new RangeError('Invalid date');
  return t;
}

/** Local start and end (as UTC-based milliseconds of the local wall clock) of the period at `local`. */
function localBounds(kind: PeriodKind, local: number): [number, number] {
  const d = new Date(local);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const day = d.getUTCDate();
  switch (kind) {
    case 'RT': {
      const start = Math.floor(local / SLOT_MS) * SLOT_MS;
      return [start, start + SLOT_MS];
    }
    case 'HR': {
      const start = Math.floor(local / HOUR_MS) * HOUR_MS;
      return [start, start + HOUR_MS];
    }
    case 'D': {
      const start = Date.UTC(y, m, day);
      return [start, start + DAY_MS];
    }
    case 'W': {
      // getUTCDay: 0 Sunday ... 6 Saturday; weeks start on Monday.
      const start = Date.UTC(y, m, day) - ((d.getUTCDay() + 6) % 7) * DAY_MS;
      return [start, start + 7 * DAY_MS];
    }
    case 'H':
      return day <= 15
        ? [Date.UTC(y, m, 1), Date.UTC(y, m, 16)]
        : [Date.UTC(y, m, 16), Date.UTC(y, m + 1, 1)];
    case 'M':
      return [Date.UTC(y, m, 1), Date.UTC(y, m + 1, 1)];
  }
}

function formatKey(kind: PeriodKind, localStart: number): string {
  const d = new Date(localStart);
  const date = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  if (kind === 'HR' || kind === 'RT') {
    return `${kind}:${date}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  }
  return `${kind}:${date}`;
}

function build(kind: PeriodKind, local: number, zone: string): Period {
  const [start, end] = localBounds(kind, local);
  return {
    kind,
    key: formatKey(kind, start),
    start: fromWallClock(start, zone),
    end: fromWallClock(end, zone),
  };
}

/** The period of `kind` that holds the instant `at`, on the merchant's clock `zone`. */
export function periodOf(kind: PeriodKind, at: Date, zone: PeriodZone): Period {
  const name = zoneName(zone);
  checkInstant(at);
  return build(kind, wallClock(at, name), name);
}

/** The period just before `period` (same kind). */
export function previousPeriod(period: Period, zone: PeriodZone): Period {
  return periodOf(period.kind, new Date(period.start.getTime() - 1), zone);
}

/** The period just after `period` (same kind). */
export function nextPeriod(period: Period, zone: PeriodZone): Period {
  return periodOf(period.kind, period.end, zone);
}

/**
 * Whether `period` may be settled at `now`: it has ended and the settlement delay (late vendor
 * rounds) has passed since.
 */
export function isPeriodClosed(period: Period, now: Date, delayMs = 0): boolean {
  return period.end.getTime() + delayMs <= checkInstant(now);
}

/** The latest period of `kind` that is closed at `now` (settlement delay included). */
export function lastClosedPeriod(
  kind: PeriodKind,
  now: Date,
  zone: PeriodZone,
  delayMs = 0,
): Period {
  if (!Number.isInteger(delayMs) || delayMs < 0) throw new RangeError('Invalid delay');
  const current = periodOf(kind, new Date(checkInstant(now) - delayMs), zone);
  return previousPeriod(current, zone);
}

/**
 * The closed periods still to settle after `lastSettled` (catching up after downtime), oldest
 * first, at most `limit`. With no `lastSettled`, only the last closed period.
 */
export function periodsToSettle(
  kind: PeriodKind,
  lastSettled: Period | null,
  now: Date,
  zone: PeriodZone,
  delayMs = 0,
  limit = 1000,
): Period[] {
  const last = lastClosedPeriod(kind, now, zone, delayMs);
  if (lastSettled === null) return [last];
  if (lastSettled.kind !== kind) throw new RangeError('Period kind mismatch');
  const out: Period[] = [];
  let p = nextPeriod(lastSettled, zone);
  while (p.start.getTime() <= last.start.getTime() && out.length < limit) {
    out.push(p);
    p = nextPeriod(p, zone);
  }
  return out;
}

const KEY_PATTERN = /^(D|W|H|M|HR|RT):(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

/**
 * The period a key names, or null when the key is malformed or not the start of a period of its
 * kind (`W:` not on a Monday, `H:` not on the 1st or 16th, `RT:` not on a 5-minute mark...).
 */
export function parsePeriodKey(key: string, zone: PeriodZone): Period | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const kind = match[1] as PeriodKind;
  const timed = kind === 'HR' || kind === 'RT';
  if (timed !== (match[5] !== undefined)) return null;
  const [y, mo, d, h, mi] = [2, 3, 4, 5, 6].map((i) => Number(match[i] ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return null;
  const local = Date.UTC(y, mo - 1, d, h, mi);
  const period = build(kind, local, zoneName(zone));
  return period.key === key ? period : null;
}
