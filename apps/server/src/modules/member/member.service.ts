import type { MemberInfo, UpdateMemberInfo } from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { SignedIn } from '../../lib/guards.js';
import type { RequestContext } from '../../plugins/request-context.js';
import { isOldEnough, memberIdentity, refuseRestrictedPerson } from '../eligibility/index.js';
import { toMemberInfo } from './member-info.js';
import { updateMember } from './member.repository.js';

/** Applies a member's own profile change; set-once fields refuse a second value. */
export async function updateOwnInfo(
  db: Db,
  caller: SignedIn,
  ctx: RequestContext,
  change: UpdateMemberInfo,
): Promise<MemberInfo> {
  const member = caller.member;
  const setOnce = (['email', 'payeeName', 'birthday'] as const).filter(
    (key) => change[key] !== undefined && member[key] !== null && member[key] !== change[key],
  );
  if (setOnce.length > 0) {
    throw new AppError('FORBIDDEN', { fields: setOnce, reason: 'set_once' });
  }
  if (change.birthday && !isOldEnough(change.birthday)) throw new AppError('UNDER_AGE');
  if (change.payeeName || change.birthday) {
    await refuseRestrictedPerson(
      db,
      {
        merchantId: member.merchantId,
        stage: 'profile',
        memberId: member.id,
        username: member.username,
        ip: ctx.ip,
      },
      // The new facts with every other fact held (the KYC submission's too).
      await memberIdentity(db, {
        ...member,
        payeeName: change.payeeName ?? member.payeeName,
        birthday: change.birthday ?? member.birthday,
      }),
    );
  }
  const updated = await updateMember(db, member.id, change);
  return toMemberInfo(updated, ctx.merchant);
}
