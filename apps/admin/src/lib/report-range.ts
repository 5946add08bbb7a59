import { DEFAULT_TIME_ZONE, dayKey } from '@app/shared';

/** yyyy-MM-dd of `now` in the merchant's time zone (decision 024), its business day. */
export function merchantToday(now: Date = new Date(), zone: string = DEFAULT_TIME_ZONE): string {
  return dayKey(now, zone);
}

/** The calendar day `days` before `day` (yyyy-MM-dd). */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** The last `days` days up to today, both ends included. */
export function lastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const to = merchantToday(now);
  return { from: daysBefore(to, days - 1), to };
}
