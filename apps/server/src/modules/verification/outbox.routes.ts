import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '@app/shared';
import type { Db } from '../../db/client.js';
import { ok } from '../../lib/route-schema.js';
import { latestOutboxMessages } from './outbox.repository.js';

const OutboxMessage = z.object({
  channel: z.string(),
  destination: z.string(),
  body: z.string(),
  createdAt: z.string(),
});

/**
 * Development aid: the messages the outbox provider kept, newest first. Registered only with
 * MESSAGE_PROVIDER=outbox, which the environment check refuses in production.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/api/dev/outbox',
    {
      schema: {
        summary: 'Development outbox (not in production)',
        tags: ['development'],
        querystring: z.object({ destination: z.string().max(254).optional() }),
        response: { 200: successEnvelope(z.array(OutboxMessage)) },
      },
    },
    async (req) => {
      const rows = await latestOutboxMessages(db, req.query.destination);
      return ok(rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })));
    },
  );
};
