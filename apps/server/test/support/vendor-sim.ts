import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildSimApp } from '../../../vendor-sim/src/app.js';
import { parseSimEnv } from '../../../vendor-sim/src/config.js';

/**
 * How the network between the platform and the vendor behaves for the next calls:
 * `late` forwards a transfer call and holds its answer past the platform's timeout, `lost` drops
 * a transfer call before the vendor sees it, `down` answers every call (balance and status too)
 * with HTTP 503 without reaching the vendor.
 */
export type LinkMode = 'ok' | 'late' | 'lost' | 'down';

export type SimLink = {
  /** The origin to give the vendor credentials (the link, in front of the sim). */
  url: string;
  sim: FastifyInstance;
  /** Every call that reached the link: path and parsed body. */
  seen: { path: string; body: Record<string, unknown> }[];
  /** Sets the mode; `times` transfer calls for late and lost (then back to ok). */
  set(mode: LinkMode, times?: number): void;
  close(): Promise<void>;
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => resolve(raw));
  });

/**
 * The reference vendor (apps/vendor-sim, its real app with its development secret, as the demo
 * seed's credentials) behind a link that can be made slow, lossy or down.
 */
export async function startSimLink(options: { lateMs: number; bettingSeconds?: number }) {
  const sim = await buildSimApp({
    config: parseSimEnv({
      // Transfer-wallet play never calls the platform's wallet.
      PLATFORM_URL: 'http://127.0.0.1:9',
      VENDOR_SIM_DUPLICATE_RATE: '0',
      VENDOR_SIM_DROP_RATE: '0',
      VENDOR_SIM_BETTING_SECONDS: String(options.bettingSeconds ?? 120),
      VENDOR_SIM_DATA_FILE: join(mkdtempSync(join(tmpdir(), 'vendor-sim-')), 'held.json'),
      LOG_LEVEL: 'silent',
    }),
  });
  await sim.listen({ port: 0, host: '127.0.0.1' });
  const simOrigin = `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`;
  const state = { mode: 'ok' as LinkMode, times: 0 };
  const seen: SimLink['seen'] = [];
  const held = new Set<{ destroy(): void }>();

  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const path = req.url ?? '';
      seen.push({ path, body: JSON.parse(raw || '{}') as Record<string, unknown> });
      if (state.mode === 'down') {
        res.statusCode = 503;
        res.end();
        return;
      }
      const transferCall = /\/transfer\/(in|out)$/.test(path);
      const mode = transferCall ? state.mode : 'ok';
      if (transferCall && mode !== 'ok' && (state.times -= 1) <= 0) state.mode = 'ok';
      if (mode === 'lost') {
        // Never forwarded, never answered: the platform times out.
        held.add(res.socket!);
        return;
      }
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      for (const name of ['x-signature', 'x-operator-code']) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const answer = await fetch(`${simOrigin}${path}`, { method: 'POST', headers, body: raw });
      const text = await answer.text();
      const send = () => {
        if (res.destroyed) return;
        res.statusCode = answer.status;
        res.setHeader('content-type', 'application/json');
        res.end(text);
      };
      if (mode === 'late') setTimeout(send, options.lateMs);
      else send();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const link: SimLink = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sim,
    seen,
    set(mode, times = 1) {
      state.mode = mode;
      state.times = times;
    },
    async close() {
      for (const socket of held) socket.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await sim.close();
    },
  };
  return link;
}
