import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSimApp } from '../src/app.js';
import { parseSimEnv } from '../src/config.js';
import { slotOutcome } from '../src/games/slot.js';
import { slotGameOf } from '../src/games/slot-catalog.js';
import { signBody } from '../src/wallet/signature.js';
import { startFakeWallet, type FakeWallet } from './support/fake-wallet.js';

const SECRET = 'shared-test-secret-0123456789';
const SA_SECRET = 'sa-only-test-secret-0123456789';

let fake: FakeWallet;
let sim: FastifyInstance;

async function startSim(draw: (max: number) => number) {
  sim = await buildSimApp({
    config: parseSimEnv({
      PLATFORM_URL: fake.url,
      VENDOR_SIM_SECRET: SECRET,
      VENDOR_SIM_SECRET_SA: SA_SECRET,
      VENDOR_SIM_DUPLICATE_RATE: '0',
      VENDOR_SIM_DROP_RATE: '0',
      // Long enough for a loaded machine to place the test's bets before the timer ends.
      VENDOR_SIM_BETTING_SECONDS: '3',
      VENDOR_SIM_DATA_FILE: join(mkdtempSync(join(tmpdir(), 'vendor-sim-')), 'held.json'),
      LOG_LEVEL: 'silent',
    }),
    rng: draw,
    tableResultMs: 50,
  });
}

/** A call from the platform, signed as it signs them. */
function platformCall(path: string, body: object, secret = SECRET, signature?: string) {
  const raw = JSON.stringify(body);
  return sim.inject({
    method: 'POST',
    url: path,
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-signature': signature ?? signBody(raw, secret),
      'x-operator-code': 'demo',
    },
  });
}

function launch(gameCode: string, overrides: object = {}, path = '/launch', secret = SECRET) {
  return platformCall(
    path,
    {
      request_uuid: 'launch-1',
      token: `token-${gameCode}`,
      user: 'alice01',
      currency: 'PHP',
      game_code: gameCode,
      language: 'TL',
      platform: 'mobile',
      lobby_url: 'http://platform.test/',
      wallet_mode: 'seamless',
      wallet_url: 'http://elsewhere.test/vendor-api/v1',
      ...overrides,
    },
    secret,
  );
}

beforeEach(async () => {
  fake = await startFakeWallet(SECRET);
});
afterEach(async () => {
  await sim.close();
  await fake.close();
});

describe('launch', () => {
  it('answers a signed launch with a game URL on the sim carrying the token', async () => {
    await startSim(() => 0);
    const response = await launch('PG-RNG-001');
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().url);
    expect(response.json().status).toBe('RS_OK');
    expect(url.origin).toBe('http://127.0.0.1:4100');
    expect(url.pathname).toBe('/play/PG-RNG-001');
    expect(url.searchParams.get('token')).toBe('token-PG-RNG-001');
  });

  it('refuses a launch not signed with the vendor secret, and opens no session', async () => {
    await startSim(() => 0);
    const response = await launch('PG-RNG-001', {}, '/launch', 'another-secret-0123456789');
    expect(response.json()).toEqual({ status: 'RS_ERROR_INVALID_SIGNATURE' });
    const page = await sim.inject('/play/PG-RNG-001?token=token-PG-RNG-001');
    expect(page.statusCode).toBe(404);
  });

  it('takes the vendor from the base URL path, with that vendor secret', async () => {
    await startSim(() => 0);
    expect((await launch('SA-LIVE-001', {}, '/SA/launch', SECRET)).json().status).toBe(
      'RS_ERROR_INVALID_SIGNATURE',
    );
    expect((await launch('SA-LIVE-001', {}, '/SA/launch', SA_SECRET)).json().status).toBe('RS_OK');
  });

  it('refuses a launch body without the contract fields', async () => {
    await startSim(() => 0);
    const response = await platformCall('/launch', { token: 'x', game_code: 'PG-RNG-001' });
    expect(response.json()).toEqual({ status: 'RS_ERROR_WRONG_SYNTAX' });
  });
});

