import { SELF_EXCLUSION_PERIODS } from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { SignedIn } from '../../lib/guards.js';
import { judgeWithinLimit, type RateLimiter } from '../../lib/rate-limiter.js';
import { listSelfExclusion } from '../eligibility/index.js';
import { recentLoginEvents, updateMember } from './member.repository.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { endMemberSessions } from '../sessions/index.js';

/** Wrong login passwords a signed-in member may give per window... */
export const PASSWORD_CHECK_FAILURES = 5;
export const PASSWORD_CHECK_WINDOW_SECONDS = 15 * 60;

/**
 * The login password proves that the member, not a borrowed session, is asking. Each check is
 * judged within the member's limit (`judgeWithinLimit`), so a borrowed session cannot guess it in
 * a burst. `orTemporary` also accepts a live emailed
 * temporary password (the forced change after "forgot password").
 */
export async function assertLoginPassword(
  limiter: RateLimiter,
  caller: SignedIn,
  password: string,
  orTemporary = false,
) {
  const member = caller.member;
  const verdict = await judgeWithinLimit(
    limiter,
    `password-check:member:${member.id}`,
    { failures: PASSWORD_CHECK_FAILURES, windowSeconds: PASSWORD_CHECK_WINDOW_SECONDS },
    async () =>
      (await verifyPassword(member.passwordHash, password)) ||
      (orTemporary &&
        member.tempPasswordHash !== null &&
        member.tempPasswordExpiresAt !== null &&
        member.tempPasswordExpiresAt > new Date() &&
        (await verifyPassword(member.tempPasswordHash, password))),
  );
  if (!verdict.right) throw new AppError('WRONG_PASSWORD');
}

/**
 * Self-exclusion (responsible gaming): the account is closed to login and play until the end of
 * the period and every session ends now. The person goes on the restricted-persons list, so a
 * new account under their name is refused too.
 */
export async function excludeSelf(
  { db, limiter }: { db: Db; limiter: RateLimiter },
  caller: SignedIn,
  request: { period: keyof typeof SELF_EXCLUSION_PERIODS; password: string },
): Promise<{ until: string }> {
  await assertLoginPassword(limiter, caller, request.password);
  const until = new Date();
  until.setUTCMonth(until.getUTCMonth() + SELF_EXCLUSION_PERIODS[request.period]);
  const member = caller.member;
  await db.transaction(async (tx) => {
    await updateMember(tx, member.id, { selfExcludedUntil: until });
    if (member.payeeName) {
      await listSelfExclusion(tx, { ...member, payeeName: member.payeeName }, until);
    }
    await endMemberSessions(tx, member.id, 'self_exclusion');
  });
  return { until: until.toISOString() };
}

/** Sets or changes the 6-digit payment password; the login password proves who is asking. */
export async function setPaymentPassword(
  { db, limiter }: { db: Db; limiter: RateLimiter },
  caller: SignedIn,
  request: { loginPassword: string; paymentPassword: string; confirmPaymentPassword: string },
) {
  await assertLoginPassword(limiter, caller, request.loginPassword);
  if (request.paymentPassword !== request.confirmPaymentPassword) {
    throw new AppError('PASSWORD_MISMATCH');
  }
  await updateMember(db, caller.member.id, {
    paymentPasswordHash: await hashPassword(request.paymentPassword),
  });
}

/** The member's last 20 login attempts, newest first. */
export async function loginHistory(db: Db, caller: SignedIn) {
  const rows = await recentLoginEvents(db, caller.member.id, 20);
  return rows.map((r) => ({
    ip: r.ip,
    success: r.success,
    reason: r.reason,
    userAgent: r.userAgent,
    time: r.createdAt.toISOString(),
  }));
}
