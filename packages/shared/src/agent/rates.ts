/** Basis points of 100 %: a rate above it is refused before the server is asked. */
export const MAX_RATE_BP = 10_000;

/** A rate in basis points as the percent a form shows: 1250 -> "12.50". */
export function bpToPercent(bp: number): string {
  const whole = Math.floor(bp / 100);
  const cents = String(bp % 100).padStart(2, '0');
  return `${whole}.${cents}`;
}

/**
 * A typed percent (at most two decimals, "12", "12.5", "12,50") as whole basis points, or null
 * when it is not a percent between 0 and 100. Integer arithmetic: "0.29" is 29 bp, not 28.
 */
export function percentToBp(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp > MAX_RATE_BP ? null : bp;
}
