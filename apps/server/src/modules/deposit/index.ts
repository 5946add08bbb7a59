/**
 * Deposits, manual and online: the app-level payment callback dispatch settles an online
 * deposit's gateway callback here, telling the member's sockets through depositPublisher.
 */
export { settleOnlineDeposit } from './deposit.service.js';
export type { CreditListener, DepositListener } from './deposit.service.js';
export { depositPublisher } from './deposit-events.js';
