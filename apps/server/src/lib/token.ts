import { createHash, randomBytes } from 'node:crypto';

/** A new opaque bearer token: 256 random bits, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored for a token or a code: its SHA-256, hex. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
