import { formatAmount } from '@app/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import {
  accountKey,
  addressOf,
  isMemberAccount,
  MERCHANT_ACCOUNT_SHARDS,
  type AccountAddress,
} from './accounts.js';
import {
  postEntryIn,
  prepareEntry,
  toLines,
  type EntryRequest,
  type EntryResult,
  type PostedLine,
  type Posting,
} from './ledger.service.js';
import * as repo from './ledger.repository.js';

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

export type BatchOutcome = { ok: true; result: EntryResult } | { ok: false; error: unknown };

type Prepared = { request: EntryRequest; postings: Posting[]; hash: string };

/** serialization_failure and deadlock_detected, as `inTransaction` retries them. */
const RETRYABLE = new Set(['40001', '40P01']);
const SET_ATTEMPTS = 5;

function sqlState(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  return (cause as { code?: string })?.code;
}

const entryKey = (merchantId: number, idempotencyKey: string) => `${merchantId}|${idempotencyKey}`;

/** The ledger's lock order: merchant, currency, then `accountKey` (as `postEntryIn`), shard. */
function compareSlots(
  a: { slot: repo.AccountSlot; key: string },
  b: { slot: repo.AccountSlot; key: string },
) {
  if (a.slot.merchantId !== b.slot.merchantId) return a.slot.merchantId - b.slot.merchantId;
  if (a.slot.currency !== b.slot.currency) return a.slot.currency < b.slot.currency ? -1 : 1;
  if (a.key !== b.key) return a.key < b.key ? -1 : 1;
  return a.slot.shard - b.slot.shard;
}

type Decision =
  | { type: 'apply'; lines: PostedLine[] }
  | { type: 'replay-stored'; entryId: number; createdAt: Date }
  | { type: 'replay-batch'; of: number }
  | { type: 'error'; error: unknown };

/**
 * Sends statements of one transaction and answers the rows of the last one. `first` sends BEGIN
 * in the same round trip, `last` sends COMMIT; a driver that cannot do that ignores both.
 */
/** Runs statements in one round trip; the rows of each, in order. */
type Session = (statements: string[], place?: 'first' | 'last') => Promise<repo.RawRow[][]>;

