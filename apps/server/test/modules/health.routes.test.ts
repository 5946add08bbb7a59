import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../../src/db/client.js';
import { createRedis } from '../../src/lib/redis.js';
import { healthRoutes, HEALTH_CHECK_TIMEOUT_MS } from '../../src/modules/health/health.routes.js';
import { registerErrorHandler } from '../../src/plugins/error-handler.js';
import { testDatabases } from '../support/databases.js';
import { buildTestApp } from '../support/test-app.js';

const redisUrl = process.env.TEST_REDIS_URL;

/** A TCP server that accepts connections and never answers: a hung Redis or database. */
async function blackHole(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A port nothing listens on: a stopped Redis. */
async function closedPort(): Promise<number> {
  const hole = await blackHole();
  await hole.close();
  return hole.port;
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await run();
  return { value, ms: performance.now() - start };
}

describe('readiness', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await testDatabases[0]!.open();
  });
  afterAll(() => database.close());

  async function healthWith(redis: Redis | null) {
    const app = await buildTestApp(database, {}, redis);
    try {
      return await timed(() => app.inject({ url: '/healthz' }));
    } finally {
      await app.close();
      redis?.disconnect();
    }
  }

  it('reports the database and an absent Redis', async () => {
    const { value: res } = await healthWith(null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      value: {
        status: 'ok',
        database: 'pglite',
        checks: { database: 'up', redis: 'not-configured' },
      },
    });
  });

  it.skipIf(!redisUrl)('pings Redis when REDIS_URL is configured', async () => {
    const { value: res } = await healthWith(createRedis(redisUrl!));
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ status: 'ok', checks: { redis: 'up' } });
  });

  it('stays ready, degraded, and says at once that a stopped Redis is down', async () => {
    const { value: res, ms } = await healthWith(
      createRedis(`redis://127.0.0.1:${await closedPort()}`),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      status: 'degraded',
      checks: { database: 'up', redis: 'down' },
    });
    expect(ms).toBeLessThan(HEALTH_CHECK_TIMEOUT_MS);
  });

  it('says a Redis that hangs is down within its timeout', async () => {
    const hole = await blackHole();
    try {
      const { value: res, ms } = await healthWith(createRedis(`redis://127.0.0.1:${hole.port}`));
      expect(res.statusCode).toBe(200);
      expect(res.json().value).toMatchObject({ status: 'degraded', checks: { redis: 'down' } });
      expect(ms).toBeLessThan(HEALTH_CHECK_TIMEOUT_MS + 500);
    } finally {
      await hole.close();
    }
  });

  it('answers 503 within its timeout when the database hangs, naming what is down', async () => {
    const hole = await blackHole();
    const hung = openPostgres(`postgres://app@127.0.0.1:${hole.port}/platform`);
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    await app.register(healthRoutes, { db: hung.db, driver: hung.driver, redis: null });
    try {
      const { value: res, ms } = await timed(() => app.inject({ url: '/healthz' }));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'SERVICE_UNAVAILABLE',
        value: { checks: { database: 'down', redis: 'not-configured' } },
      });
      expect(ms).toBeLessThan(HEALTH_CHECK_TIMEOUT_MS + 500);
    } finally {
      await app.close();
      await hole.close();
      await hung.close();
    }
  });
});
