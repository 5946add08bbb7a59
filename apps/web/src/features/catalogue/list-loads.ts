/** SPEC section 9: list loads run one after another, each 500 ms after the previous ended. */
export const LIST_LOAD_SPACING_MS = 500;

type Timer = (run: () => void, ms: number) => unknown;

/**
 * A queue for the game list calls of a page (the home rows load hot, slots and fishing games):
 * a load starts when the previous one has ended and `spacingMs` more have passed, so a page with
 * several lists does not fire them all at once. A load queued after a quiet spell starts at once.
 * A load whose signal aborts while it waits is dropped without calling the server.
 */
export function createListLoadQueue(
  spacingMs: number = LIST_LOAD_SPACING_MS,
  now: () => number = Date.now,
  wait: Timer = setTimeout,
) {
  let tail: Promise<void> = Promise.resolve();
  let lastEnded = -Infinity;

  return function enqueue<T>(load: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const run = tail.then(async () => {
      const delay = lastEnded + spacingMs - now();
      if (delay > 0) await new Promise<void>((resolve) => wait(resolve, delay));
      signal?.throwIfAborted();
      try {
        return await load();
      } finally {
        lastEnded = now();
      }
    });
    // The next load waits for this one to end, whether it succeeded or not.
    tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };
}

/** The queue every game list of the app goes through. */
export const queueListLoad = createListLoadQueue();
