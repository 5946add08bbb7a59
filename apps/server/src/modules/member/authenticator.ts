import { generateSecret, generateURI, verify } from 'otplib';
import type { Db } from '../../db/client.js';
import type { members } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { judgeWithinLimit, type RateLimiter } from '../../lib/rate-limiter.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { Merchant } from '../merchant/index.js';
import * as repo from './authenticator.repository.js';

type MemberRow = typeof members.$inferSelect;

/** The member's database and the app's secret box: both secrets are stored sealed. */
type AuthenticatorDeps = { db: Db; secrets: SecretBox };

/** A code of the 30 s window before or after the current one still counts (clock drift). */
const DRIFT_SECONDS = 30;

/** The time step a code belongs to when it is right for the secret, else null. */
async function stepOf(secret: string, code: string): Promise<number | null> {
  const result = await verify({ secret, token: code, epochTolerance: DRIFT_SECONDS });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** A new secret for the member's app, kept pending until a code from the app confirms it. */
export async function startAuthenticatorSetup(
  { db, secrets }: AuthenticatorDeps,
  member: MemberRow,
  merchant: Merchant,
) {
  if (member.totpSecret) throw new AppError('AUTHENTICATOR_ALREADY_BOUND');
  const secret = generateSecret();
  await repo.setPendingSecret(db, member.id, secrets.seal(secret));
  return {
    secret,
    uri: generateURI({ issuer: merchant.name, label: member.username, secret }),
  };
}

/** Binds the pending secret once the app shows a right code for it. */
export async function bindAuthenticator(
  { db, secrets }: AuthenticatorDeps,
  member: MemberRow,
  code: string,
) {
  if (member.totpSecret) throw new AppError('AUTHENTICATOR_ALREADY_BOUND');
  if (!member.totpPendingSecret) throw new AppError('CODE_EXPIRED');
  const step = await stepOf(secrets.open(member.totpPendingSecret), code);
  if (step === null) throw new AppError('CODE_INVALID');
  // Bound as stored: sealed already.
  await repo.bindSecret(db, member.id, member.totpPendingSecret, step);
}

/**
 * Spends a code of the bound app: right for the secret and of a later time step than any code
 * used before, so a code seen once (over a shoulder, in a log) never works again. The step is
 * claimed with a conditional update, so two requests racing with one code cannot both pass.
 */
export async function spendAuthenticatorCode(
  { db, secrets }: AuthenticatorDeps,
  member: MemberRow,
  code: string,
): Promise<boolean> {
  if (!member.totpSecret) return false;
  const step = await stepOf(secrets.open(member.totpSecret), code);
  if (step === null) return false;
  return repo.claimStep(db, member.id, step);
}

/** Wrong codes a signed-in member may give to unbind per window... */
const UNBIND_FAILURES = 5;
const UNBIND_WINDOW_SECONDS = 15 * 60;

/**
 * Unbinds the app; a current code from it proves the request. Each try is judged within the
 * member's limit (`judgeWithinLimit`), so a borrowed session cannot guess past the app in a burst.
 */
export async function unbindAuthenticator(
  deps: AuthenticatorDeps & { limiter: RateLimiter },
  member: MemberRow,
  code: string,
) {
  if (!member.totpSecret) throw new AppError('FUNCTION_NOT_ENABLED');
  const verdict = await judgeWithinLimit(
    deps.limiter,
    `authenticator-unbind:member:${member.id}`,
    { failures: UNBIND_FAILURES, windowSeconds: UNBIND_WINDOW_SECONDS },
    () => spendAuthenticatorCode(deps, member, code),
  );
  if (!verdict.right) throw new AppError('CODE_INVALID');
  await repo.clearAuthenticator(deps.db, member.id);
}
