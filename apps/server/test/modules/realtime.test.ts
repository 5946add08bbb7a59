import type { AddressInfo } from 'node:net';
import { REALTIME_CLOSE, REALTIME_PATH, type RealtimeServerMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { DatabaseHandle } from '../../src/db/client.js';
import { createRedis } from '../../src/lib/redis.js';
import { postEntry } from '../../src/modules/ledger/ledger.service.js';
import { publishLedgerResult } from '../../src/modules/realtime/publish-ledger.js';
import { testDatabases } from '../support/databases.js';
import { fund } from '../support/ledger.js';
import { CAPTCHA_ANSWER, memberApi } from '../support/member-api.js';
import { buildTestApp } from '../support/test-app.js';

const MERCHANT_ID = 1;

type Conn = {
  ws: WebSocket;
  messages: RealtimeServerMessage[];
  closed: Promise<{ code: number; reason: string }>;
  /** The first message (already received or coming) that matches. */
  next: (match: (m: RealtimeServerMessage) => boolean) => Promise<RealtimeServerMessage>;
};

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}${REALTIME_PATH}`;
}

/** Opens a socket as the browser does and sends `first` as its first message. */
async function connect(url: string, first: unknown): Promise<Conn> {
  const ws = new WebSocket(url);
  const messages: RealtimeServerMessage[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data: Buffer) => {
    messages.push(JSON.parse(data.toString('utf8')) as RealtimeServerMessage);
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(typeof first === 'string' ? first : JSON.stringify(first));
  const next = async (match: (m: RealtimeServerMessage) => boolean) => {
    for (;;) {
      const found = messages.find(match);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { ws, messages, closed, next };
}

const auth = (token?: string) => ({ type: 'auth', token, merchant: 'demo' });

/** A socket of a fresh member, authenticated and ready. */
async function memberSocket(api: ReturnType<typeof memberApi>, url: string) {
  const value = (await api.register()).json().value as { token: string; user: { id: number } };
  const conn = await connect(url, auth(value.token));
  await conn.next((m) => m.type === 'ready');
  return { ...conn, token: value.token, memberId: value.user.id };
}

describe.each(testDatabases)('the live websocket on $name (in-process bus)', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: ReturnType<typeof memberApi>;
  let url: string;

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
    api = memberApi(app);
    url = await listen(app);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("pushes a member's balance to their socket and nobody else's", async () => {
    const a = await memberSocket(api, url);
    const b = await memberSocket(api, url);
    await app.realtime.publishBalance(MERCHANT_ID, b.memberId, 99n, 'PHP');
    await app.realtime.publishBalance(MERCHANT_ID, a.memberId, 123450n, 'PHP');
    expect(await a.next((m) => m.type === 'balance')).toEqual({
      type: 'balance',
      balance: '1234.50',
      currency: 'PHP',
    });
    expect(await b.next((m) => m.type === 'balance')).toMatchObject({ balance: '0.99' });
    // The in-process bus delivers in order: b's event came first and did not reach a.
    expect(a.messages).toEqual([
      { type: 'ready' },
      { type: 'balance', balance: '1234.50', currency: 'PHP' },
    ]);
    a.ws.close();
    b.ws.close();
  });

  it('publishes the main-wallet balance of every member a ledger entry touched', async () => {
    const a = await memberSocket(api, url);
    const b = await memberSocket(api, url);
    await fund(database.db, a.memberId, 50000n);
    const transfer = await postEntry(database.db, {
      merchantId: MERCHANT_ID,
      currency: 'PHP',
      type: 'adjustment',
      idempotencyKey: `rt-${a.memberId}-${b.memberId}`,
      memberId: a.memberId,
      postings: [
        { account: { kind: 'member_main', memberId: a.memberId }, amount: -12345n },
        { account: { kind: 'member_main', memberId: b.memberId }, amount: 12345n },
      ],
    });
    await publishLedgerResult(app.realtime, MERCHANT_ID, 'PHP', transfer);
    expect(await a.next((m) => m.type === 'balance')).toMatchObject({ balance: '376.55' });
    expect(await b.next((m) => m.type === 'balance')).toMatchObject({ balance: '123.45' });
    a.ws.close();
    b.ws.close();
  });

  it("tells the member's socket when the gateway credits a deposit, after the new balance", async () => {
    const a = await memberSocket(api, url);
    const channels = (await api.send('GET', '/wps/deposit/channels', a.token)).json().value as {
      id: number;
      kind: string;
    }[];
    const created = (
      await api.send('PUT', '/wps/deposit/online', a.token, {
        channelId: channels.find((c) => c.kind === 'online')!.id,
        amount: '120.00',
        clientRequestId: `rt-deposit-${a.memberId}`,
      })
    ).json().value as { depositId: number; redirectUrl: string };
    await app.inject({ method: 'POST', url: `${created.redirectUrl}/pay` });
    expect(await a.next((m) => m.type === 'deposit')).toEqual({
      type: 'deposit',
      depositId: created.depositId,
      status: 'credited',
    });
    expect(a.messages.map((m) => m.type)).toEqual(['ready', 'balance', 'deposit']);
    a.ws.close();
  });

  it('closes a socket without a valid session token', async () => {
    const absent = await connect(url, { type: 'auth', merchant: 'demo' });
    expect(await absent.closed).toEqual(REALTIME_CLOSE.NOT_LOGGED_IN);
    const unknown = await connect(url, auth('not-a-session-token'));
    expect(await unknown.closed).toEqual(REALTIME_CLOSE.NOT_LOGGED_IN);
    const garbage = await connect(url, 'hello');
    expect(await garbage.closed).toEqual(REALTIME_CLOSE.BAD_REQUEST);
    expect(absent.messages).toEqual([]);
  });

  it('refuses a trial (free play) session', async () => {
    const trial = await api.startFreePlay();
    const conn = await connect(url, auth(trial.json().value.token as string));
    expect(await conn.closed).toEqual(REALTIME_CLOSE.IN_NEED_TRUE_ACCOUNT);
  });

  it('closes the socket at logout, and the token opens no new one', async () => {
    const a = await memberSocket(api, url);
    const res = await app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: api.headers(a.token),
    });
    expect(res.statusCode).toBe(200);
    expect(await a.closed).toEqual(REALTIME_CLOSE.NOT_LOGGED_IN);
    await app.realtime.publishBalance(MERCHANT_ID, a.memberId, 100n, 'PHP');
    expect(a.messages).toEqual([{ type: 'ready' }]);
    const again = await connect(url, auth(a.token));
    expect(await again.closed).toEqual(REALTIME_CLOSE.NOT_LOGGED_IN);
  });

  it('answers a plain GET of the websocket path with 404', async () => {
    const res = await app.inject({ url: REALTIME_PATH, headers: api.headers() });
    expect(res.statusCode).toBe(404);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const postgres = testDatabases.find((d) => d.name === 'postgres');

describe.skipIf(!redisUrl || !postgres)('the live websocket across processes (Redis)', () => {
  let database: DatabaseHandle;
  const apps: FastifyInstance[] = [];
  const connections: Redis[] = [];
  let urlOfB: string;

  beforeAll(async () => {
    database = await postgres!.open();
    // Two server processes: each its own app and Redis connection, one database.
    for (let i = 0; i < 2; i++) {
      const redis = createRedis(redisUrl!);
      await redis.connect();
      connections.push(redis);
      apps.push(await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER }, redis));
    }
    urlOfB = await listen(apps[1]!);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const redis of connections) redis.disconnect();
    await database?.close();
  });

  it('delivers to a socket on instance B a balance published on instance A', async () => {
    const a = apps[0]!;
    const member = await memberSocket(memberApi(a), urlOfB);
    await a.realtime.publishBalance(MERCHANT_ID, member.memberId, 987654n, 'PHP');
    expect(await member.next((m) => m.type === 'balance')).toEqual({
      type: 'balance',
      balance: '9876.54',
      currency: 'PHP',
    });
  });

  it('closes a socket on instance B at a logout on instance A', async () => {
    const a = apps[0]!;
    const api = memberApi(a);
    const member = await memberSocket(api, urlOfB);
    await a.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: api.headers(member.token),
    });
    expect(await member.closed).toEqual(REALTIME_CLOSE.NOT_LOGGED_IN);
  });
});
