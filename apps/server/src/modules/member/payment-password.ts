import { AppError } from '../../lib/app-error.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { verifyPassword } from '../auth/password.js';

/** Wrong payment passwords one account may give per window, over every money form together. */
export const PAYMENT_PASSWORD_FAILURES = 5;
export const PAYMENT_PASSWORD_WINDOW_SECONDS = 15 * 60;

/**
 * The payment password proves the member is asking (withdrawals, transfers). Wrong ones are
 * counted per member in one window shared by every form, so switching forms gives no extra
 * tries: each wrong one answers WRONG_PAYMENT_PASSWORD with `attemptsLeft`; after the last,
 * every attempt (even the right password) is TOO_MANY_REQUESTS until the window ends.
 */
export async function checkPaymentPassword(
  limiter: RateLimiter,
  member: { id: number; paymentPasswordHash: string | null },
  password: string,
): Promise<void> {
  if (!member.paymentPasswordHash) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
  const key = `payment-password:member:${member.id}`;
  if ((await limiter.peek(key)) >= PAYMENT_PASSWORD_FAILURES) {
    // Counted too, so the answer carries the time left in the window.
    const decision = await limiter.hit(
      key,
      PAYMENT_PASSWORD_FAILURES,
      PAYMENT_PASSWORD_WINDOW_SECONDS,
    );
    throw new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: decision.retryAfterSeconds });
  }
  if (await verifyPassword(member.paymentPasswordHash, password)) return;
  const decision = await limiter.hit(
    key,
    PAYMENT_PASSWORD_FAILURES,
    PAYMENT_PASSWORD_WINDOW_SECONDS,
  );
  throw new AppError('WRONG_PAYMENT_PASSWORD', {
    attemptsLeft: Math.max(0, PAYMENT_PASSWORD_FAILURES - decision.count),
  });
}
