// The money helpers alone: the shared index would pull zod into this module's tests.
import { parseAmount } from '@app/shared/money';
import { amountProblem } from '@/lib/amount';

export type AmountCheck = 'invalid' | 'range' | 'balance' | null;

/**
 * What is wrong with a typed transfer amount: not a positive amount with at most 2 decimals,
 * outside the per-transfer limits (when known), or more than the sending wallet holds.
 */
export function transferAmountProblem(
  text: string,
  limits: { min?: string; max?: string; balance?: string },
): AmountCheck {
  const problem = amountProblem(text, limits.min ?? '0.01', limits.max ?? '9999999999999999.99');
  if (problem) return problem;
  const amount = parseAmount(text.trim())!;
  const balance = limits.balance === undefined ? null : parseAmount(limits.balance);
  if (balance !== null && amount > balance) return 'balance';
  return null;
}

/** The wallets a transfer can use: one side is the main wallet, the other a game wallet. */
export function isValidPair(from: string, to: string, main = 'main'): boolean {
  return from !== to && (from === main || to === main);
}
