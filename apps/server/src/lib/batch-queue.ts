/**
 * Collects items submitted at about the same time into batches and writes each batch with one
 * call (decision 021): while a lane's batch is being written, its next one fills up, so the batch
 * size follows the load (1 when idle, dozens under load) and nobody waits for a timer. Lanes
 * are batches in flight at once (one database transaction each, so about the database server's
 * cores); items with the same `laneOf` key always share a lane, so they are written in the order
 * they were submitted, and two batches of this queue never wait on each other's rows for them.
 */

export type Settled<A> = { ok: true; result: A } | { ok: false; error: unknown };

export type BatchQueueOptions<I> = {
  /** Batches in flight at once (default 2). */
  lanes?: number;
  /** Most items in one batch (default 200). */
  maxBatch?: number;
  /** Items with one key share a lane; without it, an item goes to the lane with least waiting. */
  laneOf?: (item: I) => string;
};

export type BatchQueue<I, A> = {
  /** Answers the item's outcome in its batch: resolves with its result, rejects with its error. */
  submit: (item: I) => Promise<A>;
  /** Batches written and the items in them. */
  stats: () => { batches: number; items: number };
};

type Waiting<I, A> = { item: I; resolve: (answer: A) => void; reject: (error: unknown) => void };

function hashOf(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i += 1) hash = (hash * 31 + text.charCodeAt(i)) | 0;
  return Math.abs(hash);
}

/** `write` answers one outcome per item, in order; when it throws, every item of the batch fails. */
export function createBatchQueue<I, A>(
  write: (items: I[]) => Promise<Settled<A>[]>,
  options: BatchQueueOptions<I> = {},
): BatchQueue<I, A> {
  const lanes = Math.max(1, options.lanes ?? 2);
  const maxBatch = options.maxBatch ?? 200;
  const queues: Waiting<I, A>[][] = Array.from({ length: lanes }, () => []);
  const busy: boolean[] = Array.from({ length: lanes }, () => false);
  let batches = 0;
  let items = 0;

  function laneFor(item: I): number {
    if (options.laneOf) return hashOf(options.laneOf(item)) % lanes;
    let best = 0;
    for (let lane = 1; lane < lanes; lane += 1) {
      const load = (n: number) => queues[n]!.length + (busy[n] ? maxBatch : 0);
      if (load(lane) < load(best)) best = lane;
    }
    return best;
  }

  function schedule(lane: number) {
    if (busy[lane] || queues[lane]!.length === 0) return;
    busy[lane] = true;
    // Everything submitted in this turn of the event loop joins the batch.
    setImmediate(() => {
      const waiting = queues[lane]!.splice(0, maxBatch);
      batches += 1;
      items += waiting.length;
      write(waiting.map((entry) => entry.item))
        .then(
          (outcomes) =>
            outcomes.forEach((outcome, n) =>
              outcome.ok ? waiting[n]!.resolve(outcome.result) : waiting[n]!.reject(outcome.error),
            ),
          (error: unknown) => waiting.forEach((entry) => entry.reject(error)),
        )
        .finally(() => {
          busy[lane] = false;
          schedule(lane);
        });
    });
  }

  return {
    submit: (item) =>
      new Promise<A>((resolve, reject) => {
        const lane = laneFor(item);
        queues[lane]!.push({ item, resolve, reject });
        schedule(lane);
      }),
    stats: () => ({ batches, items }),
  };
}
