import type { Db } from '../../db/client.js';
import { inTransaction } from '../../lib/transaction.js';
import { postEntryIn, prepareEntry, type EntryRequest } from './ledger.service.js';
import * as repo from './ledger.repository.js';
import { inBatchTransaction } from './sessions.js';
import { runSetBatch, type BatchOutcome, type PreparedEntry } from './set-batch.js';

type Prepared = PreparedEntry;

/**
 * Many entries in one database transaction (decision 007, batching): the many-entry form of the
 * ledger's one implementation (`LedgerSetBatch`, whose batch of one is `postEntryIn`). Production's
 * batches are the vendor wallet's, which add their own rows to the same statements; this form
 * funds accounts in benches and tests many ledger-only entries at once. The answer for each entry
 * is what `postEntry` would have answered for it alone, in the order the entries are given: a
 * replay returns the original result, a reused key is DUPLICATE_TRANSACTION, a debit below zero
 * is INSUFFICIENT_BALANCE, and a refused entry moves nothing while the others commit.
 *
 * The usual path is set-based: one round trip opens missing account rows and locks every row of
 * the batch in the ledger's one lock order; the entries are decided in order against the locked
 * balances; one statement writes all entries, balance changes and postings and checks that every
 * key was free (else the batch runs again, reading the taken keys first). When
 * that path fails for a reason other than a lost race, the batch runs again with each entry in
 * its own savepoint (`postEntryIn`), so one bad entry cannot take the others down.
 */

export type { BatchOutcome } from './set-batch.js';

/** serialization_failure and deadlock_detected, as `inTransaction` retries them. */
const RETRYABLE = new Set(['40001', '40P01']);
const SET_ATTEMPTS = 5;

function sqlState(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  return (cause as { code?: string })?.code;
}

/** The fallback: each entry in its own savepoint, so that a failing one undoes only itself. */
function postWithSavepoints(db: Db, batch: Prepared[]): Promise<BatchOutcome[]> {
  return inTransaction(db, async (tx) => {
    const outcomes: BatchOutcome[] = [];
    for (const { request } of batch) {
      try {
        outcomes.push({ ok: true, result: await tx.transaction((sp) => postEntryIn(sp, request)) });
      } catch (error) {
        // A lost race dooms the whole transaction: run the batch again.
        const state = sqlState(error) ?? '';
        if (RETRYABLE.has(state) || state === repo.BATCH_CHECK_FAILED) throw error;
        outcomes.push({ ok: false, error });
      }
    }
    return outcomes;
  });
}

export type BatchMode = 'set' | 'savepoint';

/**
 * Writes `requests` in one transaction (retried when it loses a race) and answers each one as
 * `postEntry` would have; nothing is answered before the commit. A malformed request is answered
 * with its error and does not stop the others.
 */
export async function postEntries(
  db: Db,
  requests: EntryRequest[],
  mode: BatchMode = 'set',
): Promise<BatchOutcome[]> {
  const outcomes: (BatchOutcome | undefined)[] = [];
  const batch: Prepared[] = [];
  const positions: number[] = [];
  requests.forEach((request, index) => {
    try {
      batch.push({ request, ...prepareEntry(request) });
      positions.push(index);
    } catch (error) {
      outcomes[index] = { ok: false, error };
    }
  });
  const written = await writeBatch(db, batch, mode);
  written.forEach((outcome, n) => (outcomes[positions[n]!] = outcome));
  return outcomes as BatchOutcome[];
}

async function writeBatch(db: Db, batch: Prepared[], mode: BatchMode): Promise<BatchOutcome[]> {
  if (batch.length === 0) return [];
  if (mode === 'set') {
    for (let attempt = 1; attempt <= SET_ATTEMPTS; attempt += 1) {
      try {
        return await inBatchTransaction(
          db,
          (run) => runSetBatch(run, batch),
          repo.ledgerStatements,
        );
      } catch (error) {
        const keyTaken = sqlState(error) === repo.BATCH_CHECK_FAILED;
        if (!keyTaken && !RETRYABLE.has(sqlState(error) ?? '')) break;
        // A key another transaction took between the read and the write: run again at once.
        if (attempt === 1 && keyTaken) continue;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * attempt));
      }
    }
  }
  return postWithSavepoints(db, batch);
}
