import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from './app-error.js';
import type { GuardedRedis } from './redis.js';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

export type RateDecision = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Attempt limits per key in fixed windows of `windowSeconds`, `limit` points each (decision
 * 017). A caller reserves its point before it judges anything, so N parallel attempts count as
 * N; with Redis the counts are shared by every process.
 */
export interface RateLimiter {
  /** Reserves one point of `key`; `allowed` when the count is still within `limit`. */
  consume(key: string, limit: number, windowSeconds: number): Promise<RateDecision>;
  /** Gives back a point this request reserved (a success, or a refusal before any judgement). */
  refund(key: string, limit: number, windowSeconds: number): Promise<void>;
  /** The count and time left of `key` without reserving: only for answers, never a decision. */
  peek(key: string, limit: number, windowSeconds: number): Promise<RateDecision>;
  reset(key: string, limit: number, windowSeconds: number): Promise<void>;
  /** Uses `key` up for `seconds` from now, whatever its count (one atomic write). */
  block(key: string, limit: number, windowSeconds: number, seconds: number): Promise<void>;
}

export type RateLimiterOptions = {
  /**
   * Shared store with the process's Redis breaker (lib/redis.ts); without it the counts live in
   * this process. While the breaker is open (Redis failing or hanging) every limit counts in
   * memory at once, so a Redis outage costs no request its command timeout, and the breaker's
   * warning is the outage's one log line.
   */
  redis?: GuardedRedis | null;
  /** Prefix of every stored key (tests give a random one so parallel suites never meet). */
  keyPrefix?: string;
};

function decision(res: RateLimiterRes, limit: number): RateDecision {
  return {
    allowed: res.consumedPoints <= limit,
    count: res.consumedPoints,
    retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  };
}

/** The library's answer, or the result it rejects with when the limit is used up. */
async function settle<T>(call: () => Promise<T>): Promise<T | RateLimiterRes> {
  try {
    return await call();
  } catch (refused) {
    if (refused instanceof RateLimiterRes) return refused;
    throw refused;
  }
}

/**
 * The limiter on rate-limiter-flexible: RateLimiterRedis when Redis is given, with a
 * RateLimiterMemory standing in while the breaker is open, so a Redis outage degrades the limits
 * to this process instead of failing the request; RateLimiterMemory alone otherwise.
 * rate-limiter-flexible fixes points and duration per instance, so one pair of instances is kept
 * per (limit, window).
 */
export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const { redis, keyPrefix = 'rl' } = options;
  type Pair = { shared: RateLimiterAbstract | null; memory: RateLimiterAbstract };
  const instances = new Map<string, Pair>();
  const pairFor = (limit: number, windowSeconds: number): Pair => {
    const name = `${limit}x${windowSeconds}`;
    let pair = instances.get(name);
    if (!pair) {
      const opts = { keyPrefix: `${keyPrefix}:${name}`, points: limit, duration: windowSeconds };
      pair = {
        shared: redis ? new RateLimiterRedis({ ...opts, storeClient: redis.client }) : null,
        memory: new RateLimiterMemory(opts),
      };
      instances.set(name, pair);
    }
    return pair;
  };
  /** One library call on the shared store, or in memory while it fails. */
  const run = <T>(
    limit: number,
    windowSeconds: number,
    call: (limiter: RateLimiterAbstract) => Promise<T>,
  ): Promise<T | RateLimiterRes> => {
    const { shared, memory } = pairFor(limit, windowSeconds);
    if (!redis || !shared) return settle(() => call(memory));
    return redis.breaker.run(
      () => settle(() => call(shared)),
      () => settle(() => call(memory)),
    );
  };

  return {
    async consume(key, limit, windowSeconds) {
      return decision(await run(limit, windowSeconds, (l) => l.consume(key)), limit);
    },
    async refund(key, limit, windowSeconds) {
      await run(limit, windowSeconds, (l) => l.reward(key, 1));
    },
    async peek(key, limit, windowSeconds) {
      const res = await run(limit, windowSeconds, (l) => l.get(key));
      return res
        ? decision(res, limit)
        : { allowed: true, count: 0, retryAfterSeconds: windowSeconds };
    },
    async reset(key, limit, windowSeconds) {
      await run(limit, windowSeconds, (l) => l.delete(key));
    },
    async block(key, limit, windowSeconds, seconds) {
      await run(limit, windowSeconds, (l) => l.block(key, seconds));
    },
  };
}

/** Reserves a point of `key` or refuses the request: TOO_MANY_REQUESTS with Retry-After. */
export async function consumeOrThrottle(
  limiter: RateLimiter,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<RateDecision> {
  const result = await limiter.consume(key, limit, windowSeconds);
  if (!result.allowed) {
    throw new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: result.retryAfterSeconds });
  }
  return result;
}

/**
 * How long a judgement waits for the same key's judgements in flight before it is throttled: up to
 * 15 s, so an owner's burst of parallel requests (a hundred transfers at once, each hashing its
 * payment password on a busy machine, five at a time) is served rather than refused; a key past
 * its wrong answers is refused at once.
 */
const IN_FLIGHT_WAIT_MS = 50;
const IN_FLIGHT_WAIT_TRIES = 300;

/** A secret judged within its limit: right, or wrong with the tries left in the window. */
export type Verdict = { right: true } | { right: false; attemptsLeft: number };

/**
 * Judges a secret (a password, a code) under a limit of `failures` wrong ones per window at
 * `key`, reserving the judgement before `judge` runs (decision 017). The reservations are the
 * wrong answers of the window plus the judgements in flight, so at most `failures` are ever
 * judged however many arrive at once. A right answer gives its reservation back; one refused
 * only because others are in flight (fewer wrong ones than the limit so far) waits for them, so
 * the owner's own parallel requests are not throttled. Past the limit: TOO_MANY_REQUESTS with
 * Retry-After until the window ends, even for the right secret.
 */
export async function judgeWithinLimit(
  limiter: RateLimiter,
  key: string,
  limit: { failures: number; windowSeconds: number },
  judge: () => Promise<boolean>,
): Promise<Verdict> {
  const { failures, windowSeconds } = limit;
  const wrongKey = `${key}:wrong`;
  for (let tries = 0; ; tries++) {
    if ((await limiter.consume(key, failures, windowSeconds)).allowed) break;
    await limiter.refund(key, failures, windowSeconds);
    const wrong = await limiter.peek(wrongKey, failures, windowSeconds);
    if (wrong.count >= failures || tries >= IN_FLIGHT_WAIT_TRIES) {
      throw new AppError('TOO_MANY_REQUESTS', {
        retryAfterSeconds: wrong.count >= failures ? wrong.retryAfterSeconds : 1,
      });
    }
    await sleep(IN_FLIGHT_WAIT_MS);
  }
  if (await judge()) {
    await limiter.refund(key, failures, windowSeconds);
    return { right: true };
  }
  const wrong = await limiter.consume(wrongKey, failures, windowSeconds);
  return { right: false, attemptsLeft: Math.max(0, failures - wrong.count) };
}
