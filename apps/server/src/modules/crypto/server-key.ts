import {
  constants,
  createDecipheriv,
  createPrivateKey,
  generateKeyPairSync,
  privateDecrypt,
  type KeyObject,
} from 'node:crypto';
import { EncryptedBody, type PublicKeyInfo } from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './server-key.repository.js';

export type ServerKey = { info: PublicKeyInfo; privateKey: KeyObject };

/**
 * The key pair of encrypted calls: the oldest stored one, or a new one stored now. Processes that
 * start together race on the insert; all of them then read the same first row.
 */
export async function loadServerKey(db: Db): Promise<ServerKey> {
  let row = await repo.oldestServerKey(db);
  if (!row) {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await repo.insertServerKey(db, {
      keyId: 'k1',
      publicSpki: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
      privatePkcs8: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    row = await repo.oldestServerKey(db);
  }
  if (!row) throw new Error('server key missing after insert');
  return {
    info: { keyId: row.keyId, spki: row.publicSpki },
    privateKey: createPrivateKey(row.privatePkcs8),
  };
}

/** Opens an encrypted body sealed by `encryptBody` (packages/shared) and parses its JSON. */
export function decryptBody(key: ServerKey, body: unknown): unknown {
  const parsed = EncryptedBody.safeParse(body);
  if (!parsed.success || parsed.data.keyId !== key.info.keyId) {
    throw new AppError('DECRYPTION_FAILED');
  }
  try {
    const aesKey = privateDecrypt(
      { key: key.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(parsed.data.key, 'base64'),
    );
    const sealed = Buffer.from(parsed.data.data, 'base64');
    // WebCrypto appends the 16-byte GCM tag to the ciphertext.
    const decipher = createDecipheriv('aes-256-gcm', aesKey, Buffer.from(parsed.data.iv, 'base64'));
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    const plain = Buffer.concat([decipher.update(sealed.subarray(0, -16)), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as unknown;
  } catch {
    throw new AppError('DECRYPTION_FAILED');
  }
}
