import { KYC_MAX_IMAGE_BYTES, type ErrorCode } from '@app/shared';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.js';

const DATA_URL = /^data:image\/(jpeg|jpg|png);base64,([A-Za-z0-9+/]+={0,2})$/;
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Longest side kept; enough to read an ID, small enough to store and review. */
const MAX_SIDE = 2400;

function fail(code: ErrorCode, field: string): never {
  throw new AppError(code, { field });
}

/**
 * Accepts a JPEG or PNG data URL of at most 5 MB whose bytes really are that image, and returns
 * it re-encoded as JPEG: upright, at most 2400 px, with every piece of metadata (EXIF, GPS)
 * dropped.
 */
export async function reencodeIdImage(field: string, dataUrl: string): Promise<Buffer> {
  const match = DATA_URL.exec(dataUrl);
  if (!match) fail('UPLOAD_FILE_TYPE', field);
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length > KYC_MAX_IMAGE_BYTES) fail('UPLOAD_TOO_LARGE', field);
  const isPng = match[1] === 'png';
  const magic = isPng ? PNG : JPEG;
  if (!bytes.subarray(0, magic.length).equals(magic)) fail('UPLOAD_FILE_TYPE', field);
  try {
    return await sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    fail('UPLOAD_FILE_TYPE', field);
  }
}
