import type { MemberInfo, UpdateMemberInfo } from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { SignedIn } from '../../lib/guards.js';
import type { RequestContext } from '../../plugins/request-context.js';
import { isOldEnough, memberIdentity, refuseRestrictedPerson } from '../eligibility/index.js';
import { toMemberInfo } from './member-info.js';
import * as store from './member.repository.js';

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
  const updated = await store.updateMember(db, member.id, change);
  return toMemberInfo(updated, ctx.merchant);
}

/** The merchant's affiliate code row for `code`, or undefined. */
export function findAffiliateCode(
  ...args: Parameters<typeof store.findAffiliateCode>
): ReturnType<typeof store.findAffiliateCode> {
  return store.findAffiliateCode(...args);
}

/** The member with this id, or undefined. */
export function findMemberById(
  ...args: Parameters<typeof store.findMemberById>
): ReturnType<typeof store.findMemberById> {
  return store.findMemberById(...args);
}

/** The member holding this number; with `verifiedOnly`, only if an SMS code proved it theirs. */
export function findMemberByMobile(
  ...args: Parameters<typeof store.findMemberByMobile>
): ReturnType<typeof store.findMemberByMobile> {
  return store.findMemberByMobile(...args);
}

/** The merchant's member of this username, or undefined. */
export function findMemberByUsername(
  ...args: Parameters<typeof store.findMemberByUsername>
): ReturnType<typeof store.findMemberByUsername> {
  return store.findMemberByUsername(...args);
}

/**
 * Creates an account and, in the same transaction, its place in the agent tree: under
 * `values.uplineId` when given (an agent of the same merchant), else at the top of a tree.
 */
export function insertMember(
  ...args: Parameters<typeof store.insertMember>
): ReturnType<typeof store.insertMember> {
  return store.insertMember(...args);
}

/**
 * Whether the member has logged in from this network before: the same /24 for IPv4, the same /64
 * for IPv6 (carriers move players around inside their blocks). A member with no known address yet
 * has nothing to compare with, which counts as known.
 */
export function isKnownNetwork(
  ...args: Parameters<typeof store.isKnownNetwork>
): ReturnType<typeof store.isKnownNetwork> {
  return store.isKnownNetwork(...args);
}

/** Marks a successful login; returns whether it was the account's first. */
export function markLoggedIn(
  ...args: Parameters<typeof store.markLoggedIn>
): ReturnType<typeof store.markLoggedIn> {
  return store.markLoggedIn(...args);
}

/** Records a sign-in attempt of a member (the login history). */
export function recordLoginEvent(
  ...args: Parameters<typeof store.recordLoginEvent>
): ReturnType<typeof store.recordLoginEvent> {
  return store.recordLoginEvent(...args);
}

/** Remembers an address the member logged in from; true when it is new for them. */
export function rememberIp(
  ...args: Parameters<typeof store.rememberIp>
): ReturnType<typeof store.rememberIp> {
  return store.rememberIp(...args);
}

/**
 * Marks the emailed temporary password as spent for login. False when another request spent it
 * first: of two logins racing with it, only one gets in.
 */
export function spendTemporaryPassword(
  ...args: Parameters<typeof store.spendTemporaryPassword>
): ReturnType<typeof store.spendTemporaryPassword> {
  return store.spendTemporaryPassword(...args);
}

/** Changes a member's record; the updated row. */
export function updateMember(
  ...args: Parameters<typeof store.updateMember>
): ReturnType<typeof store.updateMember> {
  return store.updateMember(...args);
}
