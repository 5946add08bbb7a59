import { generateKeyPairSync, randomUUID, sign as rsaSign } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { gameSessions, members } from '../../src/db/schema/index.js';
import { mainBalance } from '../../src/modules/ledger/ledger.service.js';
import { isClean, reconcileLedger } from '../../src/modules/ledger/reconcile.repository.js';
import { hashToken } from '../../src/modules/vendor-wallet/vendor-wallet.service.js';
import { testDatabases } from '../support/databases.js';
import { CURRENCY, MERCHANT_ID } from '../support/ledger.js';
import { buildTestApp } from '../support/test-app.js';
import {
  sign,
  testPlayer,
  testVendor,
  vendorPost,
  type TestPlayer,
  type TestVendor,
} from '../support/vendor-wallet.js';

describe.each(testDatabases)('vendor wallet API on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let vendor: TestVendor;

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database);
    vendor = await testVendor(database.db);
    // Migrating and seeding a database takes a while on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    vendorPost(app, vendor, path, body, headers);
  const send = async (path: string, fields: Record<string, unknown>) => {
    const res = await post(path, JSON.stringify(fields));
    expect(res.statusCode).toBe(200);
    return res.json<{ status: string; balance: number | null }>();
  };
  const balance = (player: TestPlayer) =>
    mainBalance(database.db, MERCHANT_ID, player.id, CURRENCY);

  const base = (player: TestPlayer) => ({
    request_uuid: randomUUID(),
    user: player.username,
    token: player.token,
    game_code: vendor.gameCode,
  });
  const bet = (player: TestPlayer, amount: number, extra: Record<string, unknown> = {}) => ({
    ...base(player),
    transaction_uuid: randomUUID(),
    round: randomUUID(),
    round_closed: false,
    amount,
    currency: CURRENCY,
    ...extra,
  });
  const win = (
    player: TestPlayer,
    of: { transaction_uuid: string; round: string },
    amount = 0,
  ) => ({
    ...base(player),
    transaction_uuid: randomUUID(),
    reference_transaction_uuid: of.transaction_uuid,
    round: of.round,
    round_closed: true,
    amount,
    currency: CURRENCY,
  });
  const rollback = (player: TestPlayer, of: { transaction_uuid: string; round: string }) => ({
    ...base(player),
    transaction_uuid: randomUUID(),
    reference_transaction_uuid: of.transaction_uuid,
    round: of.round,
  });

  /** Sends the same bytes 10 times (5 at once, then 5 one by one); every answer is identical. */
  async function tenTimes(path: string, fields: Record<string, unknown>): Promise<string> {
    const body = JSON.stringify(fields);
    const burst = await Promise.all(Array.from({ length: 5 }, () => post(path, body)));
    const answers = burst.map((res) => res.body);
    for (let n = 0; n < 5; n += 1) answers.push((await post(path, body)).body);
    expect(new Set(answers).size).toBe(1);
    return answers[0]!;
  }

  it('answers the balance of a valid token, the same bytes for a replayed request', async () => {
    const player = await testPlayer(database.db, vendor, 12_345n);
    const answer = JSON.parse(await tenTimes('user/balance', base(player)));
    expect(answer).toMatchObject({
      status: 'RS_OK',
      user: player.username,
      currency: 'PHP',
      balance: 12_345,
    });
    const info = await send('user/info', base(player));
    expect(info).toMatchObject({ status: 'RS_OK', balance: 12_345, display_name: player.username });
  });

  it('applies a bet, a win and a rollback once however often they are sent', async () => {
    const player = await testPlayer(database.db, vendor, 10_000n);
    const placed = bet(player, 2_500);
    expect(JSON.parse(await tenTimes('transaction/bet', placed))).toMatchObject({
      status: 'RS_OK',
      balance: 7_500,
    });
    expect(await balance(player)).toBe(7_500n);
    expect(JSON.parse(await tenTimes('transaction/win', win(player, placed, 6_000)))).toMatchObject(
      { status: 'RS_OK', balance: 13_500 },
    );
    expect(await balance(player)).toBe(13_500n);

    const second = bet(player, 1_000);
    await send('transaction/bet', second);
    expect(
      JSON.parse(await tenTimes('transaction/rollback', rollback(player, second))),
    ).toMatchObject({ status: 'RS_OK', balance: 13_500 });
    expect(await balance(player)).toBe(13_500n);
    expect(isClean(await reconcileLedger(database.db))).toBe(true);
  });

  it('records a rollback of an unknown bet so the late bet is refused, every time alike', async () => {
    const player = await testPlayer(database.db, vendor, 5_000n);
    const late = bet(player, 1_000);
    expect(
      JSON.parse(await tenTimes('transaction/rollback', rollback(player, late))),
    ).toMatchObject({ status: 'RS_OK', balance: 5_000 });
    expect(JSON.parse(await tenTimes('transaction/bet', late))).toMatchObject({
      status: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
      balance: 5_000,
    });
    expect(await balance(player)).toBe(5_000n);
  });

  it('refuses a second rollback, a win after a rollback and a rollback after a win', async () => {
    const player = await testPlayer(database.db, vendor, 5_000n);
    const placed = bet(player, 1_000);
    await send('transaction/bet', placed);
    await send('transaction/rollback', rollback(player, placed));
    expect(
      JSON.parse(await tenTimes('transaction/rollback', rollback(player, placed))),
    ).toMatchObject({ status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', balance: 5_000 });
    expect((await send('transaction/win', win(player, placed, 900))).status).toBe(
      'RS_ERROR_TRANSACTION_ROLLED_BACK',
    );
    const won = bet(player, 1_000);
    await send('transaction/bet', won);
    await send('transaction/win', win(player, won, 0));
    expect((await send('transaction/rollback', rollback(player, won))).status).toBe(
      'RS_ERROR_BET_ALREADY_SETTLED',
    );
    expect(await balance(player)).toBe(4_000n);
  });

  it('answers insufficient funds with the real balance and lets the same id succeed later', async () => {
    const player = await testPlayer(database.db, vendor, 300n);
    const big = bet(player, 500);
    expect(await send('transaction/bet', big)).toMatchObject({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      balance: 300,
    });
    expect(await balance(player)).toBe(300n);
    const { fund } = await import('../support/ledger.js');
    await fund(database.db, player.id, 1_000n);
    expect(await send('transaction/bet', big)).toMatchObject({ status: 'RS_OK', balance: 800 });
  });

  it('refuses a win for an unknown bet and a reused transaction id with other content', async () => {
    const player = await testPlayer(database.db, vendor, 2_000n);
    const ghost = { transaction_uuid: randomUUID(), round: randomUUID() };
    expect(await send('transaction/win', win(player, ghost, 500))).toMatchObject({
      status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      balance: 2_000,
    });
    const placed = bet(player, 100);
    await send('transaction/bet', placed);
    expect(
      (await send('transaction/bet', { ...placed, request_uuid: randomUUID(), amount: 200 }))
        .status,
    ).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await balance(player)).toBe(1_900n);
  });

  it('refuses bets in a closed round but pays a late win in it', async () => {
    const player = await testPlayer(database.db, vendor, 2_000n);
    const round = randomUUID();
    const closing = bet(player, 100, { round, round_closed: true });
    await send('transaction/bet', closing);
    expect((await send('transaction/bet', bet(player, 100, { round }))).status).toBe(
      'RS_ERROR_ROUND_CLOSED',
    );
    expect((await send('transaction/win', win(player, closing, 300))).status).toBe('RS_OK');
    expect(await balance(player)).toBe(2_200n);
  });

  it('checks the token on balance and bet, never its expiry on win and rollback', async () => {
    const player = await testPlayer(database.db, vendor, 2_000n);
    const placed = bet(player, 500);
    await send('transaction/bet', placed);
    await database.db
      .update(gameSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(gameSessions.tokenHash, hashToken(player.token)));
    expect((await send('user/balance', base(player))).status).toBe('RS_ERROR_TOKEN_EXPIRED');
    expect((await send('transaction/bet', bet(player, 100))).status).toBe('RS_ERROR_TOKEN_EXPIRED');
    expect((await send('transaction/win', win(player, placed, 700))).status).toBe('RS_OK');
    expect(await balance(player)).toBe(2_200n);

    expect((await send('user/balance', { ...base(player), token: 'nope' })).status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    const other = await testPlayer(database.db, vendor, 0n);
    expect((await send('user/balance', { ...base(player), token: other.token })).status).toBe(
      'RS_ERROR_INVALID_USER',
    );
    expect((await send('transaction/win', win(other, placed, 700))).status).toBe(
      'RS_ERROR_INVALID_USER',
    );
    expect((await send('user/balance', { ...base(player), user: 'nobody-here' })).status).toBe(
      'RS_ERROR_INVALID_USER',
    );
    expect(await balance(player)).toBe(2_200n);
  });

  it('refuses a frozen member’s bets but still pays their win', async () => {
    const player = await testPlayer(database.db, vendor, 2_000n);
    const placed = bet(player, 500);
    await send('transaction/bet', placed);
    await database.db.update(members).set({ status: 'frozen' }).where(eq(members.id, player.id));
    expect((await send('transaction/bet', bet(player, 100))).status).toBe('RS_ERROR_USER_DISABLED');
    expect((await send('transaction/win', win(player, placed, 100))).status).toBe('RS_OK');
    expect(await balance(player)).toBe(1_600n);
  });

  it('refuses unsigned, wrongly signed, malformed, wrong-currency and bad-amount calls', async () => {
    const player = await testPlayer(database.db, vendor, 1_000n);
    const body = JSON.stringify(bet(player, 100));
    const status = async (res: Promise<{ json: () => unknown }>) =>
      ((await res).json() as { status: string }).status;
    expect(await status(post('transaction/bet', body, { 'x-signature': '' }))).toBe(
      'RS_ERROR_INVALID_SIGNATURE',
    );
    expect(
      await status(post('transaction/bet', body, { 'x-signature': sign(body, 'wrong') })),
    ).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect(await status(post('transaction/bet', `${body} `, { 'x-signature': sign(body) }))).toBe(
      'RS_ERROR_INVALID_SIGNATURE',
    );
    expect(await status(post('transaction/bet', body, { 'x-vendor-code': 'NOPE' }))).toBe(
      'RS_ERROR_INVALID_PARTNER',
    );
    expect(await status(post('transaction/bet', '{"amount":'))).toBe('RS_ERROR_WRONG_SYNTAX');
    const noAmount = { ...bet(player, 1), amount: undefined };
    expect((await send('transaction/bet', noAmount)).status).toBe('RS_ERROR_WRONG_SYNTAX');
    for (const amount of [-100, 10.5, '100', 1e300]) {
      expect((await send('transaction/bet', bet(player, 0, { amount }))).status).toBe(
        'RS_ERROR_WRONG_TYPES',
      );
    }
    expect((await send('transaction/bet', bet(player, 100, { currency: 'USD' }))).status).toBe(
      'RS_ERROR_WRONG_CURRENCY',
    );
    expect(
      (await send('transaction/bet', bet(player, 100, { game_code: 'no-such-game' }))).status,
    ).toBe('RS_ERROR_INVALID_GAME');
    expect(await balance(player)).toBe(1_000n);
  });

  it('accepts RSA-SHA256 signatures from a vendor registered with a public key', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const rsaVendor = await testVendor(database.db, {
      nth: 1,
      rsaPublicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    });
    {
      const player = await testPlayer(database.db, rsaVendor, 1_000n);
      const body = JSON.stringify(base(player));
      const call = (signature: string) =>
        app.inject({
          method: 'POST',
          url: '/vendor-api/v1/user/balance',
          headers: {
            'content-type': 'application/json',
            merchant: 'demo',
            'x-vendor-code': rsaVendor.code,
            'x-signature': signature,
          },
          payload: body,
        });
      const signature = rsaSign('sha256', Buffer.from(body), privateKey).toString('base64');
      expect((await call(signature)).json()).toMatchObject({ status: 'RS_OK', balance: 1_000 });
      expect((await call(sign(body))).json().status).toBe('RS_ERROR_INVALID_SIGNATURE');
    }
  });
});
