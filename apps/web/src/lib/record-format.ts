import type { RecordCategory } from '@app/shared';
import { RECORD_CATEGORIES } from '@app/shared/record-categories';
import { displayAmount } from './amount';

/**
 * A signed API amount ("-1234.50") as the record pages show it: sign, currency symbol,
 * thousands separators, two decimals ("-₱1,234.50").
 */
export function signedAmount(text: string, symbol: string): string {
  const negative = text.startsWith('-');
  const shown = displayAmount(negative ? text.slice(1) : text, symbol);
  return negative && amountSign(text) !== 'zero' ? `-${shown}` : shown;
}

/** Whether an API amount is below zero, above it, or zero. */
export function amountSign(text: string): 'negative' | 'positive' | 'zero' {
  if (/^-?0+\.00$/.test(text)) return 'zero';
  return text.startsWith('-') ? 'negative' : 'positive';
}

/**
 * The record categories a type filter offers, in their order (the member's records and the
 * agent's team transactions): the zod-free list of @app/shared, so the filter loads no schema.
 */
export const RECORD_CATEGORY_CHOICES: readonly RecordCategory[] = RECORD_CATEGORIES;
