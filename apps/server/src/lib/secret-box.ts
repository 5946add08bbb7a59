import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (authenticator-app TOTP secrets of members and operators,
 * social sign-in client secrets, vendor wallet secrets, the in-house game's server seeds) are
 * sealed at rest with AES-256-GCM under SECRETS_KEY, so a copy of the database (backup, replica,
 * SQL injection) does not give them away. Sealed values look like
 * `v1:<base64url(iv | ciphertext | tag)>`. The box is built once per app (buildApp) from its
 * configuration and handed to the services that store such secrets: no key lives in a global.
 */

const VERSION = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Used outside production when SECRETS_KEY is not set; production refuses to start without it. */
const DEVELOPMENT_KEY = createHash('sha256')
  .update('secrets-development-key-not-for-production')
  .digest();

/** Seals and opens secrets under one key. */
export type SecretBox = {
  seal: (plain: string) => string;
  /**
   * The plain value of a sealed one. A value without the version prefix was stored before
   * sealing existed and is returned as it is (it is sealed the next time it is written).
   */
  open: (stored: string) => string;
};

/**
 * The box of a SECRETS_KEY (32 bytes, base64); without one, the development key outside
 * production, and in production a box that refuses to seal or open.
 */
export function createSecretBox(options: {
  key?: string | undefined;
  production: boolean;
}): SecretBox {
  const configured = options.key ? parseSecretsKey(options.key) : undefined;
  const key = (): Buffer => {
    if (configured) return configured;
    if (options.production) throw new Error('SECRETS_KEY is not configured');
    return DEVELOPMENT_KEY;
  };
  return { seal: (plain) => seal(key(), plain), open: (stored) => open(key(), stored) };
}

/** The 32-byte key of a base64 SECRETS_KEY, or an error saying what is wrong. */
export function parseSecretsKey(text: string): Buffer {
  const key = Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes, base64-encoded');
  return key;
}

function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

function open(key: Buffer, stored: string): string {
  if (!stored.startsWith(VERSION)) return stored;
  const raw = Buffer.from(stored.slice(VERSION.length), 'base64url');
  const iv = raw.subarray(0, IV_BYTES);
  const tag = raw.subarray(raw.length - TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([
    decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(VERSION);
}
