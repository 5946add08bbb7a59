import { hash, verify } from '@node-rs/argon2';

/** Argon2id with the library's defaults (OWASP: m=19 MiB, t=2, p=1). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

/**
 * Verified against when no account matches, so a wrong username costs the same time as a wrong
 * password and does not reveal which usernames exist.
 */
export const DUMMY_HASH = await hashPassword('dummy password never matches');
