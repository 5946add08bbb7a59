/**
 * Withdrawals: the app-level payment callback dispatch settles a payout's gateway callback here;
 * the app-level job registry schedules the auto-receipt job.
 */
export { autoReceiptJob } from './auto-receipt.job.js';
export { settlePayoutCallback } from './withdrawal.service.js';
