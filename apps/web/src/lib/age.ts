/** The minimum age to register and play (SPEC section 9). */
export const MINIMUM_AGE = 21;

/** Whether a yyyy-MM-dd birthday is at least 21 years ago today. */
export function isOldEnough(birthday: string, today = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const turns21 = new Date(year + MINIMUM_AGE, month - 1, day);
  return turns21 <= today;
}
