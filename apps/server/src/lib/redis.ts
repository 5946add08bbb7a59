import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import { createCircuitBreaker, type CircuitBreaker } from './circuit-breaker.js';
import { within } from './within.js';

type Log = Pick<FastifyBaseLogger, 'warn' | 'info'>;

/** How long a failed Redis call makes the others skip Redis before one tries it again. */
export const REDIS_OPEN_MS = 3_000;

/**
 * Options for every connection the server opens to Redis (issue 17: with Redis stopped, a login
 * took 32 s because commands queued and retried). A command on a dead connection fails at once
 * and one on a hanging connection after `commandTimeout`, so callers fall back instead of
 * waiting; the connection itself keeps reconnecting in the background.
 */
const REDIS_OPTIONS: RedisOptions = {
  // connectRedis waits for the first connection; duplicates (the realtime subscriber) inherit it.
  lazyConnect: true,
  enableOfflineQueue: false,
  commandTimeout: 500,
  connectTimeout: 1_000,
  // A command in flight when the connection drops fails then, rather than being resent later.
  maxRetriesPerRequest: 0,
  retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
};

export function createRedis(url: string): Redis {
  return new Redis(url, REDIS_OPTIONS);
}

/**
 * Waits for the first connection, a second at most, and never fails: the server starts and
 * serves with Redis down or hanging (readiness says so), and uses Redis once a background
 * reconnect gets through.
 */
export async function connectRedis(redis: Redis): Promise<void> {
  if (redis.status !== 'wait') return;
  await within(
    redis.connect().catch(() => undefined),
    1_000,
    undefined,
  );
}

/**
 * Logs a connection's outages, once each: a warning when it drops, info when it is back. It also
 * keeps ioredis from printing every failed reconnect, which it does when no one listens to
 * 'error'. Returns the function that stops watching.
 */
export function watchRedis(redis: Redis, log: Log, connection: string): () => void {
  let down = false;
  const onDown = (error?: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error, connection }, 'Redis unreachable; reconnecting in the background');
  };
  const onError = (error: Error) => onDown(error);
  const onReconnecting = () => onDown();
  const onReady = () => {
    if (!down) return;
    down = false;
    log.info({ connection }, 'Redis connection is back');
  };
  redis.on('error', onError);
  redis.on('reconnecting', onReconnecting);
  redis.on('ready', onReady);
  return () => {
    redis.off('error', onError);
    redis.off('reconnecting', onReconnecting);
    redis.off('ready', onReady);
  };
}

/**
 * The breaker every Redis call on a request path goes through, one per process: when Redis
 * fails, each caller takes its fallback (a cache miss, limits in process memory, a live event
 * delivered on this process only) without waiting, and the operator gets one warning per outage.
 */
export function createRedisBreaker(log: Log, openMs = REDIS_OPEN_MS): CircuitBreaker {
  return createCircuitBreaker({
    openMs,
    onOpen: (error) =>
      log.warn(
        { err: error },
        'Redis calls failing: until it answers, caches miss, attempt limits count in this ' +
          'process and live events reach its own sockets only',
      ),
    onClose: () => log.info('Redis calls answer again'),
  });
}

/** A Redis connection with the breaker its request-path callers go through. */
export type GuardedRedis = { client: Redis; breaker: CircuitBreaker };
