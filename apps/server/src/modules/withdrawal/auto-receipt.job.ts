import { everyMs, type JobDefinition } from '../jobs/index.js';
import { autoConfirmReceipts } from './withdrawal.service.js';

/**
 * Every minute: paid withdrawals unconfirmed for their merchant's auto-receipt minutes (as of the
 * end of the minute) become auto_received, once (SPEC section 4, withdrawal receipt).
 */
export const autoReceiptJob: JobDefinition = {
  name: 'withdrawal-auto-receipt',
  periodOf: everyMs(60_000),
  run: (tx, period) => autoConfirmReceipts(tx, period.end),
};
