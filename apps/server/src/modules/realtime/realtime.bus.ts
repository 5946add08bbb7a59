import type { RealtimeEvent } from '@app/shared';
import type { Redis } from 'ioredis';

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

/**
 * Redis pub/sub: publishes on the app's connection and listens on a separate subscriber
 * connection (a subscribed connection can run no other command). ioredis re-subscribes after a
 * reconnect; messages published while a process is disconnected are lost to it, which is fine for
 * live updates (the pages refetch on reconnect).
 */
export function createRedisBus(redis: Redis, channel = 'rt:events'): RealtimeBus {
  const subscriber = redis.duplicate();
  const listeners: ((message: BusMessage) => void)[] = [];
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let message: BusMessage;
    try {
      message = JSON.parse(text) as BusMessage;
    } catch {
      return;
    }
    for (const listener of listeners) listener(message);
  });
  return {
    async publish(message) {
      await redis.publish(channel, JSON.stringify(message));
    },
    onMessage(listener) {
      listeners.push(listener);
    },
    async start() {
      if (subscriber.status === 'wait') await subscriber.connect();
      await subscriber.subscribe(channel);
    },
    async close() {
      listeners.length = 0;
      subscriber.disconnect();
    },
  };
}
