import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { ok } from '../../lib/route-schema.js';
import { successEnvelope } from '@app/shared';

const Health = z.object({
  database: z.enum(['pglite', 'postgres']),
  redis: z.enum(['ok', 'not-configured']),
});

/** For load balancers: answers only when the database (and Redis, when configured) answer. */
export const healthRoutes: FastifyPluginAsyncZod<{
  db: Db;
  driver: 'pglite' | 'postgres';
  redis: Redis | null;
}> = async (app, { db, driver, redis }) => {
  app.get(
    '/healthz',
    { schema: { summary: 'Readiness', tags: ['ops'], response: { 200: successEnvelope(Health) } } },
    async () => {
      await db.execute(sql`select 1`);
      if (redis) await redis.ping();
      return ok({ database: driver, redis: redis ? ('ok' as const) : ('not-configured' as const) });
    },
  );
};
