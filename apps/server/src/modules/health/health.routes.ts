import type { Redis } from 'ioredis';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { ok } from '../../lib/route-schema.js';
import { within } from '../../lib/within.js';
import { sendError } from '../../plugins/error-handler.js';
import { ErrorEnvelope, successEnvelope } from '@app/shared';
import { pingDatabase } from './health.repository.js';

/** How long readiness waits for each dependency: a slower one counts as down (issue 17). */
export const HEALTH_CHECK_TIMEOUT_MS = 500;

const Check = z.enum(['up', 'down']);
const Health = z.object({
  status: z.enum(['ok', 'degraded']).describe('degraded: Redis is down, the process still serves'),
  database: z.enum(['pglite', 'postgres']),
  checks: z.object({ database: Check, redis: z.enum(['up', 'down', 'not-configured']) }),
});

/** 'up' when the probe answers within the timeout, else 'down'; never waits longer. */
function check(probe: () => Promise<unknown>): Promise<z.infer<typeof Check>> {
  const answer = probe().then(
    () => 'up' as const,
    () => 'down' as const,
  );
  return within(answer, HEALTH_CHECK_TIMEOUT_MS, 'down');
}

/**
 * For load balancers: checks the database and Redis in parallel, each with its own timeout, and
 * says which is down. Without Redis the process still serves (limits in process memory, live
 * events on this process only), so it stays ready (200, degraded); without the database it
 * cannot, so it answers 503 and the load balancer takes it out.
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  db: Db;
  driver: 'pglite' | 'postgres';
  redis: Redis | null;
}> = async (app, { db, driver, redis }) => {
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Readiness',
        tags: ['ops'],
        response: { 200: successEnvelope(Health), 503: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const [database, redisCheck] = await Promise.all([
        check(() => pingDatabase(db)),
        redis ? check(() => redis.ping()) : ('not-configured' as const),
      ]);
      const checks = { database, redis: redisCheck };
      if (database === 'down') return sendError(request, reply, 'SERVICE_UNAVAILABLE', { checks });
      const status = redisCheck === 'down' ? ('degraded' as const) : ('ok' as const);
      return ok({ status, database: driver, checks });
    },
  );
};
