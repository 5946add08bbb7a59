import type { GuardedRedis } from '../../lib/redis.js';

/**
 * The shared part of the public state per merchant and language (issue 6): in Redis when the app
 * has it (every process sees an invalidation at once), else in this process. Entries also expire
 * after `ttlMs`, so winners and schedules that start or end on their own show within that time.
 */
export interface ContentCache {
  get(merchantId: number, field: string): Promise<string | null>;
  set(merchantId: number, field: string, value: string): Promise<void>;
  /** Drops every cached entry of the merchant (after an operator changes its content). */
  invalidate(merchantId: number): Promise<void>;
}

export const CONTENT_CACHE_TTL_MS = 30_000;

export function createMemoryContentCache(ttlMs = CONTENT_CACHE_TTL_MS): ContentCache {
  const byMerchant = new Map<number, Map<string, { value: string; expires: number }>>();
  return {
    async get(merchantId, field) {
      const entry = byMerchant.get(merchantId)?.get(field);
      if (!entry || entry.expires <= Date.now()) return null;
      return entry.value;
    },
    async set(merchantId, field, value) {
      const fields =
        byMerchant.get(merchantId) ?? new Map<string, { value: string; expires: number }>();
      fields.set(field, { value, expires: Date.now() + ttlMs });
      byMerchant.set(merchantId, fields);
    },
    async invalidate(merchantId) {
      byMerchant.delete(merchantId);
    },
  };
}

/**
 * One Redis hash per merchant; an invalidation deletes the hash. While Redis fails (the breaker is
 * open) every read is a miss, so the state comes from the database, and writes are skipped; an
 * invalidation lost in an outage shows at the latest when the entries expire.
 */
export function createRedisContentCache(
  { client, breaker }: GuardedRedis,
  ttlMs = CONTENT_CACHE_TTL_MS,
  prefix = 'content:state:',
): ContentCache {
  const key = (merchantId: number) => `${prefix}${merchantId}`;
  const skip = () => undefined;
  return {
    get(merchantId, field) {
      return breaker.run(
        async () => {
          const text = await client.hget(key(merchantId), field);
          if (text === null) return null;
          const at = text.indexOf('|');
          if (at < 0 || Number(text.slice(0, at)) <= Date.now()) return null;
          return text.slice(at + 1);
        },
        () => null,
      );
    },
    async set(merchantId, field, value) {
      await breaker.run(async () => {
        await client
          .multi()
          .hset(key(merchantId), field, `${Date.now() + ttlMs}|${value}`)
          .pexpire(key(merchantId), ttlMs * 4)
          .exec();
      }, skip);
    },
    async invalidate(merchantId) {
      await breaker.run(async () => {
        await client.del(key(merchantId));
      }, skip);
    },
  };
}
