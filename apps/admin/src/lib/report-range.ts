const manilaDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Manila',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** yyyy-MM-dd of `now` in Manila, the platform's business day. */
export function manilaToday(now: Date = new Date()): string {
  return manilaDay.format(now);
}

/** The calendar day `days` before `day` (yyyy-MM-dd). */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** The last `days` days up to today, both ends included. */
export function lastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const to = manilaToday(now);
  return { from: daysBefore(to, days - 1), to };
}
