const DAY_MS = 24 * 60 * 60 * 1000;
/** Asia/Manila is UTC+8 all year (no daylight saving). */
const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The start (as an instant) of the Asia/Manila calendar day that holds `now`: daily limits. */
export function manilaDayStart(now: Date = new Date()): Date {
  const local = now.getTime() + MANILA_OFFSET_MS;
  return new Date(local - (local % DAY_MS) - MANILA_OFFSET_MS);
}
