/**
 * Loading a front end's code chunks (SPEC sections 8 and 9): a chunk that does not arrive within
 * 120,000 ms counts as failed, and a failed chunk is reported with its id and the reason:
 * `timeout`, `missing` (the browser could not fetch the module: not on the server, as after a new
 * release replaced the files, or the connection dropped) or `other` (it arrived but failed to
 * run). The report goes to the console once per chunk and page load, and the error, a
 * `ChunkLoadError`, reaches the page's error screen, which names the chunk and the reason. Free
 * of React: the member site and the back office wrap it in `React.lazy` for their components.
 */

export const CHUNK_TIMEOUT_MS = 120_000;

export type ChunkFailureReason = 'timeout' | 'missing' | 'other';

export class ChunkLoadError extends Error {
  constructor(
    readonly chunkId: string,
    readonly reason: ChunkFailureReason,
    options?: { cause?: unknown },
  ) {
    super(`Loading chunk ${chunkId} failed (${reason})`, options);
    this.name = 'ChunkLoadError';
  }
}

// What the browsers say when a module script cannot be fetched (Chromium, Firefox, Safari), and
// what Vite's preloading says of a stylesheet of the chunk.
const NOT_FETCHED =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** Why a dynamic import failed: the module was not fetched (`missing`), or something else. */
export function chunkFailureReason(error: unknown): ChunkFailureReason {
  const message = error instanceof Error ? error.message : String(error);
  return NOT_FETCHED.test(message) ? 'missing' : 'other';
}

const reported = new Set<string>();

function report(error: ChunkLoadError): void {
  const key = `${error.chunkId}|${error.reason}`;
  if (reported.has(key)) return;
  reported.add(key);
  console.error(`Chunk load failed: ${error.chunkId} (${error.reason})`, error.cause);
}

/**
 * Runs a dynamic import of the chunk `chunkId`; fails with a reported `ChunkLoadError` when it
 * fails or has not settled after `timeoutMs`. A later call tries again (the browser may have
 * cached the failure of a module for the page's life; a reload clears it).
 */
export function loadChunk<T>(
  chunkId: string,
  importer: () => Promise<T>,
  timeoutMs = CHUNK_TIMEOUT_MS,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(chunkId, 'timeout')), timeoutMs);
  });
  const loaded = importer().catch((cause: unknown) => {
    throw new ChunkLoadError(chunkId, chunkFailureReason(cause), { cause });
  });
  return Promise.race([loaded, timeout])
    .catch((error: unknown) => {
      if (error instanceof ChunkLoadError) report(error);
      throw error;
    })
    .finally(() => clearTimeout(timer));
}
