import { formatAmount } from '@app/shared';
import { appendAudit } from '../audit/index.js';
import { everyMs, type JobDefinition } from '../jobs/index.js';
import type { VendorClient } from './vendor-client.js';
import { credentialById, findTransfer } from './vendor-wallet.repository.js';
import {
  markUnresolved,
  pendingBefore,
  pruneBalanceRequests,
} from './vendor-transfer.repository.js';

/**
 * Scheduled work of the vendor wallet (decision 012): re-settling transfer-wallet moves the
 * vendor left unconfirmed, and pruning the stored answers of balance calls.
 */

/** Transfer calls (each after a status check) before the job gives a transfer up. */
export const RESETTLE_MAX_ATTEMPTS = 10;
/** How long a transfer is left alone after its last attempt (a member's request may hold it). */
const RESETTLE_MIN_AGE_MS = 30_000;
/** Transfers one period handles at most (each may wait for the vendor). */
const RESETTLE_BATCH = 20;

export type ResettleOptions = {
  /** The vendor client (the app's: one attempt per transfer, 5 s per call). */
  client: VendorClient;
  maxAttempts?: number;
  minAgeMs?: number;
  batch?: number;
};

export type ResettleReport = {
  checked: number;
  completed: number;
  failed: number;
  pending: number;
  unresolved: number;
};

/**
 * Every minute: each transfer still pending is asked about at the vendor by its reference
 * (`transfer/status`, then the same transfer again when the vendor never saw it) and completed
 * or moved back through the ledger. One that stays unconfirmed after `maxAttempts` calls becomes
 * `unresolved` (its money stays in transit) with a system audit entry for an operator. A
 * transfer ends once however many runs or member requests race for it: its row is locked and
 * must still be pending when it ends, and the vendor applies a reference once.
 */
export function vendorTransferResettleJob(options: ResettleOptions): JobDefinition {
  const client = options.client;
  const maxAttempts = options.maxAttempts ?? RESETTLE_MAX_ATTEMPTS;
  const minAgeMs = options.minAgeMs ?? RESETTLE_MIN_AGE_MS;
  const batch = options.batch ?? RESETTLE_BATCH;
  return {
    name: 'vendor-transfer-resettle',
    periodOf: everyMs(60_000),
    async run(tx, period): Promise<ResettleReport> {
      const report: ResettleReport = {
        checked: 0,
        completed: 0,
        failed: 0,
        pending: 0,
        unresolved: 0,
      };
      const due = await pendingBefore(tx, new Date(period.end.getTime() - minAgeMs), batch);
      // A vendor that left one transfer unconfirmed is not asked about its others this period:
      // the run (and its transaction) stays short while a vendor is down.
      const silent = new Set<number>();
      for (const transfer of due) {
        if (silent.has(transfer.credentialId)) {
          report.pending += 1;
          continue;
        }
        report.checked += 1;
        const outcome = await client.settleTransfer(tx, transfer.id);
        if (outcome.state === 'completed' || outcome.state === 'failed') {
          report[outcome.state] += 1;
          continue;
        }
        silent.add(transfer.credentialId);
        const now = (await findTransfer(tx, transfer.id))!;
        if (now.attempts < maxAttempts || !(await markUnresolved(tx, transfer.id))) {
          report.pending += 1;
          continue;
        }
        report.unresolved += 1;
        const credential = await credentialById(tx, transfer.credentialId);
        await appendAudit(tx, {
          merchantId: transfer.merchantId,
          actorType: 'system',
          actorId: null,
          action: 'vendor_transfer.unresolved',
          subjectType: 'vendor_transfer',
          subjectId: transfer.transferUuid,
          before: { state: 'pending' },
          after: {
            state: 'unresolved',
            memberId: transfer.memberId,
            vendorCode: credential?.vendorCode ?? null,
            direction: transfer.direction,
            amount: formatAmount(transfer.amount),
            attempts: now.attempts,
          },
        });
      }
      return report;
    },
  };
}

/**
 * How long the answer of a balance or info call is kept for a replay of its request_uuid
 * (docs/vendor-wallet-api.md): vendors retry within seconds or minutes, never after a day.
 */
export const BALANCE_REQUEST_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Every hour: the stored balance/info answers older than the retention are deleted. */
export const balanceRequestsPruneJob: JobDefinition = {
  name: 'game-balance-requests-prune',
  periodOf: everyMs(60 * 60 * 1000),
  run: async (tx, period) => ({
    deleted: await pruneBalanceRequests(
      tx,
      new Date(period.end.getTime() - BALANCE_REQUEST_RETENTION_MS),
    ),
  }),
};
