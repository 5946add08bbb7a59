import { createHmac, timingSafeEqual } from 'node:crypto';

/** X-Signature of a raw body: HMAC-SHA256 with the vendor secret, lower-case hex. */
export function signBody(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

/** Whether `signature` is the signature of `rawBody`, compared in constant time. */
export function verifyBody(
  rawBody: string,
  secret: string,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(signBody(rawBody, secret), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
