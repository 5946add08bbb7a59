import { randomUUID } from 'node:crypto';
import { verifyRound } from '@app/games';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { gameRounds } from '../../src/db/schema/index.js';
import { mainBalance } from '../../src/modules/ledger/ledger.service.js';
import { isClean, reconcileLedger } from '../../src/modules/ledger/reconcile.repository.js';
import { testDatabases } from '../support/databases.js';
import { CURRENCY, fund, MERCHANT_ID } from '../support/ledger.js';
import { CAPTCHA_ANSWER, memberApi } from '../support/member-api.js';
import { buildTestApp } from '../support/test-app.js';

type Player = { id: number; token: string };

describe.each(testDatabases)('BGS slot on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: ReturnType<typeof memberApi>;

  const call = (
    token: string | undefined,
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
  ) => api.send(method, url, token, payload);
  const balance = (memberId: number) => mainBalance(database.db, MERCHANT_ID, memberId, CURRENCY);
  const spin = (p: Player, bet = '2.00', clientRequestId = randomUUID()) =>
    call(p.token, 'POST', '/wps/bgs/spin', { bet, clientRequestId });

  async function player(funds = 100_000n): Promise<Player> {
    const value = (await api.register()).json().value;
    const p = { id: value.user.id as number, token: value.token as string };
    if (funds > 0n) await fund(database.db, p.id, funds);
    return p;
  }

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
    api = memberApi(app);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('a spin moves the balance by win - bet through the vendor wallet as vendor BGS', async () => {
    const p = await player();
    let expected = 100_000n;
    for (let i = 0; i < 12; i++) {
      const res = await spin(p);
      expect(res.statusCode, res.body).toBe(200);
      const { round, balance: after } = res.json().value;
      expected += BigInt(round.win.replace('.', '')) - 200n;
      expect(after).toBe((Number(expected) / 100).toFixed(2));
      expect(round.nonce).toBe(i);
      expect(round.serverSeed).toBeNull();
    }
    expect(await balance(p.id)).toBe(expected);
    // Each spin is one closed BGS round in the betting records.
    const rounds = await database.db
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.memberId, p.id), eq(gameRounds.vendorCode, 'BGS')));
    expect(rounds).toHaveLength(12);
    expect(isClean(await reconcileLedger(database.db))).toBe(true);
  });

  it('a replayed spin request moves money once and answers the same round', async () => {
    const p = await player();
    const id = randomUUID();
    const answers = await Promise.all([
      spin(p, '5.00', id),
      spin(p, '5.00', id),
      spin(p, '5.00', id),
    ]);
    const again = await spin(p, '5.00', id);
    for (const res of [...answers, again]) expect(res.statusCode, res.body).toBe(200);
    const rounds = [...answers, again].map((res) => res.json().value.round);
    expect(new Set(rounds.map((r) => r.roundId)).size).toBe(1);
    const win = BigInt(rounds[0].win.replace('.', ''));
    expect(await balance(p.id)).toBe(100_000n - 500n + win);
    const history = (await call(p.token, 'GET', '/wps/bgs/rounds')).json().value;
    expect(history.total).toBe(1);
    // The same id with another bet is a different request: refused, nothing moves.
    const other = await spin(p, '10.00', id);
    expect(other.json().code).toBe('DUPLICATE_TRANSACTION');
    expect(await balance(p.id)).toBe(100_000n - 500n + win);
  });

  it('50 rotations at once each reveal a different pair and leave one active pair', async () => {
    const p = await player();
    const first = (await call(p.token, 'GET', '/wps/bgs/seeds')).json().value;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call(p.token, 'POST', '/wps/bgs/seeds/rotate')),
    );
    expect(answers.map((res) => res.statusCode).filter((status) => status !== 200)).toEqual([]);
    const rotations = answers.map((res) => res.json().value);
    // A chain: each rotation revealed the pair the one before it committed to.
    const revealed = new Set(rotations.map((r) => r.revealed.serverSeedHash));
    const committed = new Set(rotations.map((r) => r.current.serverSeedHash));
    expect(revealed.size).toBe(50);
    expect(revealed.has(first.serverSeedHash)).toBe(true);
    const now = (await call(p.token, 'GET', '/wps/bgs/seeds')).json().value;
    expect([...committed].filter((hash) => !revealed.has(hash))).toEqual([now.serverSeedHash]);
  });

  it('rotation reveals the committed server seed, and it verifies every past round', async () => {
    const p = await player();
    const seedRes = await call(p.token, 'PUT', '/wps/bgs/seeds/client', {
      clientSeed: 'my-lucky-seed',
    });
    expect(seedRes.statusCode, seedRes.body).toBe(200);
    const committed = seedRes.json().value;
    for (let i = 0; i < 5; i++) expect((await spin(p, '1.00')).statusCode).toBe(200);
    const rotation = (await call(p.token, 'POST', '/wps/bgs/seeds/rotate')).json().value;
    expect(rotation.revealed.serverSeedHash).toBe(committed.serverSeedHash);
    expect(rotation.revealed.rounds).toBe(5);
    expect(rotation.current.serverSeedHash).not.toBe(committed.serverSeedHash);
    expect(rotation.current.nonce).toBe(0);

    const history = (await call(p.token, 'GET', '/wps/bgs/rounds')).json().value;
    expect(history.items).toHaveLength(5);
    for (const round of history.items) {
      expect(round.serverSeed).toBe(rotation.revealed.serverSeed);
      const local = verifyRound(round.serverSeed, round.clientSeed, round.nonce, 100n);
      expect(local.serverSeedHash).toBe(committed.serverSeedHash);
      expect(local.stops).toEqual(round.stops);
      expect((Number(local.win) / 100).toFixed(2)).toBe(round.win);
      const verified = await call(undefined, 'POST', '/wps/bgs/verify', {
        serverSeed: round.serverSeed,
        clientSeed: round.clientSeed,
        nonce: round.nonce,
        bet: round.bet,
      });
      expect(verified.json().value).toEqual(
        Object.fromEntries(
          Object.entries(round).filter(([k]) => !['roundId', 'time', 'serverSeed'].includes(k)),
        ),
      );
    }
    // A changed seed does not reproduce the round.
    const first = history.items[0];
    const forged = await call(undefined, 'POST', '/wps/bgs/verify', {
      serverSeed: first.serverSeed.replace(/^./, first.serverSeed[0] === 'a' ? 'b' : 'a'),
      clientSeed: first.clientSeed,
      nonce: first.nonce,
      bet: first.bet,
    });
    expect(forged.json().value.serverSeedHash).not.toBe(committed.serverSeedHash);
    // Rounds of the new pair keep their seed secret.
    const next = (await spin(p, '1.00')).json().value.round;
    expect(next.serverSeed).toBeNull();
    expect(next.serverSeedHash).toBe(rotation.current.serverSeedHash);
  });

  it('refuses bets it does not offer, a short balance, visitors and trial accounts; nothing moves', async () => {
    const p = await player(150n);
    expect((await spin(p, '3.00')).json().code).toBe('AMOUNT_OUT_OF_RANGE');
    expect((await spin(p, '0.20')).statusCode).toBe(200);
    const before = await balance(p.id);
    const short = await spin(p, '100.00');
    expect(short.json().code).toBe('INSUFFICIENT_BALANCE');
    expect(await balance(p.id)).toBe(before);
    // The refused bet used no nonce.
    expect((await call(p.token, 'GET', '/wps/bgs/seeds')).json().value.nonce).toBe(1);

    expect(
      (
        await call(undefined, 'POST', '/wps/bgs/spin', {
          bet: '2.00',
          clientRequestId: randomUUID(),
        })
      ).json().code,
    ).toBe('NOT_LOGGED_IN');
    const trial = await api.trialToken();
    for (const [method, url] of [
      ['POST', '/wps/bgs/spin'],
      ['GET', '/wps/bgs/seeds'],
      ['POST', '/wps/bgs/seeds/rotate'],
      ['GET', '/wps/bgs/rounds'],
    ] as const) {
      const res = await call(
        trial,
        method,
        url,
        method === 'POST' ? { bet: '2.00', clientRequestId: randomUUID() } : undefined,
      );
      expect(res.json().code, url).toBe('IN_NEED_TRUE_ACCOUNT');
    }
  });

  it('publishes the paytable, bet levels and stated RTP', async () => {
    const game = (await call(undefined, 'GET', '/wps/bgs/game')).json().value;
    expect(game.bets[0]).toBe('0.20');
    expect(game.bets.at(-1)).toBe('100.00');
    expect(game.paylines).toHaveLength(20);
    expect(game.rtp).toBe('96.55');
  });
});
