import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { buildApp } from '../../src/app.js';
import { parseEnv } from '../../src/config/env.js';
import type { DatabaseHandle } from '../../src/db/client.js';

/**
 * The real app on a test database, with no web build unless a dist folder is given, and Redis
 * only when a connection is given.
 */
export function buildTestApp(
  database: DatabaseHandle,
  env: Record<string, string> = {},
  redis: Redis | null = null,
): Promise<FastifyInstance> {
  return buildApp({
    env: parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      ADMIN_DIST_DIR: '/nonexistent',
      ...env,
    }),
    database,
    redis,
  });
}
