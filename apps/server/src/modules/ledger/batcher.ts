import type { Db } from '../../db/client.js';
import { inTransaction } from '../../lib/transaction.js';
import {
  postEntryIn,
  prepareEntry,
  type EntryRequest,
  type EntryResult,
} from './ledger.service.js';
import * as repo from './ledger.repository.js';
import { inBatchTransaction, type Session } from './sessions.js';
import { LedgerSetBatch, type BatchOutcome, type PreparedEntry } from './set-batch.js';

type Prepared = PreparedEntry;

/**
 * Many entries in one database transaction (decision 007, batching). The answer for each entry
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

/** The set-based path: two round trips per batch (three when it replays stored entries). */
async function postSetBased(run: Session, batch: Prepared[]): Promise<BatchOutcome[]> {
  const set = new LedgerSetBatch();
  for (const prepared of batch) set.reserve(prepared);
  // The keys already taken are read in the same round trip as the locks: an entry under one of
  // them is a replay (or a conflicting reuse) and writes nothing, whatever the balances say.
  set.load(await run(set.firstStatements(), 'first'));
  // Decide every entry in order against the locked balances.
  for (const prepared of batch) set.decide(prepared);
  const replayed = set.storedReplays();
  const replayedLines =
    replayed.length > 0
      ? repo.parsePostingsOfEntries((await run([repo.postingsOfEntriesSql(replayed)]))[0]!)
      : new Map<number, repo.StoredPosting[]>();
  const written = (await run([set.writeStatement()], 'last'))[0]!;
  return set.results(written, replayedLines);
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
        if (RETRYABLE.has(sqlState(error) ?? '')) throw error;
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

type Counters = { retries: number; fallbacks: number };

async function writeBatch(
  db: Db,
  batch: Prepared[],
  mode: BatchMode,
  counters: Counters = { retries: 0, fallbacks: 0 },
): Promise<BatchOutcome[]> {
  if (batch.length === 0) return [];
  if (mode === 'set') {
    for (let attempt = 1; attempt <= SET_ATTEMPTS; attempt += 1) {
      try {
        return await inBatchTransaction(db, (run) => postSetBased(run, batch));
      } catch (error) {
        const keyTaken = sqlState(error) === repo.BATCH_CHECK_FAILED;
        if (!keyTaken && !RETRYABLE.has(sqlState(error) ?? '')) break;
        counters.retries += 1;
        // A key another transaction took between the read and the write: run again at once.
        if (attempt === 1 && keyTaken) continue;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * attempt));
      }
    }
    counters.fallbacks += 1;
  }
  return postWithSavepoints(db, batch);
}

export type LedgerBatcherOptions = {
  /** Most entries in one transaction. */
  maxBatch?: number;
  /** How long a batch may wait for more entries while a connection is free (0: the same tick). */
  maxWaitMs?: number;
  /** Transactions in flight at once; the pool needs at least this many connections. */
  maxConcurrent?: number;
  mode?: BatchMode;
};

export type LedgerBatcher = {
  /** Posts one entry with others in a shared transaction; answers as `postEntry` would. */
  submit: (request: EntryRequest) => Promise<EntryResult>;
  /** Resolves when every submitted entry has been answered. */
  drain: () => Promise<void>;
  /** Batches written, entries in them, set-based attempts run again, batches that fell back. */
  stats: () => { batches: number; entries: number; retries: number; fallbacks: number };
};

type Waiting = {
  prepared: Prepared;
  resolve: (result: EntryResult) => void;
  reject: (error: unknown) => void;
};

/**
 * Collects entries submitted at about the same time into shared transactions: while a batch is
 * being written, the next one fills up. For high-rate callers (vendor wallet callbacks, bets);
 * the caller's own state changes cannot join the batch, so a movement that must commit together
 * with a status change still uses `postEntryIn` in the caller's transaction.
 */
export function createLedgerBatcher(db: Db, options: LedgerBatcherOptions = {}): LedgerBatcher {
  const maxBatch = options.maxBatch ?? 200;
  const maxWaitMs = options.maxWaitMs ?? 0;
  const maxConcurrent = options.maxConcurrent ?? 2;
  const mode = options.mode ?? 'set';
  const queue: Waiting[] = [];
  let inFlight = 0;
  let timer: ReturnType<typeof setTimeout> | NodeJS.Immediate | undefined;
  let idle: (() => void)[] = [];
  let batches = 0;
  let entries = 0;
  const counters: Counters = { retries: 0, fallbacks: 0 };

  function schedule() {
    if (timer || queue.length === 0 || inFlight >= maxConcurrent) return;
    const flush = () => {
      timer = undefined;
      // Spread what waits over the free connections: one transaction runs on one core of the
      // database server, several use several.
      const size = Math.min(maxBatch, Math.ceil(queue.length / (maxConcurrent - inFlight)));
      while (queue.length > 0 && inFlight < maxConcurrent) run(queue.splice(0, size));
    };
    // Without a wait, the batch still takes everything submitted in this turn of the event loop.
    timer =
      queue.length >= maxBatch || maxWaitMs <= 0
        ? setImmediate(flush)
        : setTimeout(flush, maxWaitMs);
  }

  function run(waiting: Waiting[]) {
    inFlight += 1;
    batches += 1;
    entries += waiting.length;
    writeBatch(
      db,
      waiting.map((item) => item.prepared),
      mode,
      counters,
    )
      .then(
        (outcomes) =>
          outcomes.forEach((outcome, n) =>
            outcome.ok ? waiting[n]!.resolve(outcome.result) : waiting[n]!.reject(outcome.error),
          ),
        (error: unknown) => waiting.forEach((item) => item.reject(error)),
      )
      .finally(() => {
        inFlight -= 1;
        schedule();
        if (inFlight === 0 && queue.length === 0) {
          const done = idle;
          idle = [];
          done.forEach((resolve) => resolve());
        }
      });
  }

  return {
    submit: (request) =>
      new Promise<EntryResult>((resolve, reject) => {
        queue.push({ prepared: { request, ...prepareEntry(request) }, resolve, reject });
        schedule();
      }),
    drain: () =>
      inFlight === 0 && queue.length === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => idle.push(resolve)),
    stats: () => ({ batches, entries, ...counters }),
  };
}
