/**
 * Members' identity documents (KYC): other modules re-encode uploaded ID images with it.
 */
export { reencodeIdImage } from './image-upload.js';
