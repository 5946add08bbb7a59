// The money helpers alone: the shared index would pull zod into this module's tests.
import { formatDisplayAmount, parseAmount } from '@app/shared/money';

/**
 * A signed API amount ("-1234.50") as the record pages show it: sign, currency symbol,
 * thousands separators, two decimals ("-₱1,234.50").
 */
export function signedAmount(text: string, symbol: string): string {
  const negative = text.startsWith('-');
  const minor = parseAmount(negative ? text.slice(1) : text);
  if (minor === null) return text;
  return `${negative && minor > 0n ? '-' : ''}${symbol}${formatDisplayAmount(minor)}`;
}

/** Whether an API amount is below zero, above it, or zero. */
export function amountSign(text: string): 'negative' | 'positive' | 'zero' {
  if (/^-?0+\.00$/.test(text)) return 'zero';
  return text.startsWith('-') ? 'negative' : 'positive';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd HH:mm:ss (SPEC section 9 time format) in the visitor's time zone. */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
