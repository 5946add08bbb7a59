import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../lib/app-error.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { verifyPassword } from '../auth/password.js';

/** Wrong payment passwords one account may give per window, over every money form together. */
export const PAYMENT_PASSWORD_FAILURES = 5;
export const PAYMENT_PASSWORD_WINDOW_SECONDS = 15 * 60;
/** How long a check waits for the member's other checks in flight before it is throttled. */
const IN_FLIGHT_WAIT_MS = 50;
const IN_FLIGHT_WAIT_TRIES = 60;

/**
 * Reserves one of the member's judgements: the reservations are the wrong passwords of the
 * window plus the checks in flight, so at most the limit are ever judged, however many arrive at
 * once. A check refused only because others are still in flight (fewer wrong ones than the limit
 * so far) waits for them, since a right password gives its point back: a member's own parallel
 * transfers are not throttled, an attacker's parallel guesses still count.
 */
async function reserveJudgement(
  limiter: RateLimiter,
  keys: { reserved: string; wrong: string },
): Promise<void> {
  for (let tries = 0; ; tries++) {
    const reserved = await limiter.consume(
      keys.reserved,
      PAYMENT_PASSWORD_FAILURES,
      PAYMENT_PASSWORD_WINDOW_SECONDS,
    );
    if (reserved.allowed) return;
    await limiter.refund(keys.reserved, PAYMENT_PASSWORD_FAILURES, PAYMENT_PASSWORD_WINDOW_SECONDS);
    const wrong = await limiter.peek(
      keys.wrong,
      PAYMENT_PASSWORD_FAILURES,
      PAYMENT_PASSWORD_WINDOW_SECONDS,
    );
    if (wrong.count >= PAYMENT_PASSWORD_FAILURES || tries >= IN_FLIGHT_WAIT_TRIES) {
      throw new AppError('TOO_MANY_REQUESTS', {
        retryAfterSeconds: wrong.count >= PAYMENT_PASSWORD_FAILURES ? wrong.retryAfterSeconds : 1,
      });
    }
    await sleep(IN_FLIGHT_WAIT_MS);
  }
}

/**
 * The payment password proves the member is asking (withdrawals, transfers). Every check
 * reserves a judgement per member, in one window shared by every form, before the password is
 * compared, so parallel guesses count and switching forms gives no extra tries; the right
 * password gives its reservation back. Each wrong one answers WRONG_PAYMENT_PASSWORD with
 * `attemptsLeft`; after the last, every attempt (even the right password) is TOO_MANY_REQUESTS
 * until the window ends.
 */
export async function checkPaymentPassword(
  limiter: RateLimiter,
  member: { id: number; paymentPasswordHash: string | null },
  password: string,
): Promise<void> {
  if (!member.paymentPasswordHash) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
  const reserved = `payment-password:member:${member.id}`;
  const keys = { reserved, wrong: `${reserved}:wrong` };
  await reserveJudgement(limiter, keys);
  if (await verifyPassword(member.paymentPasswordHash, password)) {
    await limiter.refund(reserved, PAYMENT_PASSWORD_FAILURES, PAYMENT_PASSWORD_WINDOW_SECONDS);
    return;
  }
  const wrong = await limiter.consume(
    keys.wrong,
    PAYMENT_PASSWORD_FAILURES,
    PAYMENT_PASSWORD_WINDOW_SECONDS,
  );
  throw new AppError('WRONG_PAYMENT_PASSWORD', {
    attemptsLeft: Math.max(0, PAYMENT_PASSWORD_FAILURES - wrong.count),
  });
}
