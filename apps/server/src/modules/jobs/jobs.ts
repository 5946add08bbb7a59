import { agentSettlementJob, settlementClaimsPruneJob } from '../agent/settlement.job.js';
import { agentReportRollupJob } from '../agent-reports/rollup.job.js';
import { scheduledMessagesJob } from '../content/scheduled-messages.job.js';
import { operatorAttemptsPruneJob } from '../operator/operator.jobs.js';
import type { Realtime } from '../realtime/realtime.service.js';
import { autoReceiptJob } from '../withdrawal/auto-receipt.job.js';
import {
  balanceRequestsPruneJob,
  vendorTransferResettleJob,
} from '../vendor-wallet/vendor-transfer.jobs.js';
import type { JobDefinition } from './jobs.runner.js';

/** Every scheduled job of the server (decision 012). */
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
