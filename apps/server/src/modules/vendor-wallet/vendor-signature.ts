import { createHmac, createVerify, timingSafeEqual } from 'node:crypto';

/**
 * Signatures of vendor wallet calls (docs/vendor-wallet-api.md): HMAC-SHA256 of the raw body with
 * the shared secret, lower-case hex; or, for a vendor registered with an RSA public key,
 * RSA-SHA256 (PKCS#1 v1.5) of the raw body, base64.
 */
export function hmacSignature(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

export function verifySignature(
  credential: { secret: string; rsaPublicKey: string | null },
  rawBody: string,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  if (credential.rsaPublicKey) {
    try {
      return createVerify('sha256')
        .update(rawBody, 'utf8')
        .verify(credential.rsaPublicKey, signature, 'base64');
    } catch {
      // A malformed key or signature is a wrong signature, not a failure of the platform.
      return false;
    }
  }
  const expected = Buffer.from(hmacSignature(credential.secret, rawBody), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : null;
  return given !== null && timingSafeEqual(expected, given);
}
