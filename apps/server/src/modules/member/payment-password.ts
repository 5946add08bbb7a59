import { AppError } from '../../lib/app-error.js';
import { judgeWithinLimit, type RateLimiter } from '../../lib/rate-limiter.js';
import { verifyPassword } from '../../lib/password.js';

/** Wrong payment passwords one account may give per window, over every money form together. */
export const PAYMENT_PASSWORD_FAILURES = 5;
export const PAYMENT_PASSWORD_WINDOW_SECONDS = 15 * 60;

/**
 * The payment password proves the member is asking (withdrawals, transfers). Every check is
 * judged within one per-member limit shared by every form (`judgeWithinLimit`: reserved before
 * the password is compared, so parallel guesses count and switching forms gives no extra tries;
 * a member's own parallel transfers wait for each other). Each wrong one answers
 * WRONG_PAYMENT_PASSWORD with `attemptsLeft`; after the last, every attempt (even the right
 * password) is TOO_MANY_REQUESTS until the window ends.
 */
export async function checkPaymentPassword(
  limiter: RateLimiter,
  member: { id: number; paymentPasswordHash: string | null },
  password: string,
): Promise<void> {
  const hash = member.paymentPasswordHash;
  if (!hash) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
  const verdict = await judgeWithinLimit(
    limiter,
    `payment-password:member:${member.id}`,
    { failures: PAYMENT_PASSWORD_FAILURES, windowSeconds: PAYMENT_PASSWORD_WINDOW_SECONDS },
    () => verifyPassword(hash, password),
  );
  if (!verdict.right) {
    throw new AppError('WRONG_PAYMENT_PASSWORD', { attemptsLeft: verdict.attemptsLeft });
  }
}
