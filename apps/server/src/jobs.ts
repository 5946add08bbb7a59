import { agentSettlementJob, settlementClaimsPruneJob } from './modules/agent/index.js';
import { agentReportRollupJob } from './modules/agent-reports/index.js';
import { scheduledMessagesJob } from './modules/content/index.js';
import type { JobDefinition } from './modules/jobs/index.js';
import { operatorAttemptsPruneJob } from './modules/operator/index.js';
import type { Realtime } from './modules/realtime/index.js';
import {
  balanceRequestsPruneJob,
  vendorTransferResettleJob,
} from './modules/vendor-wallet/index.js';
import { autoReceiptJob } from './modules/withdrawal/index.js';

/**
 * Every scheduled job of the server (decision 012): the job registry is composition, so it lives
 * at the app level; each module defines its jobs with the runner of modules/jobs.
 */
export function serverJobs(deps: {
  realtime: Realtime;
  onError?: (name: string, error: unknown) => void;
}): JobDefinition[] {
  return [
    autoReceiptJob,
    vendorTransferResettleJob(),
    balanceRequestsPruneJob,
    scheduledMessagesJob(deps.realtime),
    agentSettlementJob(deps.realtime, deps.onError),
    settlementClaimsPruneJob,
    agentReportRollupJob,
    operatorAttemptsPruneJob,
  ];
}
