import { displayAmount } from '@/lib/amount';

const AMOUNT = /^-?\d+\.\d{2}$/;

/**
 * The details of a refusal ready for a message: amounts ("1234.50", the server's form) as the
 * page shows them ("₱1,234.50"), anything else as it came.
 */
export function errorFigures(
  value: Readonly<Record<string, unknown>>,
  currencySymbol: string,
): Record<string, unknown> {
  const figures: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    figures[name] =
      typeof item === 'string' && AMOUNT.test(item) ? displayAmount(item, currencySymbol) : item;
  }
  return figures;
}

const ACCOUNT_NUMBER = /^[A-Za-z0-9-]{4,34}$/;

/** Whether a payout account number has the form the server takes (4 to 34 letters, digits, -). */
export function isAccountNumber(text: string): boolean {
  return ACCOUNT_NUMBER.test(text.trim());
}
