import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { parseEnv } from '../../src/config/env.js';
import { createMemoryRateLimiter, createRedisRateLimiter } from '../../src/lib/rate-limiter.js';
import { testDatabases } from '../support/databases.js';
import { CAPTCHA_ANSWER, memberApi, randomIp } from '../support/member-api.js';

describe('memory rate limiter', () => {
  it('allows the limit, refuses beyond it and opens again in the next window', async () => {
    let now = 0;
    const sut = createMemoryRateLimiter(() => now);
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await sut.hit('k', 3, 60)).allowed);
    expect(results).toEqual([true, true, true, false]);
    expect(await sut.peek('k')).toBe(4);
    now = 61_000;
    expect((await sut.hit('k', 3, 60)).allowed).toBe(true);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('Redis rate limiter', () => {
  const redis = new Redis(redisUrl ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  afterAll(() => redis.disconnect());

  it('counts hits in one window shared by every client', async () => {
    const prefix = `test:${Date.now()}:`;
    const a = createRedisRateLimiter(redis, prefix);
    const b = createRedisRateLimiter(redis, prefix);
    await a.hit('k', 2, 60);
    await b.hit('k', 2, 60);
    const third = await a.hit('k', 2, 60);
    expect(third).toMatchObject({ allowed: false, count: 3 });
    expect(third.retryAfterSeconds).toBeGreaterThan(0);
    await b.reset('k');
    expect(await a.peek('k')).toBe(0);
  });

  it('locks an account for every server process once 10 guesses failed across them', async () => {
    const database = await testDatabases[0]!.open();
    const env = parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER,
    });
    const first = await buildApp({ env, database, redis: new Redis(redisUrl!) });
    const second = await buildApp({ env, database, redis: new Redis(redisUrl!) });
    try {
      const apiA = memberApi(first);
      const apiB = memberApi(second);
      const { user } = (await apiA.register()).json().value;
      for (let i = 0; i < 10; i++) {
        const api = i % 2 === 0 ? apiA : apiB;
        const captcha = i >= 3 ? { captchaId: await api.captchaId(), captcha: CAPTCHA_ANSWER } : {};
        await api.login(user.account, `Guess#${i}pw`, captcha, randomIp());
      }
      const res = await apiB.login(user.account, 'Secret#2026pw', {}, randomIp());
      expect(res.json().code).toBe('ACCOUNT_LOCKED');
    } finally {
      await first.close();
      await second.close();
      await database.close();
    }
  });
});
