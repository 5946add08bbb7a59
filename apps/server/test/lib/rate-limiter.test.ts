import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createCircuitBreaker } from '../../src/lib/circuit-breaker.js';
import { createRateLimiter, type RateLimiter } from '../../src/lib/rate-limiter.js';
import type { GuardedRedis } from '../../src/lib/redis.js';

/** 60 parallel attempts at one key with a limit of 5: how many were allowed, and the counts. */
async function burst(sut: RateLimiter, key: string) {
  const decisions = await Promise.all(Array.from({ length: 60 }, () => sut.consume(key, 5, 60)));
  return {
    allowed: decisions.filter((d) => d.allowed).length,
    counts: decisions.map((d) => d.count).sort((a, b) => a - b),
  };
}

/** A connection with its own breaker, as buildApp makes one; `onFallback` hears each outage. */
function guarded(client: Redis, onFallback: () => void): GuardedRedis {
  return { client, breaker: createCircuitBreaker({ openMs: 3_000, onOpen: onFallback }) };
}

describe('memory rate limiter', () => {
  it('allows the limit of a parallel burst, refunds, resets and opens in the next window', async () => {
    const sut = createRateLimiter();
    const { allowed, counts } = await burst(sut, 'k');
    expect(allowed).toBe(5);
    expect(counts).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    const refused = await sut.consume('k', 5, 60);
    expect(refused).toMatchObject({ allowed: false, count: 61 });
    expect(refused.retryAfterSeconds).toBeGreaterThan(50);
    await sut.refund('k', 5, 60);
    expect((await sut.peek('k', 5, 60)).count).toBe(60);
    await sut.reset('k', 5, 60);
    expect((await sut.consume('k', 5, 60)).allowed).toBe(true);

    await sut.consume('short', 1, 1);
    expect((await sut.consume('short', 1, 1)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await sut.consume('short', 1, 1)).allowed).toBe(true);
  });

  it('keeps apart the same key under another prefix', async () => {
    const a = createRateLimiter({ keyPrefix: 'a' });
    const b = createRateLimiter({ keyPrefix: 'b' });
    await a.consume('k', 1, 60);
    expect((await b.consume('k', 1, 60)).allowed).toBe(true);
  });
});

describe('rate limiter on an unreachable Redis', () => {
  it('answers at once from process memory and says so once per outage', async () => {
    const dead = new Redis({
      host: '127.0.0.1',
      port: 1,
      lazyConnect: true,
      enableOfflineQueue: false,
      retryStrategy: () => 1000,
    });
    dead.on('error', () => {});
    const onFallback = vi.fn();
    const sut = createRateLimiter({ redis: guarded(dead, onFallback), keyPrefix: randomPrefix() });
    try {
      const started = Date.now();
      const { allowed } = await burst(sut, 'k');
      expect(allowed).toBe(5);
      expect((await sut.consume('k', 5, 60)).count).toBe(61);
      await sut.refund('k', 5, 60);
      expect((await sut.peek('k', 5, 60)).count).toBe(60);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(onFallback).toHaveBeenCalledTimes(1);
    } finally {
      dead.disconnect();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const randomPrefix = () => `test:${randomUUID()}`;

describe.skipIf(!redisUrl)('Redis rate limiter', () => {
  const redis = new Redis(redisUrl ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  afterAll(() => redis.disconnect());

  it('counts a parallel burst from two processes in one window', async () => {
    const keyPrefix = randomPrefix();
    const other = new Redis(redisUrl!);
    const onFallback = vi.fn();
    const a = createRateLimiter({ redis: guarded(redis, onFallback), keyPrefix });
    const b = createRateLimiter({ redis: guarded(other, onFallback), keyPrefix });
    try {
      const decisions = await Promise.all(
        Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? a : b).consume('k', 5, 60)),
      );
      expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
      const next = await b.consume('k', 5, 60);
      expect(next).toMatchObject({ allowed: false, count: 61 });
      expect(next.retryAfterSeconds).toBeGreaterThan(50);
      await a.refund('k', 5, 60);
      expect((await b.peek('k', 5, 60)).count).toBe(60);
      await b.reset('k', 5, 60);
      expect((await a.peek('k', 5, 60)).count).toBe(0);
      expect(onFallback).not.toHaveBeenCalled();
    } finally {
      other.disconnect();
    }
  });
});