describe('game pages', () => {
  it('serves the game of the code in the launch language, fit for a phone', async () => {
    await startSim(() => 0);
    await launch('JDB-FISH-001');
    const page = await sim.inject('/play/JDB-FISH-001?token=token-JDB-FISH-001');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="tl">');
    expect(page.body).toContain('Mangangaso sa Dagat');
    expect(page.body).toContain('width=device-width');
    expect(page.body).toContain('data-kind="fishing"');
  });

  it('draws the scene of the fishing, baccarat and cockfight games, named in the launch language', async () => {
    await startSim(() => 0);
    await launch('JDB-FISH-001');
    await launch('PT-LIVE-001', { language: 'EN' });
    await launch('DS88-COCKFIGHT-001');
    const fishing = (await sim.inject('/play/JDB-FISH-001?token=token-JDB-FISH-001')).body;
    const baccarat = (await sim.inject('/play/PT-LIVE-001?token=token-PT-LIVE-001')).body;
    const cockfight = (await sim.inject('/play/DS88-COCKFIGHT-001?token=token-DS88-COCKFIGHT-001'))
      .body;
    expect(fishing).toContain(
      'aria-label="Ang dagat at ang mga isda; pumili ng isa, saka barilin"',
    );
    for (const fish of ['CLOWNFISH', 'PUFFER', 'TURTLE', 'SHARK', 'WHALE', 'GOLDEN_DRAGON']) {
      expect(fishing).toContain(`data-fish="${fish}"`);
    }
    expect(baccarat).toContain('data-side="PLAYER"');
    expect(baccarat).toContain('data-side="BANKER"');
    expect(baccarat).toMatch(/data-side="TIE".*>Tie<\/text>/);
    expect(cockfight).toMatch(/class="rooster" data-side="MERON"/);
    expect(cockfight).toMatch(/class="rooster" data-side="WALA"/);
    expect(cockfight).toContain('aria-label="Ang ruweda: meron laban sa wala"');
  });

  it('serves each slot code its own game: name, symbol pictures, reels and paytable', async () => {
    await startSim(() => 0);
    await launch('JDB-RNG-003');
    await launch('CQ9-RNG-003', { language: 'EN' });
    const fruits = (await sim.inject('/play/JDB-RNG-003?token=token-JDB-RNG-003')).body;
    const gems = (await sim.inject('/play/CQ9-RNG-003?token=token-CQ9-RNG-003')).body;
    expect(fruits).toContain('<h1 data-testid="game-title">Fiesta Fruits</h1>');
    expect(fruits).toContain('data-theme="fruits"');
    expect(fruits).toContain('3 reel · 5 linya');
    // Pictures drawn in the page, named in the launch language.
    expect(fruits).toContain('<symbol id="sym-CHERRY"');
    expect(fruits).toContain('role="img" aria-label="Seresa"');
    expect(fruits).not.toContain('sym-DIAMOND');
    expect(gems).toContain('<h1 data-testid="game-title">Galaxy Gems</h1>');
    expect(gems).toContain('5 reels · 10 lines');
    expect(gems).toContain('role="img" aria-label="Diamond"');
    expect(gems).not.toContain('sym-CHERRY');
    // The paytable shows 3, 4 and 5 of a kind of the top symbol.
    expect(gems).toMatch(
      /aria-label="Diamond".*3× <b>×60<\/b>.*4× <b>×300<\/b>.*5× <b>×1200<\/b>/s,
    );
  });

  it('answers an unknown token with the session-ended page', async () => {
    await startSim(() => 0);
    const page = await sim.inject('/play/PG-RNG-001?token=nope');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Open the game again from the lobby');
  });
});

