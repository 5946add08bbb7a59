/**
 * The server's key pair, with which clients encrypt secrets (passwords) on the way in.
 */
export type { ServerKey } from './server-key.js';
