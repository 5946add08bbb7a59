import { randomInt } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { sha256 } from '../../lib/token.js';
import type { Channel, MessageSender } from './message-sender.js';
import * as repo from './verification.repository.js';

/** What a code may be used for; a code for one purpose never passes for another. */
export type CodePurpose = 'register' | 'login' | 'reset' | 'bind' | 'second';

/** Codes live this long; the client counts down expiredMinutes x 60 s before a resend. */
export const CODE_EXPIRED_MINUTES = 5;
/** Wrong entries a code survives. */
export const CODE_MAX_ATTEMPTS = 5;
/** Sends to one destination per hour; then TOO_MANY_REQUESTS until the hour's window ends. */
const SENDS_PER_HOUR = 5;
/** One send per destination and purpose in this many seconds. */
const RESEND_SECONDS = 60;

export type VerificationDeps = { db: Db; limiter: RateLimiter; sender: MessageSender };

const TEXT: Record<CodePurpose, string> = {
  register: 'Your registration code is',
  login: 'Your login code is',
  reset: 'Your password reset code is',
  bind: 'Your verification code is',
  second: 'Your sign-in verification code is',
};

/** Creates and sends a 6-digit code; returns the minutes it stays valid. */
export async function sendCode(
  deps: VerificationDeps,
  input: { merchantId: number; purpose: CodePurpose; channel: Channel; destination: string },
): Promise<{ expiredMinutes: number }> {
  const key = `code:${input.merchantId}:${input.channel}:${input.destination}`;
  // One resend window per purpose: a login code right after the registration code is no resend.
  const resend = await deps.limiter.consume(`${key}:${input.purpose}:resend`, 1, RESEND_SECONDS);
  const hourly = resend.allowed
    ? await deps.limiter.consume(`${key}:hour`, SENDS_PER_HOUR, 3600)
    : resend;
  if (!resend.allowed || !hourly.allowed) {
    // The real wait of the window that refused: the resend's seconds or the hour's minutes.
    const refused = resend.allowed ? hourly : resend;
    throw new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: refused.retryAfterSeconds });
  }
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  await repo.insertCode(deps.db, {
    merchantId: input.merchantId,
    purpose: input.purpose,
    channel: input.channel,
    destination: input.destination,
    codeHash: sha256(code),
    expiresAt: new Date(Date.now() + CODE_EXPIRED_MINUTES * 60_000),
  });
  await deps.sender.send({
    merchantId: input.merchantId,
    channel: input.channel,
    to: input.destination,
    text: `${TEXT[input.purpose]} ${code}. It expires in ${CODE_EXPIRED_MINUTES} minutes.`,
  });
  return { expiredMinutes: CODE_EXPIRED_MINUTES };
}

/**
 * Uses up the newest live code of this purpose and destination if `code` is it. Each entry
 * first reserves one of the code's five tries in one conditional update, then compares, so
 * parallel guesses count as parallel tries: a wrong code is CODE_INVALID; none left, expired or
 * used is CODE_EXPIRED.
 */
export async function consumeCode(
  db: Db,
  input: {
    merchantId: number;
    purpose: CodePurpose;
    destination: string;
    code: string | undefined;
  },
): Promise<void> {
  if (!input.code || !/^\d{6}$/.test(input.code)) throw new AppError('CODE_INVALID');
  const reserved = await repo.reserveCodeAttempt(db, input, CODE_MAX_ATTEMPTS);
  if (!reserved) throw new AppError('CODE_EXPIRED');
  if (reserved.codeHash !== sha256(input.code)) throw new AppError('CODE_INVALID');
  // A conditional update decides, so two right submissions cannot both use the code.
  if (!(await repo.useCode(db, reserved.id))) throw new AppError('CODE_EXPIRED');
}

/** Phone numbers as codes and members store them: +<country code><number>. */
export function phoneDestination(countryDialingCode: string | undefined, mobileNum: string) {
  return `+${countryDialingCode ?? '63'}${mobileNum}`;
}
