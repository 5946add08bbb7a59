import { randomBytes } from 'node:crypto';
import { TRIAL_TYPE, type LoginRequest, type LoginResult } from '@app/shared';
import { AppError } from '../../lib/app-error.js';
import { consumeOrThrottle } from '../../lib/rate-limiter.js';
import type { RequestContext } from '../../plugins/request-context.js';
import { checkCaptcha } from '../captcha/captcha.service.js';
import { refuseRestrictedPerson } from '../eligibility/eligibility.service.js';
import { toMemberInfo } from '../member/member-info.js';
import * as members from '../member/member.repository.js';
import { getWhitelabel } from '../system/system.service.js';
import { consumeCode } from '../verification/verification.service.js';
import {
  CAPTCHA_AFTER_FAILURES,
  FAILURE_WINDOW_SECONDS,
  ADDRESS_LIMITS_PER_MINUTE,
  LOCK_AFTER_FAILURES,
  type AuthDeps,
} from './auth.deps.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password.js';
import { roleOfType } from './roles.js';
import { holdLogin, verificationMethods } from './login-challenge.js';
import { openSession, type LoginMethod, type MemberRow } from './session.service.js';

/** Who logs in: the request, its browser, and the browser's device id when it sent one. */
type Caller = { ctx: RequestContext; userAgent: string; deviceId?: string | null };

/** Throttles credential attempts per address; over the limit is TOO_MANY_REQUESTS. */
export async function throttleAddress(
  deps: AuthDeps,
  ctx: RequestContext,
  action: keyof typeof ADDRESS_LIMITS_PER_MINUTE,
) {
  await consumeOrThrottle(
    deps.limiter,
    `${action}:ip:${ctx.merchant.id}:${ctx.ip}`,
    ADDRESS_LIMITS_PER_MINUTE[action],
    60,
  );
}

/** Whether the password is operator-issued or older than the expiry with the switch on. */
async function passwordExpired(deps: AuthDeps, member: MemberRow): Promise<boolean> {
  if (member.mustChangePassword) return true;
  const switches = await getWhitelabel(deps.db, member.merchantId);
  const age = Date.now() - member.passwordChangedAt.getTime();
  return switches.PASSWORDEXPIRY && age > deps.passwordExpiryDays * 86_400_000;
}

/** Checks that the account may log in here now: status, self-exclusion and area. */
export function assertMayLogIn(member: MemberRow, area: LoginRequest['area']): void {
  if (member.status !== 'active') throw new AppError('ACCOUNT_LOCKED', { retryAfterSeconds: null });
  if (member.selfExcludedUntil && member.selfExcludedUntil > new Date()) {
    throw new AppError('SELF_EXCLUDED', { until: member.selfExcludedUntil.toISOString() });
  }
  const role = roleOfType(member.type);
  if (area === 'agent' && role !== 'agent') throw new AppError('NOT_AGENT_ACCOUNT');
  if (area === 'member' && role === 'trial') throw new AppError('NOT_MEMBER_ACCOUNT');
}

/** Opens the session of an account that proved who it is, and says what the client must do. */
export async function completeLogin(
  deps: AuthDeps,
  caller: Caller,
  member: MemberRow,
  method: LoginMethod,
  forcePasswordChange = false,
): Promise<LoginResult> {
  const { ctx } = caller;
  await refuseRestrictedPerson(
    deps.db,
    {
      merchantId: member.merchantId,
      stage: 'login',
      memberId: member.id,
      username: member.username,
      ip: ctx.ip,
    },
    { fullName: member.payeeName, birthday: member.birthday, idNumber: member.profile.idNumber },
  );
  const firstTimeLogin = await members.markLoggedIn(deps.db, member.id);
  await members.rememberIp(deps.db, member.id, ctx.ip);
  await members.recordLoginEvent(deps.db, {
    merchantId: ctx.merchant.id,
    memberId: member.id,
    username: member.username,
    ip: ctx.ip,
    userAgent: caller.userAgent,
    deviceId: caller.deviceId ?? null,
    success: true,
    reason: method,
  });
  const token = await openSession(deps.db, deps.sessionPolicy, {
    member,
    method,
    ip: ctx.ip,
    userAgent: caller.userAgent,
  });
  // SPEC section 4: the forced change does not apply after SMS or social login.
  const expired =
    forcePasswordChange || (method === 'password' && (await passwordExpired(deps, member)));
  return {
    token,
    firstTimeLogin,
    passwordExpired: expired,
    user: toMemberInfo(member, ctx.merchant),
  };
}

/**
 * Username and password login. A username with 3 recent failures needs a captcha; with 10 it is
 * locked for the rest of the 15-minute window, so a flood of guesses never gets through.
 */
