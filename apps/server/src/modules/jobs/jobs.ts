import { autoReceiptJob } from '../withdrawal/auto-receipt.job.js';
import type { JobDefinition } from './jobs.runner.js';

/** Every scheduled job of the server (decision 012). */
export function serverJobs(): JobDefinition[] {
  return [autoReceiptJob];
}
