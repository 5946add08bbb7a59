import type { Redis } from 'ioredis';

export type RateDecision = { allowed: boolean; count: number; retryAfterSeconds: number };

/** Counts hits per key in fixed windows; with Redis the counts are shared by every process. */
export interface RateLimiter {
  /** Counts one hit against `key` and says whether it is within `limit` per `windowSeconds`. */
  hit(key: string, limit: number, windowSeconds: number): Promise<RateDecision>;
  /** Current count of `key` in its window, without counting a hit. */
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

/** The single-process limiter, used when REDIS_URL is not set. */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt > now()) return entry;
    windows.delete(key);
    return undefined;
  };
  return {
    async hit(key, limit, windowSeconds) {
      const entry = current(key) ?? { count: 0, resetAt: now() + windowSeconds * 1000 };
      entry.count += 1;
      windows.set(key, entry);
      const retryAfterSeconds = Math.max(1, Math.ceil((entry.resetAt - now()) / 1000));
      return { allowed: entry.count <= limit, count: entry.count, retryAfterSeconds };
    },
    async peek(key) {
      return current(key)?.count ?? 0;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

/** The shared limiter: INCR and a first-hit EXPIRE in one round trip. */
export function createRedisRateLimiter(redis: Redis, prefix = 'rl:'): RateLimiter {
  return {
    async hit(key, limit, windowSeconds) {
      const result = await redis
        .multi()
        .incr(prefix + key)
        .expire(prefix + key, windowSeconds, 'NX')
        .ttl(prefix + key)
        .exec();
      const count = Number(result?.[0]?.[1] ?? 0);
      const ttl = Number(result?.[2]?.[1] ?? windowSeconds);
      return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, ttl) };
    },
    async peek(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
