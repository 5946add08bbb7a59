import type { Db } from '../../db/client.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { ServerKey } from '../crypto/index.js';
import type { DoorSwitches } from '../system/index.js';
import type { SessionPolicy } from './session.service.js';

/** What the identity services need from the app. */
export type AuthDeps = {
  db: Db;
  limiter: RateLimiter;
  sessionPolicy: SessionPolicy;
  serverKey: ServerKey;
  passwordExpiryDays: number;
  captchaFixedAnswer: string | undefined;
  /** Seals the secrets stored for reading back (authenticator apps, social client secrets). */
  secrets: SecretBox;
  /** The app's cached door switches (maintenance, the agent programme). */
  switches: DoorSwitches;
};

/**
 * Password logins of one username (decision 017), counted by reservation in a 15-minute window:
 * after 3 failures a captcha is asked from every address...
 */
export const CAPTCHA_AFTER_FAILURES = 3;
/**
 * ...and after 10 the account is under attack: a password alone no longer logs in from anywhere
 * (second factor if bound, else a growing delay per account). Nobody is locked out.
 */
export const UNDER_ATTACK_AFTER_FAILURES = 10;
export const FAILURE_WINDOW_SECONDS = 15 * 60;
/** Failures from one address at one account before its attempts there are spaced out. */
export const SOURCE_DELAY_AFTER_FAILURES = 3;
/** The longest wait between two judged attempts of a growing delay. */
export const MAX_DELAY_SECONDS = 5 * 60;
/** An account with nothing bound logs in from a new network at most once per this. */
export const NEW_NETWORK_LOGIN_SECONDS = 30;
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
