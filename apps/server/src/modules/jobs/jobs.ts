import { autoReceiptJob } from '../withdrawal/auto-receipt.job.js';
import {
  balanceRequestsPruneJob,
  vendorTransferResettleJob,
} from '../vendor-wallet/vendor-transfer.jobs.js';
import type { JobDefinition } from './jobs.runner.js';

/** Every scheduled job of the server (decision 012). */
export function serverJobs(): JobDefinition[] {
  return [autoReceiptJob, vendorTransferResettleJob(), balanceRequestsPruneJob];
}
