import type { Db } from '../../db/client.js';
import { everyMs, type JobDefinition } from '../jobs/index.js';
import * as repo from './rollup.repository.js';

/** How often the rollup reads the new vendor transactions (the reports add the rest live). */
export const ROLLUP_INTERVAL_MS = 5 * 60_000;

export type RollupReport = { from: number | null; to: number; rows: number };

/**
 * One pass of the agent reports' rollup (decision 015): the first builds every member-day from
 * `game_rounds`; each later one rolls up again the member-days that vendor transactions after
 * the watermark touched (a win or rollback on a round of an earlier day too), then moves the
 * watermark to a transaction id below which every transaction has ended. Serialised on the
 * watermark's row, so two passes never interleave (the first build included).
 */
export async function rollUp(tx: Db): Promise<RollupReport> {
  const from = await repo.lockWatermark(tx);
  const to = await repo.settledTransactionId(tx);
  const rows = from === null ? await repo.buildAll(tx) : await repo.rerollTouched(tx, from);
  await repo.saveWatermark(tx, Math.max(to, from ?? 0), from === null);
  return { from, to, rows };
}

/**
 * Every 5 minutes: the rollup pass, once per period across processes (its claim and its writes
 * commit together); a missed period needs no catch-up of its own, the next pass reads every
 * transaction after the watermark.
 */
export const agentReportRollupJob: JobDefinition = {
  name: 'agent-report-rollup',
  periodOf: everyMs(ROLLUP_INTERVAL_MS),
  run: (tx) => rollUp(tx),
};
