import { randomInt } from 'node:crypto';
import {
  maskUsername,
  type ReferralInfo,
  type ReferralMembersPage,
  type ReferralMembersQuery,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { getWhitelabel } from '../system/index.js';
import * as repo from './referral.repository.js';
import { roleOfType } from '../../lib/roles.js';

/**
 * Referral (SPEC sections 2, 3 and 6): every agent, and every member while the merchant's referral
 * promotion (white-label switch REFERRAL) is on, has a code to share; accounts that register with
 * it record their referrer. The page and its routes exist for exactly those callers.
 */

export type ReferralCaller = { merchantId: number; memberId: number; role: 'member' | 'agent' };

/** Unambiguous letters and digits (no 0/O, 1/I/L), read out over a chat or a call. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

function newCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** Whether an account of `role` may refer others in the merchant now. */
async function referralOpen(db: Db, merchantId: number, role: string): Promise<boolean> {
  if (role === 'agent') return true;
  return role === 'member' && (await getWhitelabel(db, merchantId)).REFERRAL;
}

async function mustBeOpen(db: Db, caller: ReferralCaller): Promise<void> {
  if (!(await referralOpen(db, caller.merchantId, caller.role))) {
    throw new AppError('FUNCTION_NOT_ENABLED');
  }
}

/** The caller's code, made once: a clash with another account's code draws again. */
async function ensureCode(db: Db, memberId: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = await repo.inviteCodeOf(db, memberId);
    if (existing) return existing;
    try {
      await repo.setInviteCode(db, memberId, newCode());
    } catch (error) {
      if (!isUniqueViolation(error, 'members_invite_code_unique')) throw error;
    }
  }
  const made = await repo.inviteCodeOf(db, memberId);
  if (!made) throw new AppError('INTERNAL_ERROR');
  return made;
}

/** GET /wps/relay/referral */
export async function referralInfo(db: Db, caller: ReferralCaller): Promise<ReferralInfo> {
  await mustBeOpen(db, caller);
  const referralCode = await ensureCode(db, caller.memberId);
  const { total } = await repo.referredPage(db, caller.merchantId, caller.memberId, {
    offset: 0,
    limit: 0,
  });
  return { referralCode, referredCount: total };
}

/** GET /wps/relay/referral/members: only the caller's own referrals, names masked. */
export async function referredMembers(
  db: Db,
  caller: ReferralCaller,
  query: ReferralMembersQuery,
): Promise<ReferralMembersPage> {
  await mustBeOpen(db, caller);
  const { rows, total } = await repo.referredPage(db, caller.merchantId, caller.memberId, {
    offset: (query.pageNum - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return {
    content: rows.map((row) => ({
      account: maskUsername(row.username),
      registeredAt: row.createdAt.toISOString(),
    })),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    totalPages: Math.ceil(total / query.pageSize),
    totalElements: total,
  };
}

/**
 * Registration with `?referralCode=`: the referrer's id, or INVITATION_CODE_ERROR when no account
 * of the merchant may refer with that code now (unknown, closed, or a member while the promotion
 * is off), so the visitor is told before an account exists.
 */
export async function referrerForRegistration(
  db: Db,
  merchantId: number,
  code: string,
): Promise<number> {
  const found = await repo.findByInviteCode(db, merchantId, code.trim().toUpperCase());
  if (
    !found ||
    found.status !== 'active' ||
    !(await referralOpen(db, merchantId, roleOfType(found.type)))
  ) {
    throw new AppError('INVITATION_CODE_ERROR');
  }
  return found.id;
}
