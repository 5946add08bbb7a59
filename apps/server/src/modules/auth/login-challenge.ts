import type { SecondVerificationMethod } from '@app/shared';
import { loginChallenges } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { RequestContext } from '../../plugins/request-context.js';
import type { AuthDeps } from './auth.deps.js';
import type { MemberRow } from './session.service.js';

const CHALLENGE_MINUTES = 10;

/** The ways this member can prove it is them: what they have bound to the account. */
export function verificationMethods(member: MemberRow): SecondVerificationMethod[] {
  return [
    ...(member.mobileNum ? (['sms'] as const) : []),
    ...(member.email ? (['email'] as const) : []),
    ...(member.payeeName ? (['payeeName'] as const) : []),
    ...(member.totpSecret ? (['authenticator'] as const) : []),
  ];
}

/** Holds a password login from an unknown network and answers how to continue it. */
export async function holdLogin(
  deps: AuthDeps,
  ctx: RequestContext,
  member: MemberRow,
  area: string,
  forcePasswordChange: boolean,
): Promise<never> {
  const [challenge] = await deps.db
    .insert(loginChallenges)
    .values({
      memberId: member.id,
      area,
      ip: ctx.ip,
      forcePasswordChange,
      expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
    })
    .returning({ id: loginChallenges.id });
  throw new AppError('SECOND_VERIFICATION_REQUIRED', {
    challengeId: challenge!.id,
    methods: verificationMethods(member),
  });
}
