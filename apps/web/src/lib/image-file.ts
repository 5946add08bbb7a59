import { KYC_IMAGE_TYPES, KYC_MAX_IMAGE_BYTES } from '@app/shared';

/** The `accept` of an image input: JPEG or PNG. */
export const IMAGE_ACCEPT = KYC_IMAGE_TYPES.join(',');

const EXTENSION = /\.(jpe?g|png)$/i;

/** Why a picked image is refused before anything is sent: wrong type or over 5 MB. */
export function imageFileProblem(file: File): 'UPLOAD_FILE_TYPE' | 'UPLOAD_TOO_LARGE' | null {
  const typeOk = KYC_IMAGE_TYPES.some((accepted) => accepted === file.type);
  if (!typeOk || !EXTENSION.test(file.name)) return 'UPLOAD_FILE_TYPE';
  if (file.size > KYC_MAX_IMAGE_BYTES) return 'UPLOAD_TOO_LARGE';
  return null;
}

/** A picked file as a data URL, the way the API takes images. */
export function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error('unreadable file'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}