describe('play against the platform wallet', () => {
  it('spins: a signed bet, then the win of the drawn outcome closing the round', async () => {
    // PG-RNG-001 is the 4-reel ocean slot: these stops show four shells on lines 6 and 7.
    const draws = [2, 5, 11, 0];
    await startSim(() => draws.shift() ?? 0);
    await launch('PG-RNG-001');
    const spin = await sim.inject({
      method: 'POST',
      url: '/api/slot/spin',
      payload: { token: 'token-PG-RNG-001', stake: '500' },
    });
    expect(spin.statusCode).toBe(200);
    const expected = slotOutcome(slotGameOf('PG-RNG-001').variant, [2, 5, 11, 0], 500n).win;
    // 25 + 25 line bets of 500 / 10 lines.
    expect(expected).toBe(2500n);
    expect(spin.json()).toMatchObject({ ok: true, outcome: { win: Number(expected) } });
    expect(spin.json().balance).toBe(100_000 - 500 + Number(expected));
    expect(fake.balance()).toBe(spin.json().balance);
    const [bet, win] = fake.arrivals;
    expect(fake.arrivals.every((a) => a.signedRight)).toBe(true);
    expect(bet!.body).toMatchObject({ user: 'alice01', amount: 500, game_code: 'PG-RNG-001' });
    expect(bet!.headers).toMatchObject({ 'x-vendor-code': 'PG', merchant: 'demo' });
    expect(win!.body).toMatchObject({
      amount: Number(expected),
      round: bet!.body.round,
      round_closed: true,
      reference_transaction_uuid: bet!.body.transaction_uuid,
    });
  });

  it('shows the real balance when the platform refuses a stake for lack of money', async () => {
    await startSim(() => 0);
    fake.respond = (_a, standard) => ({
      body: standard().replace('"RS_OK"', '"RS_ERROR_NOT_ENOUGH_MONEY"'),
    });
    await launch('JDB-FISH-001');
    const shot = await sim.inject({
      method: 'POST',
      url: '/api/fishing/shoot',
      payload: { token: 'token-JDB-FISH-001', stake: '1000', fish: 'WHALE' },
    });
    expect(shot.json()).toMatchObject({ ok: false, status: 'RS_ERROR_NOT_ENOUGH_MONEY' });
    expect(fake.arrivals).toHaveLength(1);
  });

  it('refuses a stake it does not offer without calling the platform', async () => {
    await startSim(() => 0);
    await launch('PG-RNG-001');
    const spin = await sim.inject({
      method: 'POST',
      url: '/api/slot/spin',
      payload: { token: 'token-PG-RNG-001', stake: '123' },
    });
    expect(spin.statusCode).toBe(400);
    expect(fake.arrivals).toHaveLength(0);
  });

  it('refuses a side the game does not have without calling the platform', async () => {
    await startSim(() => 0);
    await launch('DS88-COCKFIGHT-001');
    const placed = await sim.inject({
      method: 'POST',
      url: '/api/table/bet',
      payload: { token: 'token-DS88-COCKFIGHT-001', side: 'BANKER', stake: '1000' },
    });
    expect(placed.statusCode).toBe(400);
    expect(fake.arrivals).toHaveLength(0);
  });

  it('settles every bet of a cockfight round when the dealer timer ends', async () => {
    // Draw 0: meron wins.
    await startSim(() => 0);
    await launch('DS88-COCKFIGHT-001');
    const token = 'token-DS88-COCKFIGHT-001';
    const state = await sim.inject(`/api/state?token=${token}`);
    expect(state.json()).toMatchObject({ kind: 'cockfight', table: { phase: 'betting' } });
    for (const side of ['MERON', 'WALA']) {
      const placed = await sim.inject({
        method: 'POST',
        url: '/api/table/bet',
        payload: { token, side, stake: '1000' },
      });
      expect(placed.json()).toMatchObject({ ok: true });
    }
    await expect
      .poll(() => fake.arrivals.filter((a) => a.path.endsWith('/win')).length, { timeout: 10_000 })
      .toBe(2);
    const bets = fake.arrivals.filter((a) => a.path.endsWith('/bet')).map((a) => a.body);
    const wins = fake.arrivals.filter((a) => a.path.endsWith('/win')).map((a) => a.body);
    expect(wins.map((w) => [w.reference_transaction_uuid, w.amount, w.round_closed])).toEqual([
      [bets[0]!.transaction_uuid, 1900, false],
      [bets[1]!.transaction_uuid, 0, true],
    ]);
    expect(new Set([...bets, ...wins].map((call) => call.round)).size).toBe(1);
    expect(fake.balance()).toBe(100_000 - 2000 + 1900);
    // The table shows the win once the platform has answered the last call (just after it arrived).
    await expect
      .poll(async () => (await sim.inject(`/api/state?token=${token}`)).json().table.last)
      .toMatchObject({ result: 'MERON', myWin: 1900 });
  });

  it('rolls back every bet of a cancelled fight', async () => {
    // Draw 999: the fight is cancelled.
    await startSim(() => 999);
    await launch('DS88-COCKFIGHT-001');
    const token = 'token-DS88-COCKFIGHT-001';
    await sim.inject(`/api/state?token=${token}`);
    await sim.inject({
      method: 'POST',
      url: '/api/table/bet',
      payload: { token, side: 'WALA', stake: '5000' },
    });
    await expect
      .poll(() => fake.arrivals.filter((a) => a.path.endsWith('/rollback')).length, {
        timeout: 10_000,
      })
      .toBe(1);
    const [bet, rollback] = fake.arrivals
      .filter((a) => a.path.includes('/transaction/'))
      .map((a) => a.body);
    expect(rollback).toMatchObject({
      reference_transaction_uuid: bet!.transaction_uuid,
      round_closed: true,
    });
    expect(fake.balance()).toBe(100_000);
  });
});

