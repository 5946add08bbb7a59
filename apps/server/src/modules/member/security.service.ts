import { SELF_EXCLUSION_PERIODS } from '@app/shared';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginEvents, restrictedPersons } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { SignedIn } from '../../lib/guards.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { revokeMemberSessions } from '../auth/session.repository.js';
import { normalizeName, selfExclusionSource } from '../eligibility/eligibility.service.js';
import { revokeGameSessions } from '../vendor-wallet/vendor-wallet.service.js';
import { updateMember } from './member.repository.js';

/** The login password proves that the member, not a borrowed session, is asking. */
export async function assertLoginPassword(caller: SignedIn, password: string) {
  if (!(await verifyPassword(caller.member.passwordHash, password))) {
    throw new AppError('WRONG_PASSWORD');
  }
}

/**
 * Self-exclusion (responsible gaming): the account is closed to login and play until the end of
 * the period and every session ends now. The person goes on the restricted-persons list, so a
 * new account under their name is refused too.
 */
export async function excludeSelf(
  db: Db,
  caller: SignedIn,
  request: { period: keyof typeof SELF_EXCLUSION_PERIODS; password: string },
): Promise<{ until: string }> {
  await assertLoginPassword(caller, request.password);
  const until = new Date();
  until.setUTCMonth(until.getUTCMonth() + SELF_EXCLUSION_PERIODS[request.period]);
  const member = caller.member;
  await db.transaction(async (tx) => {
    await updateMember(tx, member.id, { selfExcludedUntil: until });
    if (member.payeeName) {
      await tx.insert(restrictedPersons).values({
        merchantId: member.merchantId,
        fullName: normalizeName(member.payeeName),
        birthday: member.birthday,
        category: 'self_excluded',
        source: selfExclusionSource(member.id),
        expiresAt: until,
      });
    }
    await revokeMemberSessions(tx, member.id);
    await revokeGameSessions(tx, member.id, 'self_exclusion');
  });
  return { until: until.toISOString() };
}

/** Sets or changes the 6-digit payment password; the login password proves who is asking. */
export async function setPaymentPassword(
  db: Db,
  caller: SignedIn,
  request: { loginPassword: string; paymentPassword: string; confirmPaymentPassword: string },
) {
  await assertLoginPassword(caller, request.loginPassword);
  if (request.paymentPassword !== request.confirmPaymentPassword) {
    throw new AppError('PASSWORD_MISMATCH');
  }
  await updateMember(db, caller.member.id, {
    paymentPasswordHash: await hashPassword(request.paymentPassword),
  });
}

/** The member's last 20 login attempts, newest first. */
export async function loginHistory(db: Db, caller: SignedIn) {
  const rows = await db
    .select()
    .from(loginEvents)
    .where(eq(loginEvents.memberId, caller.member.id))
    .orderBy(desc(loginEvents.id))
    .limit(20);
  return rows.map((r) => ({
    ip: r.ip,
    success: r.success,
    reason: r.reason,
    userAgent: r.userAgent,
    time: r.createdAt.toISOString(),
  }));
}