export async function loginWithPassword(
  deps: AuthDeps,
  caller: Caller,
  request: LoginRequest,
): Promise<LoginResult> {
  const { ctx } = caller;
  if (!request.termsAccepted) throw new AppError('TERMS_NOT_ACCEPTED');
  if (!request.username || !request.password) {
    throw new AppError('VALIDATION_ERROR', {
      issues: [
        ...(request.username ? [] : [{ path: 'username', message: 'required' }]),
        ...(request.password ? [] : [{ path: 'password', message: 'required' }]),
      ],
    });
  }
  await throttleAddress(deps, ctx, 'login');
  const username = request.username.toLowerCase();
  const failureKey = `login:fail:${ctx.merchant.id}:${username}`;
  const failures = (
    await deps.limiter.peek(failureKey, LOCK_AFTER_FAILURES, FAILURE_WINDOW_SECONDS)
  ).count;
  if (failures >= LOCK_AFTER_FAILURES) {
    const decision = await deps.limiter.consume(
      failureKey,
      LOCK_AFTER_FAILURES,
      FAILURE_WINDOW_SECONDS,
    );
    throw new AppError('ACCOUNT_LOCKED', { retryAfterSeconds: decision.retryAfterSeconds });
  }
  if (failures >= CAPTCHA_AFTER_FAILURES) {
    if (!request.captchaId) throw new AppError('CAPTCHA_REQUIRED', { captchaRequired: true });
    await checkCaptcha(
      deps.db,
      {
        merchantId: ctx.merchant.id,
        captchaId: request.captchaId,
        answer: request.captcha,
        fixedAnswer: deps.captchaFixedAnswer,
      },
      { captchaRequired: true },
    );
  }

  const member = await members.findMemberByUsername(deps.db, ctx.merchant.id, username);
  const valid = await verifyPassword(member?.passwordHash ?? DUMMY_HASH, request.password);
  const viaTemporary =
    !valid && member ? await usesTemporaryPassword(member, request.password) : false;
  if (!member || (!valid && !viaTemporary)) {
    const decision = await deps.limiter.consume(
      failureKey,
      LOCK_AFTER_FAILURES,
      FAILURE_WINDOW_SECONDS,
    );
    await members.recordLoginEvent(deps.db, {
      merchantId: ctx.merchant.id,
      memberId: member?.id ?? null,
      username,
      ip: ctx.ip,
      userAgent: caller.userAgent,
      deviceId: caller.deviceId ?? null,
      success: false,
      reason: 'wrong_password',
    });
    throw new AppError('INVALID_CREDENTIALS', {
      captchaRequired: decision.count >= CAPTCHA_AFTER_FAILURES,
    });
  }
  assertMayLogIn(member, request.area);
  await deps.limiter.reset(failureKey, LOCK_AFTER_FAILURES, FAILURE_WINDOW_SECONDS);
  // Spent for login; the forced change still takes it as the old password.
  if (viaTemporary && !(await members.spendTemporaryPassword(deps.db, member.id))) {
    throw new AppError('INVALID_CREDENTIALS', { captchaRequired: false });
  }
  if (
    !(await members.isKnownNetwork(deps.db, member.id, ctx.ip)) &&
    verificationMethods(member).length > 0
  ) {
    await holdLogin(deps, ctx, member, request.area, viaTemporary);
  }
  return completeLogin(deps, caller, member, 'password', viaTemporary);
}

/** True when `password` is the member's live emailed temporary password. */
async function usesTemporaryPassword(member: MemberRow, password: string): Promise<boolean> {
  if (!member.tempPasswordHash || !member.tempPasswordExpiresAt) return false;
  if (member.tempPasswordUsedAt || member.tempPasswordExpiresAt <= new Date()) return false;
  return verifyPassword(member.tempPasswordHash, password);
}

/**
 * Free play (SPEC section 4): a new trial account (type 4) with a random name and password,
 * logged in at once. It can browse but never reach member pages or launch games.
 */
export async function startFreePlay(deps: AuthDeps, caller: Caller): Promise<LoginResult> {
  const { ctx } = caller;
  const switches = await getWhitelabel(deps.db, ctx.merchant.id);
  if (!switches.FREEPLAY) throw new AppError('FUNCTION_NOT_ENABLED');
  await throttleAddress(deps, ctx, 'freeplay');
  const member = await members.insertMember(deps.db, {
    merchantId: ctx.merchant.id,
    username: `trial${randomBytes(5).toString('hex')}`,
    type: TRIAL_TYPE,
    passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
    registerIp: ctx.ip,
  });
  return completeLogin(deps, caller, member, 'freeplay');
}

/** Login with a code sent to the member's mobile (the SMS tab; no captcha, SPEC section 4). */
export async function loginWithSmsCode(
  deps: AuthDeps,
  caller: Caller,
  request: LoginRequest,
): Promise<LoginResult> {
  const { ctx } = caller;
  if (!request.termsAccepted) throw new AppError('TERMS_NOT_ACCEPTED');
  const switches = await getWhitelabel(deps.db, ctx.merchant.id);
  if (!switches.MOBILECODELOGIN) throw new AppError('FUNCTION_NOT_ENABLED');
  if (!request.mobileNum) throw new AppError('INVALID_PHONE');
  await throttleAddress(deps, ctx, 'login');
  const dialing = request.countryDialingCode ?? '63';
  await consumeCode(deps.db, {
    merchantId: ctx.merchant.id,
    purpose: 'login',
    destination: `+${dialing}${request.mobileNum}`,
    code: request.verificationCode,
  });
  const member = await members.findMemberByMobile(
    deps.db,
    ctx.merchant.id,
    dialing,
    request.mobileNum,
  );
  if (!member) throw new AppError('INVALID_CREDENTIALS', { captchaRequired: false });
  assertMayLogIn(member, request.area);
  return completeLogin(deps, caller, member, 'sms');
}
