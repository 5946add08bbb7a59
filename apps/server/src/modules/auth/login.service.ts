import { randomBytes } from 'node:crypto';
import { TRIAL_TYPE, type LoginRequest, type LoginResult } from '@app/shared';
import { AppError } from '../../lib/app-error.js';
import { consumeOrThrottle } from '../../lib/rate-limiter.js';
import type { RequestContext } from '../../plugins/request-context.js';
import { checkCaptcha } from '../captcha/index.js';
import { memberIdentity, refuseRestrictedPerson } from '../eligibility/index.js';
import { toMemberInfo } from '../member/index.js';
import * as members from '../member/index.js';
import { assertAgentPolicy, getWhitelabel } from '../system/index.js';
import { consumeCode } from '../verification/index.js';
import {
  ADDRESS_LIMITS_PER_MINUTE,
  CAPTCHA_AFTER_FAILURES,
  FAILURE_WINDOW_SECONDS,
  MAX_DELAY_SECONDS,
  NEW_NETWORK_LOGIN_SECONDS,
  SOURCE_DELAY_AFTER_FAILURES,
  UNDER_ATTACK_AFTER_FAILURES,
  type AuthDeps,
} from './auth.deps.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../lib/password.js';
import { roleOfType } from '../../lib/roles.js';
import { holdLogin, secondFactors, verificationMethods } from './login-challenge.js';
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

/**
 * Checks that the account may log in here now: status and area. A self-excluded member logs in
 * to withdraw and read their records; every route that starts play or moves money in refuses
 * them (decision 017).
 */
