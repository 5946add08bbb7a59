import type { Db } from '../../db/client.js';
import type { MerchantZones } from '../merchant/index.js';
import { pushUnreadCounts } from '../content/index.js';
import { everyMs, type JobDefinition } from '../jobs/index.js';
import { publishLedgerResult, type Realtime } from '../realtime/index.js';
import {
  pruneSettlementClaims,
  settleDuePeriods,
  SETTLEMENT_JOB,
  type PeriodSettlement,
} from './settlement.service.js';

/**
 * Every minute: agent contracts are settled for every period that closed (decision 014): real-time
 * salary every 5 minutes, hourly and daily salary, dividends per pay period. The minute's claim
 * only starts the pass; each (merchant, type, period) is claimed and paid in its own transaction
 * by `settleDuePeriods`, which also catches up periods missed while no process ran. Agents paid
 * see their new balance and the payout's inbox message live.
 */
export function agentSettlementJob(
  realtime: Pick<Realtime, 'publishBalance' | 'publishToMember'>,
  zones: MerchantZones,
  onError?: (name: string, error: unknown) => void,
): JobDefinition {
  return {
    name: SETTLEMENT_JOB,
    periodOf: everyMs(60_000),
    run: async () => ({ started: true }),
    afterCommit: async (db, _result, period) => {
      const settled: PeriodSettlement[] = await settleDuePeriods({ db, zones }, period.end, {
        onError,
      });
      await publishSettled(db, realtime, settled);
    },
  };
}

/** After the commit: each agent paid gets its new balance and inbox unread count live. */
export async function publishSettled(
  db: Db,
  realtime: Pick<Realtime, 'publishBalance' | 'publishToMember'>,
  settled: PeriodSettlement[],
): Promise<void> {
  for (const outcome of settled) {
    for (const payout of outcome.payouts) {
      await publishLedgerResult(realtime, payout.merchantId, payout.currency, payout.entry);
    }
    await pushUnreadCounts(
      db,
      realtime,
      outcome.merchantId,
      outcome.payouts.map((payout) => payout.memberId),
    );
  }
}

/**
 * Every hour: the settlement's claims older than the retention are deleted (a claim is written
 * for every period of every contract type, about 300 a day per merchant with real-time salary
 * contracts, whether or not it paid anything), each job's newest claim kept.
 */
export const settlementClaimsPruneJob: JobDefinition = {
  name: 'agent-settlement-claims-prune',
  periodOf: everyMs(60 * 60_000),
  run: async (tx, period) => ({ deleted: await pruneSettlementClaims(tx, period.end) }),
};
