/** How long ago an alert was first seen, in the largest whole unit: minutes, hours or days. */
export function ageOf(
  since: string,
  now: Date,
): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(since)) / 60_000));
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  if (minutes < 48 * 60) return { unit: 'hours', count: Math.floor(minutes / 60) };
  return { unit: 'days', count: Math.floor(minutes / (24 * 60)) };
}

/** A basis-point rate as a percent with two decimals: 15 -> "0.15 %". */
export function percentOf(bp: number | null): string {
  return bp === null ? '-' : `${(bp / 100).toFixed(2)} %`;
}