export function assertMayLogIn(member: MemberRow, area: LoginRequest['area']): void {
  if (member.status !== 'active') throw new AppError('ACCOUNT_LOCKED', { retryAfterSeconds: null });
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
  // Every fact held of the member, the KYC submission's name and birthday included.
  await refuseRestrictedPerson(
    deps.db,
    {
      merchantId: member.merchantId,
      stage: 'login',
      memberId: member.id,
      username: member.username,
      ip: ctx.ip,
    },
    await memberIdentity(deps.db, member),
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

/** The one turn of a growing delay at `base`. */
const turnOf = (base: string) => `${base}:turn`;

/**
 * Growing delays: once `after` failures are on record at `base` (or `failures` says so), an
 * attempt must take the one turn of `base`, atomically, so parallel attempts share it and one is
 * judged; each judged failure then holds the turn for 2^(failures - after) seconds (at most
 * MAX_DELAY_SECONDS, see recordFailure). Says whether a turn was taken.
 */
async function takeTurn(
  deps: AuthDeps,
  base: string,
  after: number,
  failures?: number,
): Promise<boolean> {
  const onRecord = failures ?? (await deps.limiter.peek(base, after, FAILURE_WINDOW_SECONDS)).count;
  if (onRecord < after) return false;
  await consumeOrThrottle(deps.limiter, turnOf(base), 1, MAX_DELAY_SECONDS);
  return true;
}

/** Gives back a turn taken by an attempt that was refused before it was judged, or was right. */
function releaseTurn(deps: AuthDeps, base: string) {
  return deps.limiter.reset(turnOf(base), 1, MAX_DELAY_SECONDS);
}

/** Counts a judged failure at `base` and, past `after`, holds its turn for the grown delay. */
async function recordFailure(deps: AuthDeps, base: string, after: number) {
  const failures = (await deps.limiter.consume(base, after, FAILURE_WINDOW_SECONDS)).count;
  if (failures >= after) {
    await deps.limiter.block(turnOf(base), 1, MAX_DELAY_SECONDS, delayOf(failures, after));
  }
}

function delayOf(failures: number, after: number): number {
  return Math.min(MAX_DELAY_SECONDS, 2 ** (failures - after));
}

/** The limiter keys of one password login (decision 017). */
function loginKeys(ctx: RequestContext, username: string) {
  const account = `login:fail:${ctx.merchant.id}:${username}`;
  return {
    /** Reservations of the account: every attempt, given back unless judged wrong. */
    account,
    /** Judged failures of the account, for its growing delay under attack. */
    judged: `${account}:judged`,
    /** Judged failures from this address at this account, for its growing delay. */
    source: `${account}:ip:${ctx.ip}`,
    newNetwork: `login:new-network:${ctx.merchant.id}:${username}`,
  };
}

/**
 * Everything that may refuse a password attempt before the password is judged: the captcha
 * (after 3 failures, or a new network of an account with nothing bound), this address's delay
 * at this account, the account's delay under attack when it has no second factor, and one
 * new-network login per 30 s of an account with nothing bound.
 */
async function admitAttempt(
  deps: AuthDeps,
  ctx: RequestContext,
  request: LoginRequest,
  attempt: { keys: ReturnType<typeof loginKeys>; member?: MemberRow; earlierFailures: number },
) {
  const { keys, member, earlierFailures } = attempt;
  const newNetwork =
    member !== undefined &&
    verificationMethods(member).length === 0 &&
    !(await members.isKnownNetwork(deps.db, member.id, ctx.ip));
  if (earlierFailures >= CAPTCHA_AFTER_FAILURES || newNetwork) {
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
  // Turns taken here are given back if a later check refuses the attempt unjudged.
  const taken: string[] = [];
  try {
    if (await takeTurn(deps, keys.source, SOURCE_DELAY_AFTER_FAILURES)) taken.push(keys.source);
    if (
      earlierFailures >= UNDER_ATTACK_AFTER_FAILURES &&
      !(member && secondFactors(member).length > 0) &&
      (await takeTurn(deps, keys.judged, UNDER_ATTACK_AFTER_FAILURES, earlierFailures))
    ) {
      taken.push(keys.judged);
    }
    if (newNetwork) {
      await consumeOrThrottle(deps.limiter, keys.newNetwork, 1, NEW_NETWORK_LOGIN_SECONDS);
    }
  } catch (refusal) {
    await Promise.all(taken.map((base) => releaseTurn(deps, base)));
    throw refusal;
  }
  return taken;
}

/**
 * Username and password login (decision 017). Each attempt reserves a point of the account
 * before the password is judged, so parallel guesses count; a refusal before judgement or a
 * right password gives it back. After 3 failures a captcha is asked for, from one address the
 * attempts are spaced out by growing delays, and after 10 the account is under attack: the
 * password alone no longer logs in. With a second factor bound, every attempt is then held
 * for it with the same answer, right password or wrong, and completes only if it was right;
 * without one, the account's attempts are spaced out too. Nobody is locked out by guessing.
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
  const keys = loginKeys(ctx, username);
  const reservation = await deps.limiter.consume(
    keys.account,
    UNDER_ATTACK_AFTER_FAILURES,
    FAILURE_WINDOW_SECONDS,
  );
  const earlierFailures = reservation.count - 1;
  const giveBack = () =>
    deps.limiter.refund(keys.account, UNDER_ATTACK_AFTER_FAILURES, FAILURE_WINDOW_SECONDS);
  const member = await members.findMemberByUsername(deps.db, ctx.merchant.id, username);
  let turns: string[];
  try {
    turns = await admitAttempt(deps, ctx, request, { keys, member, earlierFailures });
  } catch (refusal) {
    await giveBack();
    throw refusal;
  }

  const valid = await verifyPassword(member?.passwordHash ?? DUMMY_HASH, request.password);
  const viaTemporary =
    !valid && member ? await usesTemporaryPassword(member, request.password) : false;
  // Spent for login; the forced change still takes it as the old password.
  const passwordOk =
    member !== undefined &&
    (valid || (viaTemporary && (await members.spendTemporaryPassword(deps.db, member.id))));
  const heldForFactor =
    earlierFailures >= UNDER_ATTACK_AFTER_FAILURES &&
    member !== undefined &&
    secondFactors(member).length > 0;
  if (!passwordOk || heldForFactor) {
    // Under attack a right password counts like a wrong one: no answer, delay or count differs.
    await recordFailure(deps, keys.source, SOURCE_DELAY_AFTER_FAILURES);
    await recordFailure(deps, keys.judged, UNDER_ATTACK_AFTER_FAILURES);
  }
  if (!passwordOk) {
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
  }
  if (heldForFactor) {
    await holdLogin(deps, ctx, member, request.area, viaTemporary, { passwordOk });
  }
  if (!passwordOk) {
    throw new AppError('INVALID_CREDENTIALS', {
      captchaRequired: reservation.count >= CAPTCHA_AFTER_FAILURES,
    });
  }
  await giveBack();
  await deps.limiter.reset(keys.source, SOURCE_DELAY_AFTER_FAILURES, FAILURE_WINDOW_SECONDS);
  await Promise.all(turns.map((base) => releaseTurn(deps, base)));
  assertMayLogIn(member, request.area);
  if (request.area === 'agent') await assertAgentPolicy(deps.switches, member.merchantId);
  // An account with nothing bound had its network judged before the password (admitAttempt).
  if (
    verificationMethods(member).length > 0 &&
    !(await members.isKnownNetwork(deps.db, member.id, ctx.ip))
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
    true,
  );
  if (!member) throw new AppError('INVALID_CREDENTIALS', { captchaRequired: false });
  assertMayLogIn(member, request.area);
  if (request.area === 'agent') await assertAgentPolicy(deps.switches, member.merchantId);
  return completeLogin(deps, caller, member, 'sms');
}
