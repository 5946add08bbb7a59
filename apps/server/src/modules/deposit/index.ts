/**
 * Deposits, manual and online: the app-level payment callback dispatch settles an online
 * deposit's gateway callback here.
 */
export { settleOnlineDeposit } from './deposit.service.js';
export type { CreditListener } from './deposit.service.js';
