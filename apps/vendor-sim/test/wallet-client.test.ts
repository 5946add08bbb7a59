import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSeamlessRounds } from '../src/play/rounds.js';
import type { PlayerSession } from '../src/play/sessions.js';
import { signBody, verifyBody } from '../src/wallet/signature.js';
import {
  createWalletClient,
  WalletUnavailableError,
  type WalletClientOptions,
  type WalletEvent,
} from '../src/wallet/wallet-client.js';
import { startFakeWallet, type FakeWallet } from './support/fake-wallet.js';

const SECRET = 'test-vendor-secret-0123456789';

describe('signature', () => {
  it('is the lower-case hex HMAC-SHA256 of the raw body (RFC 4231 case 2)', () => {
    expect(signBody('what do ya want for nothing?', 'Jefe')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('verifies only the exact bytes with the right secret', () => {
    const body = '{"amount":500}';
    const signature = signBody(body, SECRET);
    expect(verifyBody(body, SECRET, signature)).toBe(true);
    expect(verifyBody('{"amount": 500}', SECRET, signature)).toBe(false);
    expect(verifyBody(body, `${SECRET}x`, signature)).toBe(false);
    expect(verifyBody(body, SECRET, undefined)).toBe(false);
    expect(verifyBody(body, SECRET, signature.slice(1))).toBe(false);
  });
});

const session: PlayerSession = {
  token: 'launch-token-1',
  user: 'alice01',
  currency: 'PHP',
  gameCode: 'PG-RNG-001',
  language: 'EN',
  lobbyUrl: 'http://platform.test/',
  walletMode: 'seamless',
  vendorCode: 'PG',
  heldBy: '',
  merchant: 'demo',
  balance: null,
  lastSeen: 0,
};

let fake: FakeWallet;
let events: WalletEvent[];

function client(overrides: Partial<WalletClientOptions> = {}) {
  return createWalletClient({
    platformUrl: fake.url,
    secretFor: () => SECRET,
    timeoutMs: 300,
    retries: 3,
    retryDelayMs: 1,
    duplicateRate: 0,
    dropRate: 0,
    random: () => 0.5,
    log: (event) => events.push(event),
    ...overrides,
  });
}

function bet(transaction: string, amount = 500) {
  return {
    request_uuid: `req-${transaction}`,
    transaction_uuid: transaction,
    user: 'alice01',
    token: 'launch-token-1',
    game_code: 'PG-RNG-001',
    round: `round-${transaction}`,
    round_closed: false,
    amount,
    currency: 'PHP',
  };
}

beforeEach(async () => {
  fake = await startFakeWallet(SECRET);
  events = [];
});
afterEach(async () => {
  await fake.close();
});

describe('wallet client', () => {
  it('signs every call with the vendor code, the HMAC of the raw body and the merchant', async () => {
    const answer = await client().bet(session, bet('t-1'));
    expect(answer).toMatchObject({ status: 'RS_OK', balance: 99_500 });
    const [arrival] = fake.arrivals;
    expect(arrival!.path).toBe('/vendor-api/v1/transaction/bet');
    expect(arrival!.signedRight).toBe(true);
    expect(arrival!.headers['x-signature']).toBe(
      createHmac('sha256', SECRET).update(arrival!.raw).digest('hex'),
    );
    expect(arrival!.headers['x-vendor-code']).toBe('PG');
    expect(arrival!.headers.merchant).toBe('demo');
    expect(arrival!.body).toEqual(bet('t-1'));
  });

  it('retries a 5xx and RS_ERROR_UNKNOWN with the very same bytes', async () => {
    let calls = 0;
    fake.respond = (_arrival, standard) => {
      calls += 1;
      if (calls === 1) return { httpStatus: 503, body: 'busy' };
      if (calls === 2)
        return {
          body: JSON.stringify({
            status: 'RS_ERROR_UNKNOWN',
            request_uuid: null,
            user: null,
            currency: null,
            balance: null,
          }),
        };
      return { body: standard() };
    };
    const answer = await client().bet(session, bet('t-2'));
    expect(answer.status).toBe('RS_OK');
    expect(fake.arrivals).toHaveLength(3);
    expect(new Set(fake.arrivals.map((a) => a.raw)).size).toBe(1);
    expect(fake.balance()).toBe(99_500);
    expect(
      events.filter((e) => e.kind === 'retry').map((e) => (e as { reason: string }).reason),
    ).toEqual(['HTTP 503', 'RS_ERROR_UNKNOWN']);
  });

  it('retries a timed-out call with the same ids, and the platform applies it once', async () => {
    let calls = 0;
    fake.respond = (_arrival, standard) => {
      calls += 1;
      // The first answer comes too late: the call was applied but the sim never heard back.
      return { body: standard(), delayMs: calls === 1 ? 1000 : 0 };
    };
    const answer = await client().bet(session, bet('t-3'));
    expect(answer).toMatchObject({ status: 'RS_OK', balance: 99_500 });
    expect(fake.arrivals).toHaveLength(2);
    expect(fake.arrivals[1]!.raw).toBe(fake.arrivals[0]!.raw);
    expect(events[0]).toMatchObject({ kind: 'retry', reason: 'timeout' });
  });

  it('sends duplicates byte for byte and checks the two answers are the same', async () => {
    const answer = await client({ duplicateRate: 1 }).bet(session, bet('t-4'));
    expect(answer.status).toBe('RS_OK');
    expect(fake.arrivals).toHaveLength(2);
    expect(fake.arrivals[0]!.raw).toBe(fake.arrivals[1]!.raw);
    expect(fake.balance()).toBe(99_500);
    expect(events).toEqual([{ kind: 'duplicate', path: 'transaction/bet', identical: true }]);
  });

  it('reports a duplicate whose answer differs', async () => {
    let calls = 0;
    fake.respond = (_arrival, standard) => {
      calls += 1;
      return { body: calls === 1 ? standard() : standard().replace('99500', '99000') };
    };
    await client({ duplicateRate: 1 }).bet(session, bet('t-5'));
    expect(events).toEqual([{ kind: 'duplicate', path: 'transaction/bet', identical: false }]);
  });

  it('resends a call whose answer it drops, and gives up after the retries', async () => {
    await expect(client({ dropRate: 1, retries: 2 }).bet(session, bet('t-6'))).rejects.toThrow(
      WalletUnavailableError,
    );
    expect(fake.arrivals).toHaveLength(3);
    expect(new Set(fake.arrivals.map((a) => a.raw)).size).toBe(1);
    expect(events.at(-1)).toMatchObject({ kind: 'gave-up', reason: 'answer dropped' });
  });

  it('answers a refusal as it is, without retrying', async () => {
    const answer = await client().bet(session, bet('t-7', 200_000));
    expect(answer).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 100_000 });
    expect(fake.arrivals).toHaveLength(1);
  });
});

describe('rounds', () => {
  const paths = () => fake.arrivals.map((a) => a.path.replace('/vendor-api/v1/', ''));

  it('bets, then wins with the bet as reference and closes the round', async () => {
    const rounds = createSeamlessRounds(client(), { pendingRetryMs: 10 });
    const own = { ...session };
    const placed = await rounds.bet(own, 'r-1', 1000n);
    if (!placed.ok) throw new Error('bet refused');
    await rounds.win(own, placed.bet, 2500n, true);
    expect(paths()).toEqual(['transaction/bet', 'transaction/win']);
    const [betCall, winCall] = fake.arrivals.map((a) => a.body);
    expect(winCall).toMatchObject({
      reference_transaction_uuid: betCall!.transaction_uuid,
      round: 'r-1',
      round_closed: true,
      amount: 2500,
    });
    expect(winCall!.transaction_uuid).not.toBe(betCall!.transaction_uuid);
    expect(own.balance).toBe(101_500);
    rounds.close();
  });

  it('rolls back a bet that never got an answer, closing the round', async () => {
    fake.respond = (arrival, standard) =>
      arrival.path.endsWith('/bet') ? { body: standard(), delayMs: 1000 } : { body: standard() };
    const rounds = createSeamlessRounds(client({ retries: 1 }), { pendingRetryMs: 10 });
    const own = { ...session };
    const placed = await rounds.bet(own, 'r-2', 1000n);
    expect(placed).toEqual({ ok: false, status: 'ROLLED_BACK' });
    expect(paths()).toEqual(['transaction/bet', 'transaction/bet', 'transaction/rollback']);
    const rollback = fake.arrivals[2]!.body;
    expect(rollback).toMatchObject({
      reference_transaction_uuid: fake.arrivals[0]!.body.transaction_uuid,
      round: 'r-2',
      round_closed: true,
    });
    expect(rollback).not.toHaveProperty('amount');
    // The stake the late bet took came back.
    expect(fake.balance()).toBe(100_000);
    rounds.close();
  });

  it('keeps retrying a win the platform could not take until it is accepted', async () => {
    let down = true;
    fake.respond = (arrival, standard) =>
      down && arrival.path.endsWith('/win') ? { httpStatus: 502 } : { body: standard() };
    const rounds = createSeamlessRounds(client({ retries: 1 }), { pendingRetryMs: 20 });
    const own = { ...session };
    const placed = await rounds.bet(own, 'r-3', 1000n);
    if (!placed.ok) throw new Error('bet refused');
    await rounds.win(own, placed.bet, 3000n, true);
    expect(rounds.pendingCount()).toBe(1);
    down = false;
    await expect.poll(() => rounds.pendingCount(), { timeout: 2000 }).toBe(0);
    const wins = fake.arrivals.filter((a) => a.path.endsWith('/win'));
    expect(wins.length).toBeGreaterThanOrEqual(3);
    expect(new Set(wins.map((a) => a.raw)).size).toBe(1);
    expect(fake.balance()).toBe(102_000);
    rounds.close();
  });
});
