import type { LoginResult, SecondVerificationMethod } from '@app/shared';
import { AppError } from '../../lib/app-error.js';
import type { RequestContext } from '../../plugins/request-context.js';
import { normalizeName } from '../eligibility/index.js';
import * as members from '../member/index.js';
import {
  CODE_MAX_ATTEMPTS,
  consumeCode,
  sendCode,
  type VerificationDeps,
} from '../verification/index.js';
import type { AuthDeps } from './auth.deps.js';
import { assertMayLogIn, completeLogin } from './login.service.js';
import type { MemberRow } from './session.service.js';
import { secondFactors, verificationMethods } from './login-challenge.js';
import * as challenges from './login-challenge.repository.js';
import { spendAuthenticatorCode } from '../member/index.js';

async function memberOf(
  deps: AuthDeps,
  ctx: RequestContext,
  challenge: challenges.LoginChallengeRow | undefined,
) {
  const member = challenge && (await members.findMemberById(deps.db, challenge.memberId));
  if (!challenge || !member || member.merchantId !== ctx.merchant.id) {
    throw new AppError('CODE_EXPIRED');
  }
  return { challenge, member };
}

/** The live challenge, read only: for sending its code, which judges nothing. */
async function liveChallenge(deps: AuthDeps, ctx: RequestContext, challengeId: string) {
  const challenge = await challenges.findLiveChallenge(deps.db, challengeId, CODE_MAX_ATTEMPTS);
  return memberOf(deps, ctx, challenge);
}

/** Reserves one of the challenge's tries before the answer is judged, so parallel answers count. */
async function reserveChallengeAttempt(deps: AuthDeps, ctx: RequestContext, challengeId: string) {
  const challenge = await challenges.reserveChallengeAttempt(
    deps.db,
    challengeId,
    CODE_MAX_ATTEMPTS,
  );
  return memberOf(deps, ctx, challenge);
}

function destination(member: MemberRow, method: 'sms' | 'email'): string {
  const target =
    method === 'sms'
      ? member.mobileNum && `+${member.countryDialingCode ?? '63'}${member.mobileNum}`
      : member.email;
  if (!target) throw new AppError('FUNCTION_NOT_ENABLED');
  return target;
}

/** Sends the code of the sms or email method to what the member bound. */
export async function sendSecondVerificationCode(
  deps: AuthDeps & VerificationDeps,
  ctx: RequestContext,
  input: { challengeId: string; method: 'sms' | 'email' },
) {
  const { member } = await liveChallenge(deps, ctx, input.challengeId);
  return sendCode(deps, {
    merchantId: member.merchantId,
    purpose: 'second',
    channel: input.method,
    destination: destination(member, input.method),
  });
}

/**
 * Completes a held login with the code, the bank account name or the authenticator app's code.
 * Each answer reserves one of five tries first; five wrong answers end the challenge and the
 * member starts again from the password. A hold under attack completes only with a second
 * factor, and logs in only when the password given with it was right.
 */
export async function completeSecondVerification(
  deps: AuthDeps,
  caller: { ctx: RequestContext; userAgent: string; deviceId?: string | null },
  input: { challengeId: string; method: SecondVerificationMethod; answer: string },
): Promise<LoginResult> {
  const { challenge, member } = await reserveChallengeAttempt(deps, caller.ctx, input.challengeId);
  const methods = challenge.factorsOnly ? secondFactors(member) : verificationMethods(member);
  if (!methods.includes(input.method)) throw new AppError('FUNCTION_NOT_ENABLED');
  if (input.method === 'payeeName' || input.method === 'authenticator') {
    const right =
      input.method === 'payeeName'
        ? normalizeName(input.answer) === normalizeName(member.payeeName ?? '')
        : await spendAuthenticatorCode(deps, member, input.answer);
    if (!right) throw new AppError('CODE_INVALID');
  } else {
    await consumeCode(deps.db, {
      merchantId: member.merchantId,
      purpose: 'second',
      destination: destination(member, input.method),
      code: input.answer,
    });
  }
  if (!(await challenges.consumeChallenge(deps.db, challenge.id))) {
    throw new AppError('CODE_EXPIRED');
  }
  if (!challenge.passwordOk) throw new AppError('INVALID_CREDENTIALS', { captchaRequired: true });
  assertMayLogIn(member, challenge.area === 'agent' ? 'agent' : 'member');
  return completeLogin(deps, caller, member, 'password', challenge.forcePasswordChange);
}
