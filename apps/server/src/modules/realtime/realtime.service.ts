import {
  formatAmount,
  REALTIME_CLOSE,
  RealtimeEvent,
  type RealtimeServerMessage,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { BusMessage, RealtimeBus } from './realtime.bus.js';

/** An authenticated socket this process holds. */
export type RealtimeClient = {
  merchantId: number;
  memberId: number;
  sessionId: number;
  socket: WebSocket;
};

/**
 * Live events for members' open pages (ARCHITECTURE.md, real-time). Publishing goes through the
 * bus, so an event published on any process reaches the member's sockets on every process.
 * Publishing never throws: a live update is a courtesy after a committed change, and a bus
 * failure must not fail the request that made the change (it is logged).
 */
export type Realtime = {
  publishToMember(merchantId: number, memberId: number, event: RealtimeEvent): Promise<void>;
  publishToMerchant(merchantId: number, event: RealtimeEvent): Promise<void>;
  /** The member's new main wallet balance, in minor units. */
  publishBalance(
    merchantId: number,
    memberId: number,
    balanceMinor: bigint,
    currency: string,
  ): Promise<void>;
  /** Closes the sockets of a session that ended (logout), on every process. */
  endSession(sessionId: number): Promise<void>;
  /** Sockets held by this process (for the route and tests). */
  attach(client: RealtimeClient): void;
  detach(client: RealtimeClient): void;
  clients(): Iterable<RealtimeClient>;
  close(): Promise<void>;
};

const memberKey = (merchantId: number, memberId: number) => `${merchantId}:${memberId}`;

export function createRealtime(bus: RealtimeBus, log: FastifyBaseLogger): Realtime {
  const byMember = new Map<string, Set<RealtimeClient>>();
  const all = new Set<RealtimeClient>();

  const send = (client: RealtimeClient, message: RealtimeServerMessage) => {
    if (client.socket.readyState === client.socket.OPEN)
      client.socket.send(JSON.stringify(message));
  };

  bus.onMessage((message: BusMessage) => {
    if (message.to === 'member') {
      const clients = byMember.get(memberKey(message.merchantId, message.memberId));
      for (const client of clients ?? []) send(client, message.event);
    } else if (message.to === 'merchant') {
      for (const client of all) {
        if (client.merchantId === message.merchantId) send(client, message.event);
      }
    } else {
      for (const client of all) {
        if (client.sessionId === message.sessionId) {
          const { code, reason } = REALTIME_CLOSE.NOT_LOGGED_IN;
          client.socket.close(code, reason);
        }
      }
    }
  });

  const publish = async (message: BusMessage) => {
    try {
      await bus.publish(message);
    } catch (error) {
      log.error({ err: error, to: message.to }, 'realtime publish failed');
    }
  };

  const publishToMember: Realtime['publishToMember'] = (merchantId, memberId, event) =>
    publish({ to: 'member', merchantId, memberId, event: RealtimeEvent.parse(event) });

  return {
    publishToMember,
    publishToMerchant(merchantId, event) {
      return publish({ to: 'merchant', merchantId, event: RealtimeEvent.parse(event) });
    },
    publishBalance(merchantId, memberId, balanceMinor, currency) {
      return publishToMember(merchantId, memberId, {
        type: 'balance',
        balance: formatAmount(balanceMinor),
        currency,
      });
    },
    endSession(sessionId) {
      return publish({ to: 'session', sessionId, action: 'end' });
    },
    attach(client) {
      all.add(client);
      const key = memberKey(client.merchantId, client.memberId);
      const set = byMember.get(key) ?? new Set();
      set.add(client);
      byMember.set(key, set);
    },
    detach(client) {
      all.delete(client);
      const key = memberKey(client.merchantId, client.memberId);
      const set = byMember.get(key);
      set?.delete(client);
      if (set?.size === 0) byMember.delete(key);
    },
    clients() {
      return all;
    },
    close() {
      return bus.close();
    },
  };
}
