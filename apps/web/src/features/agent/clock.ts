/**
 * The agent centre header's time (SPEC section 2): the browser's offset from GMT and a clock
 * that ticks every second.
 */

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The browser's offset at `date`, e.g. "GMT+08:00" in Manila, "GMT-03:30" in Newfoundland. */
export function gmtOffset(date: Date): string {
  // getTimezoneOffset is minutes to add to local time to reach UTC: UTC+8 answers -480.
  const minutes = -date.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `GMT${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Local time as the header shows it: yyyy-MM-dd HH:mm:ss. */
export function clockText(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export const CLOCK_INTERVAL_MS = 1_000;

/** Calls `onTick` with the time every second; the returned function stops it. */
export function startClock(onTick: (now: Date) => void): () => void {
  const timer = setInterval(() => onTick(new Date()), CLOCK_INTERVAL_MS);
  return () => clearInterval(timer);
}