/** The set-based path: two round trips per batch (three when it replays stored entries). */
async function postSetBased(run: Session, batch: Prepared[]): Promise<BatchOutcome[]> {
  // Every account row the new entries may touch. A merchant account without a shard gets one
  // shard per batch: the batch's entries share its row, other batches most likely use another.
  const shards = new Map<string, number>();
  const slots = new Map<string, { slot: repo.AccountSlot; key: string; credited: boolean }>();
  const slotOf: string[][] = batch.map(({ request, postings }) => {
    return postings.map((posting) => {
      let address: AccountAddress = addressOf(posting.account);
      if (!isMemberAccount(posting.account) && posting.account.shard === undefined) {
        const shardKey = `${request.merchantId}|${request.currency}|${address.kind}`;
        let shard = shards.get(shardKey);
        if (shard === undefined) {
          shard = Math.floor(Math.random() * MERCHANT_ACCOUNT_SHARDS);
          shards.set(shardKey, shard);
        }
        address = { ...address, shard };
      }
      const slot = { merchantId: request.merchantId, currency: request.currency, ...address };
      const identity = repo.slotIdentity(slot);
      const known = slots.get(identity);
      const credited = posting.amount > 0n || address.memberId === null;
      if (known) known.credited ||= credited;
      else {
        slots.set(identity, {
          slot: { ...slot, ord: 0 },
          key: accountKey(posting.account),
          credited,
        });
      }
      return identity;
    });
  });
  const ordered = [...slots.values()].sort(compareSlots);
  ordered.forEach((item, ord) => (item.slot.ord = ord));

  // Rows opened by their first credit (a member's) or by any movement (a merchant shard) are
  // inserted if missing, then every row is locked, in one round trip.
  const opening = ordered.filter((item) => item.credited).map((item) => item.slot);
  // The keys already taken are read in the same round trip: an entry under one of them is a
  // replay (or a conflicting reuse) and writes nothing, whatever the balances say.
  const first = await run(
    [
      repo.findEntriesByKeysSql(
        batch.map(({ request }) => ({
          merchantId: request.merchantId,
          idempotencyKey: request.idempotencyKey,
        })),
      ),
      ...(opening.length > 0 ? [repo.openAccountsSql(opening)] : []),
      repo.lockAccountsSql(ordered.map((item) => item.slot)),
    ],
    'first',
  );
  const stored = new Map(
    repo
      .parseStoredKeys(first[0]!)
      .map((row) => [entryKey(row.merchantId, row.idempotencyKey), row]),
  );
  const locked = first[first.length - 1]!;
  const rows = new Map<number, { id: number; balance: bigint }>();
  for (const row of repo.parseLockedAccounts(locked)) rows.set(row.ord, row);

  // Decide every entry in order against the locked balances.
  const balances = new Map<number, bigint>([...rows].map(([ord, row]) => [ord, row.balance]));
  const started = new Map<string, number>();
  const decisions: Decision[] = batch.map(({ request, postings, hash }, index) => {
    const key = entryKey(request.merchantId, request.idempotencyKey);
    const original = stored.get(key);
    if (original) {
      return original.requestHash === hash
        ? { type: 'replay-stored', entryId: original.id, createdAt: original.createdAt }
        : { type: 'error', error: new AppError('DUPLICATE_TRANSACTION') };
    }
    const earlier = started.get(key);
    if (earlier !== undefined) {
      return batch[earlier]!.hash === hash
        ? { type: 'replay-batch', of: earlier }
        : { type: 'error', error: new AppError('DUPLICATE_TRANSACTION') };
    }
    const targets = slotOf[index]!.map((identity) => slots.get(identity)!.slot);
    for (const [n, posting] of postings.entries()) {
      const slot = targets[n]!;
      const balance = balances.get(slot.ord) ?? 0n;
      if (slot.memberId !== null && balance + posting.amount < 0n) {
        return {
          type: 'error',
          error: new AppError('INSUFFICIENT_BALANCE', { balance: formatAmount(balance) }),
        };
      }
    }
    const lines = postings.map((posting, n) => {
      const slot = targets[n]!;
      const balanceAfter = (balances.get(slot.ord) ?? 0n) + posting.amount;
      balances.set(slot.ord, balanceAfter);
      return {
        accountId: rows.get(slot.ord)!.id,
        kind: slot.kind,
        memberId: slot.memberId,
        vendorCode: slot.vendorCode,
        shard: slot.shard,
        amount: posting.amount,
        balanceAfter,
      };
    });
    started.set(key, index);
    return { type: 'apply', lines };
  });

  const replayed = decisions.flatMap((decision) =>
    decision.type === 'replay-stored' ? [decision.entryId] : [],
  );
  const replayedLines =
    replayed.length > 0
      ? repo.parsePostingsOfEntries((await run([repo.postingsOfEntriesSql(replayed)]))[0]!)
      : new Map<number, repo.StoredPosting[]>();

  const applying = decisions.flatMap((decision, index) =>
    decision.type === 'apply' ? [{ index, lines: decision.lines }] : [],
  );
  const deltas = new Map<number, bigint>();
  for (const { lines } of applying) {
    for (const line of lines) {
      deltas.set(line.accountId, (deltas.get(line.accountId) ?? 0n) + line.amount);
    }
  }
  const expected = new Map([...rows.values()].map((row) => [row.id, row.balance]));
  for (const { lines } of applying)
    for (const line of lines) expected.set(line.accountId, line.balanceAfter);
  const written = repo.parseWrittenEntries(
    (
      await run(
        [
          repo.writeBatchSql(
            applying.map(({ index }) => {
              const { request, hash } = batch[index]!;
              return {
                merchantId: request.merchantId,
                currency: request.currency,
                type: request.type,
                idempotencyKey: request.idempotencyKey,
                requestHash: hash,
                memberId: request.memberId ?? null,
                reference: request.reference ?? null,
              };
            }),
            [...deltas]
              .filter(([, delta]) => delta !== 0n)
              .map(([id, delta]) => ({ id, delta, expected: expected.get(id)! })),
            applying.flatMap(({ lines }, entry) =>
              lines.map((line) => ({
                entry,
                accountId: line.accountId,
                amount: line.amount,
                balanceAfter: line.balanceAfter,
              })),
            ),
          ),
        ],
        'last',
      )
    )[0]!,
  );
  const entries = new Map(written.map((row) => [applying[row.n]!.index, row] as const));

  const results: (EntryResult | undefined)[] = [];
  return decisions.map((decision, index): BatchOutcome => {
    switch (decision.type) {
      case 'error':
        return { ok: false, error: decision.error };
      case 'apply': {
        const entry = entries.get(index)!;
        const result = {
          entryId: entry.id,
          createdAt: entry.createdAt,
          replayed: false,
          lines: decision.lines,
        };
        results[index] = result;
        return { ok: true, result };
      }
      case 'replay-batch': {
        const original = results[decision.of]!;
        return {
          ok: true,
          result: {
            ...original,
            replayed: true,
            lines: original.lines.map((line) => ({ ...line })),
          },
        };
      }
      case 'replay-stored':
        return {
          ok: true,
          result: {
            entryId: decision.entryId,
            createdAt: decision.createdAt,
            replayed: true,
            lines: toLines(replayedLines.get(decision.entryId) ?? []),
          },
        };
    }
  });
}

/**
 * One transaction for the set-based path. On node-postgres it runs on a pooled client of its
 * own, BEGIN and COMMIT riding with the first and last statement (two round trips in all);
 * elsewhere (PGlite) in a drizzle transaction.
 */
async function inBatchTransaction<T>(db: Db, work: (run: Session) => Promise<T>): Promise<T> {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) {
    return db.transaction((tx) =>
      work(async (statements) => {
        const answers: repo.RawRow[][] = [];
        for (const statement of statements) {
          // Both drivers answer a raw query with `{ rows }`; the result type does not say so.
          const result: unknown = await tx.execute(sql.raw(statement));
          answers.push((result as { rows: repo.RawRow[] }).rows);
        }
        return answers;
      }),
    );
  }
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    return await work(async (statements, place) => {
      const text = [
        ...(place === 'first' ? ['begin'] : []),
        ...statements,
        ...(place === 'last' ? ['commit'] : []),
      ];
      // Several statements in one string: the simple protocol answers one result for each.
      const answer = (await client.query(text.join(';\n'))) as unknown as
        pg.QueryResult<repo.RawRow> | pg.QueryResult<repo.RawRow>[];
      const results = Array.isArray(answer) ? answer : [answer];
      // The answers of the statements asked for, without BEGIN's and COMMIT's.
      const skip = place === 'first' ? 1 : 0;
      return results.slice(skip, skip + statements.length).map((result) => result.rows);
    });
  } catch (error) {
    // Ends the transaction if it is still open (a warning only when it is not).
    await client.query('rollback').catch((failure: Error) => (broken = failure));
    throw error;
  } finally {
    client.release(broken);
  }
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
