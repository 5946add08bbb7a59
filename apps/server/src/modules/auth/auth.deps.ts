import type { Db } from '../../db/client.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { ServerKey } from '../crypto/server-key.js';
import type { SessionPolicy } from './session.service.js';

/** What the identity services need from the app. */
export type AuthDeps = {
  db: Db;
  limiter: RateLimiter;
  sessionPolicy: SessionPolicy;
  serverKey: ServerKey;
  passwordExpiryDays: number;
  captchaFixedAnswer: string | undefined;
};

/** Failed logins of one username before a captcha is asked for... */
export const CAPTCHA_AFTER_FAILURES = 3;
/** ...and before the account is locked for the window (SPEC: throttle after at most 10). */
export const LOCK_AFTER_FAILURES = 10;
export const FAILURE_WINDOW_SECONDS = 15 * 60;
/**
 * Requests one address may make per minute, whatever the accounts. Generous, because carriers
 * put many players behind one address (CGNAT); per-account limits stop guessing.
 */
export const ADDRESS_LIMITS_PER_MINUTE = {
  login: 60,
  captcha: 60,
  register: 20,
  freeplay: 10,
  sms: 10,
} as const;
