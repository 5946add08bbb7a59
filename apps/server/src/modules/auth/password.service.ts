import { randomBytes } from 'node:crypto';
import {
  checkFieldRule,
  type ChangePasswordRequest,
  type ForgotByPhoneRequest,
  type LoginResult,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { SignedIn } from '../../lib/guards.js';
import { consumeOrThrottle, type RateLimiter } from '../../lib/rate-limiter.js';
import type { RequestContext } from '../../plugins/request-context.js';
import * as members from '../member/index.js';
import { getRegisterSettings, getWhitelabel } from '../system/index.js';
import {
  type MessageSender,
  consumeCode,
  type VerificationDeps,
  phoneDestination,
} from '../verification/index.js';
import { assertLoginPassword } from '../member/index.js';
import type { AuthDeps } from './auth.deps.js';
import { assertMayLogIn, completeLogin } from './login.service.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { endMemberSessions } from '../sessions/index.js';

/** How long an emailed temporary password works. */
const TEMP_PASSWORD_MINUTES = 30;
/**
 * Reset and login messages (temporary password emails, reset and login SMS codes) per account
 * and per source address in an hour: the account limit stops a flood at one player from many
 * addresses, the address limit one sender walking through many accounts.
 */
export const ACCOUNT_SENDS_PER_HOUR = 3;
export const SOURCE_SENDS_PER_HOUR = 10;

/** Reserves one send from the caller's address; past the limit TOO_MANY_REQUESTS. */
export async function reserveSourceSend(deps: { limiter: RateLimiter }, ctx: RequestContext) {
  await consumeOrThrottle(
    deps.limiter,
    `account-send:ip:${ctx.merchant.id}:${ctx.ip}`,
    SOURCE_SENDS_PER_HOUR,
    3600,
  );
}

/** Reserves one message to this account before it is sent; past the limit TOO_MANY_REQUESTS. */
export async function reserveAccountSend(deps: { limiter: RateLimiter }, memberId: number) {
  await consumeOrThrottle(
    deps.limiter,
    `account-send:member:${memberId}`,
    ACCOUNT_SENDS_PER_HOUR,
    3600,
  );
}

/** A new password must follow the merchant's password rule and match its confirmation. */
async function assertNewPassword(db: Db, merchantId: number, password: string, confirm?: string) {
  const rule = (await getRegisterSettings(db, merchantId)).find((r) => r.field === 'password');
  if (rule) {
    const result = checkFieldRule({ ...rule, enabled: true, required: true }, password);
    if (!result.valid) {
      throw new AppError('VALIDATION_ERROR', {
        issues: [
          {
            path: 'newPassword',
            reason: result.reason,
            patternId: result.patternId,
            min: rule.minLength,
            max: rule.maxLength,
          },
        ],
      });
    }
  }
  if (confirm !== undefined && confirm !== password) throw new AppError('PASSWORD_MISMATCH');
}

async function setPassword(db: Db, memberId: number, password: string) {
  return members.updateMember(db, memberId, {
    passwordHash: await hashPassword(password),
    passwordChangedAt: new Date(),
    mustChangePassword: false,
    tempPasswordHash: null,
    tempPasswordExpiresAt: null,
    tempPasswordUsedAt: null,
  });
}

/**
 * Changes the caller's password. The old one is checked under the signed-in password limit (a
 * live emailed temporary password counts as the old one); every other session of the account
 * ends.
 */
export async function changePassword(
  deps: AuthDeps,
  caller: SignedIn,
  request: ChangePasswordRequest,
) {
  const member = caller.member;
  await assertLoginPassword(deps.limiter, caller, request.oldPassword, true);
  await assertNewPassword(
    deps.db,
    member.merchantId,
    request.newPassword,
    request.confirmNewPassword,
  );
  // A forced change (an agent chose the password, or an operator reset it) must leave a password
  // only the member knows.
  if (
    member.mustChangePassword &&
    (await verifyPassword(member.passwordHash, request.newPassword))
  ) {
    throw new AppError('VALIDATION_ERROR', {
      issues: [{ path: 'newPassword', reason: 'same_as_old' }],
    });
  }
  await setPassword(deps.db, member.id, request.newPassword);
  await endMemberSessions(deps.db, member.id, 'password', caller.sessionId);
}

/**
 * Forgot password by email: when the username and bound email match, a temporary password is
 * emailed (within the per-account and per-address send limits). The old password keeps working, so nobody can lock a player out by asking; the
 * temporary one works once, for 30 minutes, and forces a change (SPEC section 4).
 */
export async function forgotByEmail(
  deps: { db: Db; sender: MessageSender; limiter: RateLimiter },
  ctx: RequestContext,
  request: { username: string; email: string },
) {
  const switches = await getWhitelabel(deps.db, ctx.merchant.id);
  if (!switches.CHNGPASSMAIL3) throw new AppError('FUNCTION_NOT_ENABLED');
  await reserveSourceSend(deps, ctx);
  const member = await members.findMemberByUsername(deps.db, ctx.merchant.id, request.username);
  if (!member || member.email?.toLowerCase() !== request.email.toLowerCase()) {
    throw new AppError('USER_NOT_FOUND');
  }
  await reserveAccountSend(deps, member.id);
  const temporary = randomBytes(9).toString('base64url');
  await members.updateMember(deps.db, member.id, {
    tempPasswordHash: await hashPassword(temporary),
    tempPasswordExpiresAt: new Date(Date.now() + TEMP_PASSWORD_MINUTES * 60_000),
    tempPasswordUsedAt: null,
  });
  await deps.sender.send({
    merchantId: ctx.merchant.id,
    channel: 'email',
    to: member.email,
    text:
      `Your temporary password is ${temporary}. It works once in the next ` +
      `${TEMP_PASSWORD_MINUTES} minutes and you will be asked to choose a new one.`,
  });
}

/** Forgot password by phone: the SMS code proves the number; the member is then logged in. */
export async function forgotByPhone(
  deps: AuthDeps & VerificationDeps,
  caller: { ctx: RequestContext; userAgent: string; deviceId?: string | null },
  request: ForgotByPhoneRequest,
): Promise<LoginResult> {
  const { ctx } = caller;
  const switches = await getWhitelabel(deps.db, ctx.merchant.id);
  if (!switches.CHNGPASSVERIF3 && !switches.MOBILECODELOGIN)
    throw new AppError('FUNCTION_NOT_ENABLED');
  await assertNewPassword(
    deps.db,
    ctx.merchant.id,
    request.newPassword,
    request.confirmNewPassword,
  );
  await consumeCode(deps.db, {
    merchantId: ctx.merchant.id,
    purpose: 'reset',
    destination: phoneDestination(request.countryDialingCode, request.mobileNum),
    code: request.verificationCode,
  });
  const member = await members.findMemberByMobile(
    deps.db,
    ctx.merchant.id,
    request.countryDialingCode,
    request.mobileNum,
    true,
  );
  if (!member) throw new AppError('USER_NOT_FOUND');
  assertMayLogIn(member, 'member');
  const updated = await setPassword(deps.db, member.id, request.newPassword);
  await endMemberSessions(deps.db, member.id, 'password');
  return completeLogin(deps, caller, updated, 'sms');
}
