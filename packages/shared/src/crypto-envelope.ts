import { z } from 'zod';

/**
 * Body of an "encrypted" call (SPEC section 7, ARCHITECTURE.md): the JSON payload is sealed with a
 * fresh AES-256-GCM key, and that key with the server's RSA-OAEP (SHA-256) public key. WebCrypto
 * only, so the browser and Node share this code.
 */
export const EncryptedBody = z.object({
  keyId: z.string().max(64),
  key: z.string().max(1024).describe('base64 RSA-OAEP-wrapped AES key'),
  iv: z.string().max(32).describe('base64 12-byte GCM nonce'),
  data: z.string().max(2_000_000).describe('base64 AES-GCM ciphertext of the JSON payload'),
});
export type EncryptedBody = z.infer<typeof EncryptedBody>;

/** GET /wps/system/publicKey */
export const PublicKeyInfo = z.object({
  keyId: z.string(),
  /** SubjectPublicKeyInfo, base64 (DER). */
  spki: z.string(),
});
export type PublicKeyInfo = z.infer<typeof PublicKeyInfo>;

export const RSA_OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

export function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (const byte of view) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Seals `payload` for the server whose public key is `info`. */
export async function encryptBody(info: PublicKeyInfo, payload: unknown): Promise<EncryptedBody> {
  const publicKey = await crypto.subtle.importKey('spki', fromBase64(info.spki), RSA_OAEP, false, [
    'encrypt',
  ]);
  const aesKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, [
    'encrypt',
  ]);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    aesKey,
    new TextEncoder().encode(JSON.stringify(payload)),
  );
  const rawKey = await crypto.subtle.exportKey('raw', aesKey);
  const wrapped = await crypto.subtle.encrypt(RSA_OAEP, publicKey, rawKey);
  return { keyId: info.keyId, key: toBase64(wrapped), iv: toBase64(iv), data: toBase64(data) };
}
