import { DEFAULT_TIME_ZONE, addDays, dayKey } from '@app/shared';

/** yyyy-MM-dd of `now` in the merchant's time zone (decision 024), its business day. */
export function merchantToday(now: Date = new Date(), zone: string = DEFAULT_TIME_ZONE): string {
  return dayKey(now, zone);
}

/** The calendar day `days` before `day` (yyyy-MM-dd). */
export function daysBefore(day: string, days: number): string {
  return addDays(day, -days);
}

/** The last `days` days up to the merchant's today, both ends included. */
export function lastDays(
  days: number,
  now: Date = new Date(),
  zone: string = DEFAULT_TIME_ZONE,
): { from: string; to: string } {
  const to = merchantToday(now, zone);
  return { from: daysBefore(to, days - 1), to };
}