describe('transfer wallet', () => {
  const transfer = (path: string, body: object) => platformCall(`/SA${path}`, body, SA_SECRET);
  const fundIn = {
    request_uuid: 'r1',
    transfer_uuid: 'tr-1',
    user: 'alice01',
    amount: 5000,
    currency: 'PHP',
  };

  it('funds in once per transfer id and reports the transfer', async () => {
    await startSim(() => 0);
    const first = await transfer('/transfer/in', fundIn);
    expect(first.json()).toEqual({ status: 'RS_OK', transfer_uuid: 'tr-1', balance: 5000 });
    const again = await transfer('/transfer/in', { ...fundIn, request_uuid: 'r2' });
    expect(again.body).toBe(first.body);
    expect(
      (
        await transfer('/user/balance', { request_uuid: 'r3', user: 'alice01', currency: 'PHP' })
      ).json(),
    ).toEqual({ status: 'RS_OK', balance: 5000 });
    expect(
      (await transfer('/transfer/status', { request_uuid: 'r4', transfer_uuid: 'tr-1' })).json(),
    ).toEqual({
      status: 'RS_OK',
      transfer_uuid: 'tr-1',
      state: 'completed',
      direction: 'in',
      amount: 5000,
    });
    expect(
      (await transfer('/transfer/status', { request_uuid: 'r5', transfer_uuid: 'tr-9' })).json(),
    ).toMatchObject({ state: 'not_found', direction: null, amount: null });
  });

  it('refuses a fund out above the held balance and records it as failed', async () => {
    await startSim(() => 0);
    await transfer('/transfer/in', fundIn);
    const out = await transfer('/transfer/out', { ...fundIn, transfer_uuid: 'tr-2', amount: 7000 });
    expect(out.json()).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 5000 });
    expect(
      (await transfer('/transfer/status', { request_uuid: 'r6', transfer_uuid: 'tr-2' })).json(),
    ).toMatchObject({ state: 'failed', direction: 'out' });
    const reused = await transfer('/transfer/out', { ...fundIn, amount: 1000 });
    expect(reused.json()).toEqual({ status: 'RS_ERROR_DUPLICATE_TRANSACTION' });
  });

  it('refuses unsigned transfer calls', async () => {
    await startSim(() => 0);
    const response = await platformCall('/SA/transfer/in', fundIn, SA_SECRET, 'f'.repeat(64));
    expect(response.json()).toEqual({ status: 'RS_ERROR_INVALID_SIGNATURE' });
  });

  it('plays a transfer-wallet table against the held balance, never calling the platform', async () => {
    // Draw 0 everywhere: eight aces deal a tie (player A A A = 3, banker A A A = 3).
    await startSim(() => 0);
    await transfer('/transfer/in', fundIn);
    await launch('SA-LIVE-001', { wallet_mode: 'transfer' }, '/SA/launch', SA_SECRET);
    const token = 'token-SA-LIVE-001';
    expect((await sim.inject(`/api/state?token=${token}`)).json()).toMatchObject({
      kind: 'baccarat',
      balance: 5000,
    });
    const placed = await sim.inject({
      method: 'POST',
      url: '/api/table/bet',
      payload: { token, side: 'TIE', stake: '1000' },
    });
    expect(placed.json()).toEqual({ ok: true, balance: 4000 });
    await expect
      .poll(async () => (await sim.inject(`/api/state?token=${token}`)).json().table.last?.myWin, {
        timeout: 10_000,
      })
      .toBe(9000);
    const held = await transfer('/user/balance', {
      request_uuid: 'r7',
      user: 'alice01',
      currency: 'PHP',
    });
    expect(held.json()).toEqual({ status: 'RS_OK', balance: 13_000 });
    expect(fake.arrivals).toHaveLength(0);
  });
});
