import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signBody } from '../../src/wallet/signature.js';

/** One call as it arrived at the fake platform. */
export interface Arrival {
  path: string;
  headers: IncomingMessage['headers'];
  raw: string;
  body: Record<string, unknown>;
  signedRight: boolean;
}

/** What the fake answers a call: an HTTP status and body, optionally after a delay. */
export interface Reply {
  httpStatus?: number;
  /** The raw answer body. */
  body?: string;
  delayMs?: number;
}

/**
 * A real HTTP peer standing in for the platform's vendor wallet API: it records every call and
 * answers through `respond`, which the test replaces to play timeouts, 5xx and errors. By default
 * it keeps balances like a wallet: bets take, wins and rollbacks pay, a repeated transaction id
 * answers its first answer's bytes.
 */
export async function startFakeWallet(secret: string, startBalance = 100_000) {
  const arrivals: Arrival[] = [];
  let balance = startBalance;
  const stored = new Map<string, string>();
  const stakes = new Map<string, number>();

  function walletAnswer(path: string, body: Record<string, unknown>): string {
    const txId = body.transaction_uuid as string | undefined;
    if (txId && stored.has(txId)) return stored.get(txId)!;
    const amount = Number(body.amount ?? 0);
    let status = 'RS_OK';
    if (path.endsWith('transaction/bet')) {
      if (amount > balance) status = 'RS_ERROR_NOT_ENOUGH_MONEY';
      else {
        balance -= amount;
        stakes.set(txId!, amount);
      }
    } else if (path.endsWith('transaction/win')) {
      balance += amount;
    } else if (path.endsWith('transaction/rollback')) {
      balance += stakes.get(body.reference_transaction_uuid as string) ?? 0;
    }
    const answer = JSON.stringify({
      status,
      request_uuid: body.request_uuid,
      user: body.user,
      currency: 'PHP',
      balance,
    });
    if (txId) stored.set(txId, answer);
    return answer;
  }

  const fake = {
    arrivals,
    /** Replace to script answers; `standard` is the wallet behaviour described above. */
    respond: (_arrival: Arrival, standard: () => string): Reply => ({ body: standard() }),
    balance: () => balance,
    url: '',
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '';
      const arrival: Arrival = {
        path,
        headers: request.headers,
        raw,
        body: JSON.parse(raw) as Record<string, unknown>,
        signedRight: request.headers['x-signature'] === signBody(raw, secret),
      };
      arrivals.push(arrival);
      const reply = fake.respond(arrival, () => walletAnswer(path, arrival.body));
      setTimeout(() => {
        if (request.socket.destroyed) return;
        response.writeHead(reply.httpStatus ?? 200, { 'content-type': 'application/json' });
        response.end(reply.body ?? '');
      }, reply.delayMs ?? 0);
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

export type FakeWallet = Awaited<ReturnType<typeof startFakeWallet>>;
