/**
 * The game vendors' seamless wallet (docs/vendor-wallet-api.md): vendor calls (bet, win, refund), game
 * sessions, vendor credentials and transfers in flight, and the vendor client that calls a
 * vendor's transfer API.
 */
export { endTransferWithEntry } from './transfer-end.js';
export type { TransferOutcome, VendorClient } from './vendor-client.js';
export { hmacSignature } from './vendor-signature.js';
export { balanceRequestsPruneJob, vendorTransferResettleJob } from './vendor-transfer.jobs.js';
export type { TransferRow } from './vendor-wallet.repository.js';
export {
  createGameSession,
  createVendorCalls,
  credentialById,
  findCredential,
  handleVendorCall,
  inTransitOf,
  listRecentWins,
  revokeGameSessions,
  transferByUuid,
} from './vendor-wallet.service.js';
export type { VendorCalls } from './vendor-wallet.service.js';
