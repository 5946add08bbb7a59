import type { SecondVerificationMethod } from '@app/shared';
import { AppError } from '../../lib/app-error.js';
import type { RequestContext } from '../../plugins/request-context.js';
import type { AuthDeps } from './auth.deps.js';
import { insertChallenge } from './login-challenge.repository.js';
import type { MemberRow } from './session.service.js';

const CHALLENGE_MINUTES = 10;

/** The ways this member can prove it is them: what they have bound to the account. */
export function verificationMethods(member: MemberRow): SecondVerificationMethod[] {
  return [
    ...(member.mobileNum && member.mobileVerifiedAt ? (['sms'] as const) : []),
    ...(member.email ? (['email'] as const) : []),
    ...(member.payeeName ? (['payeeName'] as const) : []),
    ...(member.totpSecret ? (['authenticator'] as const) : []),
  ];
}

/**
 * The methods that need something the member has (a verified mobile, the email, the
 * authenticator), not only something a stranger may find out (the bank account name).
 */
export function secondFactors(member: MemberRow): SecondVerificationMethod[] {
  return verificationMethods(member).filter((method) => method !== 'payeeName');
}

/**
 * Holds a password login and answers how to continue it: from an unknown network after the
 * right password, or under attack (decision 017) whatever the password, with `passwordOk`
 * saying whether it was right and only second factors offered.
 */
export async function holdLogin(
  deps: AuthDeps,
  ctx: RequestContext,
  member: MemberRow,
  area: string,
  forcePasswordChange: boolean,
  underAttack?: { passwordOk: boolean },
): Promise<never> {
  const challengeId = await insertChallenge(deps.db, {
    memberId: member.id,
    area,
    ip: ctx.ip,
    forcePasswordChange,
    passwordOk: underAttack?.passwordOk ?? true,
    factorsOnly: underAttack !== undefined,
    expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
  });
  throw new AppError('SECOND_VERIFICATION_REQUIRED', {
    challengeId,
    methods: underAttack ? secondFactors(member) : verificationMethods(member),
  });
}
