import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { buildApp } from '../../src/app.js';
import { parseEnv } from '../../src/config/env.js';
import type { DatabaseHandle } from '../../src/db/client.js';
import { CAPTCHA_ANSWER, memberApi, type MemberApi } from './member-api.js';

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

/** A suite's app on its own database, with the fixed captcha answer (CAPTCHA_FIXED_ANSWER). */
export type TestApp = { database: DatabaseHandle; app: FastifyInstance };

/** Opens the suite's database and builds the app on it (a suite's `beforeAll`). */
export async function startTestApp(open: () => Promise<DatabaseHandle>): Promise<TestApp> {
  const database = await open();
  const app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
  return { database, app };
}

/** `startTestApp` with the member API client of the app. */
export async function startMemberApp(
  open: () => Promise<DatabaseHandle>,
): Promise<TestApp & { api: MemberApi }> {
  const started = await startTestApp(open);
  return { ...started, api: memberApi(started.app) };
}

/** Closes the suite's app, then its database (a suite's `afterAll`). */
export async function closeTestApp(app: FastifyInstance, database: DatabaseHandle): Promise<void> {
  await app.close();
  await database.close();
}
