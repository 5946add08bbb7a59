import { agentSettlementJob, settlementClaimsPruneJob } from './modules/agent/index.js';
import { agentReportRollupJob } from './modules/agent-reports/index.js';
import { scheduledMessagesJob } from './modules/content/index.js';
import type { JobDefinition } from './modules/jobs/index.js';
import type { MerchantZones } from './modules/merchant/index.js';
import { operatorAttemptsPruneJob } from './modules/operator/index.js';
import type { Realtime } from './modules/realtime/index.js';
import type { SecretBox } from './lib/secret-box.js';
import { createVendorClient } from './modules/vendor-wallet/vendor-client.js';
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
  /** The app's secret box (the resettle job signs its vendor calls with sealed secrets). */
  secrets: SecretBox;
  /** The app's merchant zones (the settlement periods are each merchant's days). */
  zones: MerchantZones;
  onError?: (name: string, error: unknown) => void;
}): JobDefinition[] {
  return [
    autoReceiptJob,
    vendorTransferResettleJob({
      client: createVendorClient({ secrets: deps.secrets, timeoutMs: 5000, maxAttempts: 1 }),
    }),
    balanceRequestsPruneJob,
    scheduledMessagesJob(deps.realtime),
    agentSettlementJob(deps.realtime, deps.zones, deps.onError),
    settlementClaimsPruneJob,
    agentReportRollupJob,
    operatorAttemptsPruneJob,
  ];
}
