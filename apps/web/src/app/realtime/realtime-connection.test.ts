import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { depositKeys } from '@/features/deposit/api/deposit-keys';
import { contentKeys } from '@/lib/content-keys';
import { applyRealtimeEvent, connectRealtime } from './realtime-connection';

/** A stand-in for the browser's WebSocket: records what is sent, lets the test drive events. */
class FakeSocket {
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  sent: unknown[] = [];
  closedWith: number | null = null;
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close(code: number) {
    this.closedWith = code;
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

function setup() {
  const queryClient = new QueryClient();
  const sockets: FakeSocket[] = [];
  const disconnect = connectRealtime({
    token: 'tok',
    merchant: 'demo',
    queryClient,
    url: 'ws://test/wps/ws',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    backoff: () => 0,
  });
  return { queryClient, sockets, disconnect };
}

describe('the live websocket client', () => {
  it('authenticates first and applies a balance event to the cache', () => {
    const { queryClient, sockets, disconnect } = setup();
    queryClient.setQueryData(['wallet', 'balance'], {
      balance: '1.00',
      currency: 'PHP',
      currencySymbol: '₱',
    });
    queryClient.setQueryData(['wallet', 'funds'], { any: 1 });
    const socket = sockets[0]!;
    socket.onopen?.();
    expect(socket.sent).toEqual([{ type: 'auth', token: 'tok', merchant: 'demo' }]);
    socket.receive({ type: 'ready' });
    socket.receive({ type: 'balance', balance: '1234.50', currency: 'PHP' });
    expect(queryClient.getQueryData(['wallet', 'balance'])).toEqual({
      balance: '1234.50',
      currency: 'PHP',
      currencySymbol: '₱',
    });
    expect(queryClient.getQueryState(['wallet', 'funds'])?.isInvalidated).toBe(true);
    // Unknown event types and garbage are ignored.
    socket.receive({ type: 'announcement-of-the-future' });
    socket.onmessage?.({ data: 'not json' });
    disconnect();
    expect(socket.closedWith).toBe(1000);
  });

  it('leaves an absent balance query absent', () => {
    const { queryClient, sockets, disconnect } = setup();
    sockets[0]!.receive({ type: 'balance', balance: '5.00', currency: 'PHP' });
    expect(queryClient.getQueryData(['wallet', 'balance'])).toBeUndefined();
    disconnect();
  });

  it('reconnects after a dropped connection, not after a refused session or disconnect', () => {
    vi.useFakeTimers();
    try {
      const { sockets, disconnect } = setup();
      sockets[0]!.onclose?.({ code: 1006 });
      vi.runAllTimers();
      expect(sockets).toHaveLength(2);
      sockets[1]!.onclose?.({ code: 4401 });
      vi.runAllTimers();
      expect(sockets).toHaveLength(2);
      disconnect();

      const second = setup();
      second.disconnect();
      second.sockets[0]!.onclose?.({ code: 1000 });
      vi.runAllTimers();
      expect(second.sockets).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('unread event', () => {
  it('sets the inbox badge count of the account and reloads its inbox list', () => {
    const queryClient = new QueryClient();
    const inboxKey = [...contentKeys.inbox('ana'), 1];
    queryClient.setQueryData(inboxKey, { content: [] });
    applyRealtimeEvent(queryClient, { type: 'unread', unreadMessage: 3 }, 'ana');
    expect(queryClient.getQueryData(contentKeys.unread('ana'))).toEqual({ unreadMessage: 3 });
    expect(queryClient.getQueryData(contentKeys.unread('bob'))).toBeUndefined();
    expect(queryClient.getQueryState(inboxKey)?.isInvalidated).toBe(true);
  });
});

describe('deposit event', () => {
  it('reloads the deposit list and that deposit, not the channels or another deposit', () => {
    const queryClient = new QueryClient();
    for (const key of [
      depositKeys.list(1),
      depositKeys.list(2),
      depositKeys.one(7),
      depositKeys.one(8),
      depositKeys.channels,
    ]) {
      queryClient.setQueryData(key, { any: 1 });
    }
    applyRealtimeEvent(queryClient, { type: 'deposit', depositId: 7, status: 'credited' });
    const invalidated = (key: readonly unknown[]) =>
      queryClient.getQueryState(key)?.isInvalidated ?? false;
    expect(invalidated(depositKeys.list(1))).toBe(true);
    expect(invalidated(depositKeys.list(2))).toBe(true);
    expect(invalidated(depositKeys.one(7))).toBe(true);
    expect(invalidated(depositKeys.one(8))).toBe(false);
    expect(invalidated(depositKeys.channels)).toBe(false);
  });

  it('reloads the deposits after a reconnect, since events sent meanwhile are lost', () => {
    vi.useFakeTimers();
    try {
      const { queryClient, sockets, disconnect } = setup();
      queryClient.setQueryData(depositKeys.list(1), { any: 1 });
      sockets[0]!.receive({ type: 'ready' });
      expect(queryClient.getQueryState(depositKeys.list(1))?.isInvalidated).toBe(false);
      sockets[0]!.onclose?.({ code: 1006 });
      vi.runAllTimers();
      sockets[1]!.receive({ type: 'ready' });
      expect(queryClient.getQueryState(depositKeys.list(1))?.isInvalidated).toBe(true);
      disconnect();
    } finally {
      vi.useRealTimers();
    }
  });
});
