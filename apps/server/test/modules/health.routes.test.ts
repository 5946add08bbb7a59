import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { parseEnv } from '../../src/config/env.js';
import type { DatabaseHandle } from '../../src/db/client.js';
import { testDatabases } from '../support/databases.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe('readiness', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await testDatabases[0]!.open();
  });
  afterAll(() => database.close());

  it('reports the database and an absent Redis', async () => {
    const app = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database,
      redis: null,
    });
    const res = await app.inject({ url: '/healthz' });
    await app.close();
    expect(res.json()).toEqual({
      success: true,
      value: { database: 'pglite', redis: 'not-configured' },
    });
  });

  it.skipIf(!redisUrl)('pings Redis when REDIS_URL is configured', async () => {
    const redis = new Redis(redisUrl!);
    const app = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database,
      redis,
    });
    const res = await app.inject({ url: '/healthz' });
    await app.close();
    redis.disconnect();
    expect(res.json().value.redis).toBe('ok');
  });
});
