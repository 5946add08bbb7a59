import { DEFAULT_TIME_ZONE, dayKey } from '@app/shared';

/**
 * The date window of the record pages (account record, profit/loss, bonus details). Days are
 * yyyy-MM-dd in the merchant's time zone (Asia/Manila unless set; decision 024), the server's
 * record days; both ends are included.
 *
 * The presets of SPEC section 9 ("previous/next 7 and 30 days") move a window of N days:
 * - The page opens on the last 7 days ending today.
 * - "Previous N days": when the window is already N days long, it moves back by N days (the N
 *   days before it); otherwise it becomes the N days ending on the window's last day (so from the
 *   opening window, "previous 30 days" shows the last 30 days).
 * - "Next N days": when the window is N days long, it moves forward by N days; otherwise it
 *   becomes the N days starting on its first day. It never goes past today: a window that would
 *   is pulled back to end today, and the button is disabled when the window already ends today.
 * - Custom dates set any window of up to MAX_RANGE_DAYS days ending no later than today.
 */

export type DateRange = { from: string; to: string };
export type Preset = 'previous7' | 'next7' | 'previous30' | 'next30';
export const PRESETS: readonly Preset[] = ['previous7', 'next7', 'previous30', 'next30'];

/** As the server allows (MAX_RECORD_RANGE_DAYS in @app/shared). */
export const MAX_RANGE_DAYS = 90;
const DAY_MS = 86_400_000;

function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

function dayText(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return dayText(dayNumber(day) + days);
}

/** Today in the merchant's time zone. */
export function merchantToday(now: Date = new Date(), zone: string = DEFAULT_TIME_ZONE): string {
  return dayKey(now, zone);
}

export function rangeLength(range: DateRange): number {
  return dayNumber(range.to) - dayNumber(range.from) + 1;
}

/** The window the pages open on: the last 7 days ending today. */
export function initialRange(today: string = merchantToday()): DateRange {
  return { from: addDays(today, -6), to: today };
}

function window(from: number, length: number, today: number): DateRange {
  const end = Math.min(from + length - 1, today);
  return { from: dayText(end - length + 1), to: dayText(end) };
}

export function applyPreset(
  range: DateRange,
  preset: Preset,
  today: string = merchantToday(),
): DateRange {
  const length = preset.endsWith('30') ? 30 : 7;
  const from = dayNumber(range.from);
  const to = dayNumber(range.to);
  const same = rangeLength(range) === length;
  const todayN = dayNumber(today);
  if (preset.startsWith('previous')) {
    return window(same ? from - length : to - length + 1, length, todayN);
  }
  return window(same ? from + length : from, length, todayN);
}

/** Whether a "next" preset would change nothing (the window already ends today). */
export function presetDisabled(
  range: DateRange,
  preset: Preset,
  today: string = merchantToday(),
): boolean {
  if (preset.startsWith('previous')) return false;
  const next = applyPreset(range, preset, today);
  return next.from === range.from && next.to === range.to;
}

/** What is wrong with custom dates, or null when they make a window the server accepts. */
export function customRangeProblem(
  range: DateRange,
  today: string = merchantToday(),
): 'missing' | 'reversed' | 'future' | 'tooLong' | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(range.from) || !/^\d{4}-\d{2}-\d{2}$/.test(range.to)) {
    return 'missing';
  }
  if (range.from > range.to) return 'reversed';
  if (range.to > today) return 'future';
  if (rangeLength(range) > MAX_RANGE_DAYS) return 'tooLong';
  return null;
}
