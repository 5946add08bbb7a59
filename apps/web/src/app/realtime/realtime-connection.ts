import {
  REALTIME_FINAL_CLOSE_CODES,
  REALTIME_PATH,
  RealtimeServerMessage,
  type RealtimeEvent,
} from '@app/shared';
import type { QueryClient } from '@tanstack/react-query';
import { applyUnreadCount, contentKeys } from '@/lib/content-keys';
import { contractKeys } from '@/features/agent/contracts/api/contract-keys';
import { depositKeys } from '@/features/deposit/api/deposit-keys';
import { pushContractEvent } from '@/features/agent/contracts/contract-events';

// Loaded lazily (with @app/shared) once a member is logged in: nothing here is in the entry.

/** The cached main-wallet balance (GET /wps/v2/wallets/balance) as the wallet feature keeps it. */
type CachedBalance = { balance: string; currency: string; currencySymbol: string };

const BALANCE_KEY = ['wallet', 'balance'] as const;
const FUNDS_KEY = ['wallet', 'funds'] as const;

/** Applies a pushed event to the query cache of the member `account`. */
export function applyRealtimeEvent(
  queryClient: QueryClient,
  event: RealtimeEvent,
  account = '',
): void {
  switch (event.type) {
    case 'balance':
      queryClient.setQueryData<CachedBalance>(
        BALANCE_KEY,
        (old) => old && { ...old, balance: event.balance },
      );
      void queryClient.invalidateQueries({ queryKey: FUNDS_KEY });
      break;
    case 'unread':
      applyUnreadCount(queryClient, account, event.unreadMessage);
      break;
    case 'contract':
      // The agent's contract popup shows it; the contract screens reload.
      void queryClient.invalidateQueries({ queryKey: contractKeys.all });
      pushContractEvent(event);
      break;
    case 'deposit':
      // The deposit page's list and the deposit it shows (the balance has its own event).
      void queryClient.invalidateQueries({ queryKey: depositKeys.lists });
      void queryClient.invalidateQueries({ queryKey: depositKeys.one(event.depositId) });
      break;
  }
}

export type RealtimeOptions = {
  token: string;
  merchant: string | null;
  queryClient: QueryClient;
  /** The member the socket is for: the unread count is cached per account. */
  account?: string;
  /** Defaults to the page's own origin (the dev server proxies it). */
  url?: string;
  createSocket?: (url: string) => WebSocket;
  /** Delay before reconnect attempt `n` (0-based). */
  backoff?: (attempt: number) => number;
};

/** 1 s, 2 s, 4 s... up to 30 s, with jitter so a server restart is not met by a stampede. */
function defaultBackoff(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** attempt) * (0.5 + Math.random() / 2);
}

function pageUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${REALTIME_PATH}`;
}

/**
 * Keeps the member's live websocket open: authenticates with the session token as its first
 * message, applies pushed events to the query cache, reconnects with backoff, and stops for good
 * after a close that says the session cannot use it (logged out, expired, trial). Returns the
 * function that closes it (logout, another login).
 */
export function connectRealtime(options: RealtimeOptions): () => void {
  const { token, merchant, queryClient } = options;
  const url = options.url ?? pageUrl();
  const createSocket = options.createSocket ?? ((to: string) => new WebSocket(to));
  const backoff = options.backoff ?? defaultBackoff;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let connectedBefore = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const open = () => {
    if (stopped) return;
    const ws = createSocket(url);
    socket = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: 'auth', token, ...(merchant ? { merchant } : {}) }));
    };
    ws.onmessage = (message: MessageEvent) => {
      let parsed: ReturnType<typeof RealtimeServerMessage.safeParse>;
      try {
        parsed = RealtimeServerMessage.safeParse(JSON.parse(String(message.data)));
      } catch {
        return;
      }
      // Types this build does not know yet are ignored.
      if (!parsed.success) return;
      const event = parsed.data;
      if (event.type === 'ready') {
        attempt = 0;
        // Events sent while disconnected are lost: refetch what they would have updated.
        if (connectedBefore) {
          void queryClient.invalidateQueries({ queryKey: ['wallet'] });
          void queryClient.invalidateQueries({
            queryKey: contentKeys.unread(options.account ?? ''),
          });
          void queryClient.invalidateQueries({ queryKey: contractKeys.all });
          void queryClient.invalidateQueries({ queryKey: depositKeys.all });
        }
        connectedBefore = true;
        return;
      }
      applyRealtimeEvent(queryClient, event, options.account);
    };
    ws.onclose = (event: CloseEvent) => {
      if (socket === ws) socket = null;
      if (stopped || REALTIME_FINAL_CLOSE_CODES.includes(event.code)) return;
      timer = setTimeout(open, backoff(attempt));
      attempt += 1;
    };
  };

  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    socket?.close(1000);
    socket = null;
  };
}
