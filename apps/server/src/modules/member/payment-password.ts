import { AppError } from '../../lib/app-error.js';
import { consumeOrThrottle, type RateLimiter } from '../../lib/rate-limiter.js';
import { verifyPassword } from '../auth/password.js';

/** Wrong payment passwords one account may give per window, over every money form together. */
export const PAYMENT_PASSWORD_FAILURES = 5;
export const PAYMENT_PASSWORD_WINDOW_SECONDS = 15 * 60;

/**
 * The payment password proves the member is asking (withdrawals, transfers). Every attempt
 * reserves a point per member in one window shared by every form before the password is
 * checked, so parallel guesses count and switching forms gives no extra tries; the right
 * password gives its point back. Each wrong one answers WRONG_PAYMENT_PASSWORD with
 * `attemptsLeft`; after the last, every attempt (even the right password) is TOO_MANY_REQUESTS
 * until the window ends.
 */
export async function checkPaymentPassword(
  limiter: RateLimiter,
  member: { id: number; paymentPasswordHash: string | null },
  password: string,
): Promise<void> {
  if (!member.paymentPasswordHash) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
  const key = `payment-password:member:${member.id}`;
  const attempt = await consumeOrThrottle(
    limiter,
    key,
    PAYMENT_PASSWORD_FAILURES,
    PAYMENT_PASSWORD_WINDOW_SECONDS,
  );
  if (await verifyPassword(member.paymentPasswordHash, password)) {
    await limiter.refund(key, PAYMENT_PASSWORD_FAILURES, PAYMENT_PASSWORD_WINDOW_SECONDS);
    return;
  }
  throw new AppError('WRONG_PAYMENT_PASSWORD', {
    attemptsLeft: PAYMENT_PASSWORD_FAILURES - attempt.count,
  });
}
