import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (authenticator-app TOTP secrets of members and operators,
 * social sign-in client secrets) are sealed at rest with AES-256-GCM under SECRETS_KEY, so a copy
 * of the database (backup, replica, SQL injection) does not give them away. Sealed values look
 * like `v1:<base64url(iv | ciphertext | tag)>`; the column type in db/schema/sealed.ts seals on
 * write and opens on read, so services only ever see the plain value.
 */

const VERSION = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Used outside production when SECRETS_KEY is not set; production refuses to start without it. */
const DEVELOPMENT_KEY = createHash('sha256')
  .update('secrets-development-key-not-for-production')
  .digest();

let configured: Buffer | undefined;
let production = false;

/** Sets the key for this process (from SECRETS_KEY: 32 bytes, base64). */
export function configureSecretsKey(options: { key?: string | undefined; production: boolean }) {
  production = options.production;
  configured = options.key ? parseSecretsKey(options.key) : undefined;
}

/** The 32-byte key of a base64 SECRETS_KEY, or an error saying what is wrong. */
export function parseSecretsKey(text: string): Buffer {
  const key = Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes, base64-encoded');
  return key;
}

function key(): Buffer {
  if (configured) return configured;
  if (production) throw new Error('SECRETS_KEY is not configured');
  return DEVELOPMENT_KEY;
}

export function seal(plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/**
 * The plain value of a sealed one. A value without the version prefix was stored before sealing
 * existed and is returned as it is (it is sealed the next time it is written).
 */
export function open(stored: string): string {
  if (!stored.startsWith(VERSION)) return stored;
  const raw = Buffer.from(stored.slice(VERSION.length), 'base64url');
  const iv = raw.subarray(0, IV_BYTES);
  const tag = raw.subarray(raw.length - TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key(), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([
    decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(VERSION);
}
