// The money helpers alone: the shared index would pull zod into this module's tests.
import { formatDisplayAmount, parseAmount } from '@app/shared/money';

const AMOUNT_TEXT = /^\d{1,16}(\.\d{1,2})?$/;

/**
 * What is wrong with an amount the member typed for a channel with these limits: not a positive
 * amount with at most two decimals (`invalid`), outside the limits (`range`), or nothing (null).
 */
export function amountProblem(text: string, min: string, max: string): 'invalid' | 'range' | null {
  const trimmed = text.trim();
  if (!AMOUNT_TEXT.test(trimmed)) return 'invalid';
  const amount = parseAmount(trimmed);
  if (amount === null || amount <= 0n) return 'invalid';
  const low = parseAmount(min);
  const high = parseAmount(max);
  if ((low !== null && amount < low) || (high !== null && amount > high)) return 'range';
  return null;
}

/** The usual amounts (in whole pesos) offered as chips, kept to those within the limits. */
const QUICK_AMOUNTS = [100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000];

export function quickAmounts(min: string, max: string): number[] {
  const low = parseAmount(min) ?? 0n;
  const high = parseAmount(max) ?? 0n;
  return QUICK_AMOUNTS.filter((pesos) => {
    const minor = BigInt(pesos) * 100n;
    return minor >= low && minor <= high;
  }).slice(0, 6);
}

/** An API amount as the page shows it: currency symbol, thousands separators, 2 decimals. */
export function displayAmount(text: string, symbol = ''): string {
  const minor = parseAmount(text);
  return minor === null ? text : `${symbol}${formatDisplayAmount(minor)}`;
}
