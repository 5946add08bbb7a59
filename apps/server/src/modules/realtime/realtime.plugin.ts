import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { GuardedRedis } from '../../lib/redis.js';
import { createMemoryBus, createRedisBus } from './realtime.bus.js';
import { createRealtime, type Realtime } from './realtime.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live events to members' sockets, e.g. `publishBalance` after a money transaction commits. */
    realtime: Realtime;
  }
}

/**
 * Adds websocket support and `app.realtime`: Redis pub/sub when the app has Redis (events reach
 * sockets on every process), else the single-process bus. Register before the routes.
 */
export async function registerRealtime(
  app: FastifyInstance,
  redis: GuardedRedis | null,
): Promise<Realtime> {
  await app.register(websocket, { options: { maxPayload: 4096 } });
  const bus = redis ? createRedisBus(redis, app.log) : createMemoryBus();
  const realtime = createRealtime(bus, app.log);
  await bus.start();
  app.decorate('realtime', realtime);
  app.addHook('onClose', () => realtime.close());
  return realtime;
}
