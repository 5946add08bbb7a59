import { REALTIME_CLOSE, REALTIME_PATH, RealtimeClientMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { Db } from '../../db/client.js';
import type { MerchantResolver } from '../merchant/index.js';
import { liveSessionIds } from './realtime.repository.js';
import type { Realtime, RealtimeClient } from './realtime.service.js';

/** Who holds a session token: a visitor, or a member account with its live session. */
export type SocketCaller =
  | { role: 'visitor' }
  | { role: 'trial' | 'member' | 'agent'; member: { id: number }; sessionId: number };

export type RealtimeRouteDeps = {
  db: Db;
  sessionPolicy: { idleMinutes: number };
  /** The sign-in module's session check (auth's `authenticate`, passed in at the app level). */
  authenticate: (token: string | undefined, merchantId: number) => Promise<SocketCaller>;
  resolveMerchant: MerchantResolver;
  realtime: Realtime;
  /** How long a new socket may take to send its `auth` message. */
  authTimeoutMs?: number;
  /** Keep-alive: a ping this often; a socket that did not answer the previous one is dropped. */
  pingIntervalMs?: number;
  /** How often the sessions behind this process's sockets are checked (expiry, revocation). */
  sessionCheckMs?: number;
};

function close(socket: WebSocket, why: { code: number; reason: string }) {
  if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) {
    socket.close(why.code, why.reason);
  }
}

function parseAuth(data: RawData): RealtimeClientMessage | null {
  try {
    const bytes = Array.isArray(data)
      ? Buffer.concat(data)
      : Buffer.isBuffer(data)
        ? data
        : Buffer.from(new Uint8Array(data));
    const text = bytes.toString('utf8');
    const parsed = RealtimeClientMessage.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * GET /wps/ws: the live websocket of a member or agent session (ARCHITECTURE.md, real-time).
 * Browsers cannot set Authorization on a websocket, so the first message authenticates it:
 * `{"type":"auth","token":"...","merchant":"demo"}`. The server answers `{"type":"ready"}`, then
 * pushes the member's events, or closes with a REALTIME_CLOSE code. Logout closes the session's
 * sockets on every process at once; other ends of a session (expiry, password change, lock) close
 * them at the next session check.
 */
export async function realtimeRoutes(app: FastifyInstance, deps: RealtimeRouteDeps) {
  const { db, sessionPolicy, realtime } = deps;
  const authTimeoutMs = deps.authTimeoutMs ?? 10_000;
  const pingIntervalMs = deps.pingIntervalMs ?? 25_000;
  const sessionCheckMs = deps.sessionCheckMs ?? 30_000;
  const alive = new WeakMap<WebSocket, boolean>();

  const pings = setInterval(() => {
    for (const client of realtime.clients()) {
      if (alive.get(client.socket) === false) {
        client.socket.terminate();
        continue;
      }
      alive.set(client.socket, false);
      client.socket.ping();
    }
  }, pingIntervalMs);
  pings.unref();

  let checking = false;
  const checkSessions = async () => {
    if (checking) return;
    checking = true;
    try {
      const clients = [...realtime.clients()];
      const live = await liveSessionIds(
        db,
        [...new Set(clients.map((c) => c.sessionId))],
        sessionPolicy.idleMinutes,
      );
      for (const client of clients) {
        if (!live.has(client.sessionId)) close(client.socket, REALTIME_CLOSE.NOT_LOGGED_IN);
      }
    } catch (error) {
      app.log.error({ err: error }, 'realtime session check failed');
    } finally {
      checking = false;
    }
  };
  const checks = setInterval(() => void checkSessions(), sessionCheckMs);
  checks.unref();

  app.addHook('onClose', async () => {
    clearInterval(pings);
    clearInterval(checks);
  });

  app.get(REALTIME_PATH, { websocket: true }, (socket, request) => {
    let client: RealtimeClient | null = null;
    const timer = setTimeout(() => close(socket, REALTIME_CLOSE.BAD_REQUEST), authTimeoutMs);
    timer.unref();

    socket.on('close', () => {
      clearTimeout(timer);
      if (client) realtime.detach(client);
    });
    socket.on('pong', () => alive.set(socket, true));

    socket.once('message', (data) => {
      clearTimeout(timer);
      void (async () => {
        const message = parseAuth(data);
        if (!message) return close(socket, REALTIME_CLOSE.BAD_REQUEST);
        let merchantId = request.ctx.merchant.id;
        if (message.merchant) {
          try {
            const merchant = await deps.resolveMerchant({
              headerCode: message.merchant,
              host: request.hostname,
            });
            merchantId = merchant.id;
          } catch {
            return close(socket, REALTIME_CLOSE.BAD_REQUEST);
          }
        }
        const auth = await deps.authenticate(message.token, merchantId);
        if (auth.role === 'visitor') return close(socket, REALTIME_CLOSE.NOT_LOGGED_IN);
        if (auth.role === 'trial') return close(socket, REALTIME_CLOSE.IN_NEED_TRUE_ACCOUNT);
        if (socket.readyState !== socket.OPEN) return;
        client = { merchantId, memberId: auth.member.id, sessionId: auth.sessionId, socket };
        realtime.attach(client);
        alive.set(socket, true);
        socket.send(JSON.stringify({ type: 'ready' }));
      })().catch((error: unknown) => {
        request.log.error({ err: error }, 'realtime auth failed');
        close(socket, { code: 1011, reason: 'INTERNAL_ERROR' });
      });
    });
  });
}
