import { lastClosedPeriod, periodsToSettle } from '@app/agents';
import { formatAmount, type SettlementClockResult, type SettlementClockRun } from '@app/shared';
import { inTransaction } from '../../lib/transaction.js';
import type { Realtime } from '../realtime/index.js';
import {
  SETTLEMENT_DELAY_MS,
  SETTLEMENT_TARGETS,
  recordHeld,
  settleContractPeriod,
  type SettlementDeps,
} from './settlement.service.js';
import { publishSettled } from './settlement.job.js';

/**
 * The settlement clock aid (test and development only; the environment check refuses it in
 * production): what the settlement job will do when its clock reads `now + advanceMinutes`,
 * done now, for one merchant and contract type. Only the periods that close between the real
 * clock and that instant are settled, each in its own transaction like the job's; they are not
 * claimed in `job_runs`, so the job still settles each of them at its real close, where the
 * contracts settled here are skipped (one settlement row and one ledger entry per contract and
 * period) and contracts that came later are paid. Nothing else reads this clock.
 */
export async function settleAhead(
  { db, zones }: SettlementDeps,
  realtime: Pick<Realtime, 'publishBalance' | 'publishToMember'>,
  merchantId: number,
  request: SettlementClockRun,
  now: Date = new Date(),
): Promise<SettlementClockResult> {
  const at = new Date(now.getTime() + request.advanceMinutes * 60_000);
  const periods: SettlementClockResult['periods'] = [];
  const zone = await zones.zoneOf(merchantId);
  for (const target of SETTLEMENT_TARGETS.filter((t) => t.type === request.type)) {
    const closed = lastClosedPeriod(target.kind, now, zone, SETTLEMENT_DELAY_MS);
    const ahead = periodsToSettle(target.kind, closed, at, zone, SETTLEMENT_DELAY_MS);
    for (const period of ahead) {
      const outcome = await inTransaction(db, (tx) =>
        settleContractPeriod(tx, merchantId, target.type, period),
      );
      await publishSettled(db, realtime, [outcome]);
      await recordHeld(db, merchantId, target, period.key, outcome.held);
      periods.push({
        periodKey: period.key,
        contracts: outcome.contracts,
        paid: outcome.paid,
        total: formatAmount(outcome.total),
      });
    }
  }
  return { at: at.toISOString(), periods };
}
