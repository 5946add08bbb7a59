import type { Redis } from 'ioredis';
import { AppError } from './app-error.js';
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
}

export type RateLimiterOptions = {
  /** Shared store; without it the counts live in this process. */
  redis?: Redis | null;
  /** Prefix of every stored key (tests give a random one so parallel suites never meet). */
  keyPrefix?: string;
  /** Told once per Redis outage that the limits now count in this process's memory. */
  onFallback?: () => void;
};

/** A memory limiter that reports each time it stands in for Redis. */
class InsuranceMemory extends RateLimiterMemory {
  constructor(
    opts: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly standingIn: () => void,
  ) {
    super(opts);
  }
  override consume(...args: Parameters<RateLimiterMemory['consume']>) {
    this.standingIn();
    return super.consume(...args);
  }
  override reward(...args: Parameters<RateLimiterMemory['reward']>) {
    this.standingIn();
    return super.reward(...args);
  }
  override get(...args: Parameters<RateLimiterMemory['get']>) {
    this.standingIn();
    return super.get(...args);
  }
  override delete(...args: Parameters<RateLimiterMemory['delete']>) {
    this.standingIn();
    return super.delete(...args);
  }
}

function decision(res: RateLimiterRes, limit: number): RateDecision {
  return {
    allowed: res.consumedPoints <= limit,
    count: res.consumedPoints,
    retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  };
}

/**
 * The limiter on rate-limiter-flexible: RateLimiterRedis with a RateLimiterMemory insurance when
 * Redis is given (a Redis error degrades the limits to this process instead of failing the
 * request), RateLimiterMemory alone otherwise. rate-limiter-flexible fixes points and duration
 * per instance, so one instance is kept per (limit, window).
 */
export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const { redis, keyPrefix = 'rl', onFallback } = options;
  let degraded = false;
  // The outage ends when the client is ready again; the next failure is a new outage.
  redis?.on('ready', () => {
    degraded = false;
  });
  const standingIn = () => {
    if (degraded) return;
    degraded = true;
    onFallback?.();
  };
  const instances = new Map<string, RateLimiterAbstract>();
  const limiterFor = (limit: number, windowSeconds: number) => {
    const name = `${limit}x${windowSeconds}`;
    let instance = instances.get(name);
    if (!instance) {
      const opts = { keyPrefix: `${keyPrefix}:${name}`, points: limit, duration: windowSeconds };
      instance = redis
        ? new RateLimiterRedis({
            ...opts,
            storeClient: redis,
            insuranceLimiter: new InsuranceMemory(opts, standingIn),
          })
        : new RateLimiterMemory(opts);
      instances.set(name, instance);
    }
    return instance;
  };

  return {
    async consume(key, limit, windowSeconds) {
      try {
        return decision(await limiterFor(limit, windowSeconds).consume(key), limit);
      } catch (refused) {
        // Over the limit the library rejects with the result; anything else is a real failure.
        if (refused instanceof RateLimiterRes) return decision(refused, limit);
        throw refused;
      }
    },
    async refund(key, limit, windowSeconds) {
      await limiterFor(limit, windowSeconds).reward(key, 1);
    },
    async peek(key, limit, windowSeconds) {
      const res = await limiterFor(limit, windowSeconds).get(key);
      return res
        ? decision(res, limit)
        : { allowed: true, count: 0, retryAfterSeconds: windowSeconds };
    },
    async reset(key, limit, windowSeconds) {
      await limiterFor(limit, windowSeconds).delete(key);
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
