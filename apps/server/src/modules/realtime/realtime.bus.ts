import type { RealtimeEvent } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import { connectRedis, watchRedis, type GuardedRedis } from '../../lib/redis.js';

/** What travels between processes: an event for a member or a merchant, or an ended session. */
export type BusMessage =
  | { to: 'member'; merchantId: number; memberId: number; event: RealtimeEvent }
  | { to: 'merchant'; merchantId: number; event: RealtimeEvent }
  | { to: 'session'; sessionId: number; action: 'end' };

/**
 * Carries messages to every server process, this one included. Each process delivers what it
 * receives to the sockets it holds; the bus itself knows nothing about sockets.
 */
export interface RealtimeBus {
  publish(message: BusMessage): Promise<void>;
  onMessage(listener: (message: BusMessage) => void): void;
  /** Resolves once messages published from now on are received. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The single-process bus, used when REDIS_URL is not set. */
export function createMemoryBus(): RealtimeBus {
  const listeners: ((message: BusMessage) => void)[] = [];
  return {
    async publish(message) {
      for (const listener of listeners) listener(message);
    },
    onMessage(listener) {
      listeners.push(listener);
    },
    async start() {},
    async close() {
      listeners.length = 0;
    },
  };
}

/** The Redis channel every process publishes to and listens on. */
export const REALTIME_CHANNEL = 'rt:events';

/**
 * Redis pub/sub: publishes on the app's connection and listens on a separate subscriber
 * connection (a subscribed connection can run no other command). ioredis re-subscribes after a
 * reconnect; messages published while a process is disconnected are lost to it, which is fine for
 * live updates (the pages refetch on reconnect). While Redis fails (the breaker is open) a message
 * is delivered on this process only: its own sockets stay live, other processes' miss it.
 */
export function createRedisBus(
  { client, breaker }: GuardedRedis,
  log: FastifyBaseLogger,
  channel = REALTIME_CHANNEL,
): RealtimeBus {
  const subscriber = client.duplicate();
  const unwatch = watchRedis(subscriber, log, 'realtime subscriber');
  const listeners: ((message: BusMessage) => void)[] = [];
  const deliver = (message: BusMessage) => {
    for (const listener of listeners) listener(message);
  };
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let message: BusMessage;
    try {
      message = JSON.parse(text) as BusMessage;
    } catch {
      return;
    }
    deliver(message);
  });
  // ioredis renews only subscriptions that once succeeded; with Redis down at start, each
  // reconnect tries until one does (the outage itself is logged by watchRedis).
  const subscribeWhenReady = () => {
    subscriber.subscribe(channel).then(
      () => subscriber.off('ready', subscribeWhenReady),
      () => undefined,
    );
  };
  return {
    async publish(message) {
      await breaker.run(
        async () => {
          await client.publish(channel, JSON.stringify(message));
        },
        () => deliver(message),
      );
    },
    onMessage(listener) {
      listeners.push(listener);
    },
    async start() {
      await connectRedis(subscriber);
      await subscriber.subscribe(channel).catch(() => subscriber.on('ready', subscribeWhenReady));
    },
    async close() {
      listeners.length = 0;
      subscriber.off('ready', subscribeWhenReady);
      unwatch();
      subscriber.disconnect();
    },
  };
}
