import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { vendorCredentials } from '../../src/db/schema/index.js';
import { isClean, reconcileLedger } from '../../src/modules/ledger/reconcile.repository.js';
import { testDatabases } from '../support/databases.js';
import { fund, MERCHANT_ID } from '../support/ledger.js';
import { CAPTCHA_ANSWER, memberApi } from '../support/member-api.js';
import { buildTestApp } from '../support/test-app.js';
import { startSimLink, type SimLink } from '../support/vendor-sim.js';

describe.each(testDatabases)('wallet routes on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: ReturnType<typeof memberApi>;
  // Transfers are made at the vendor: the reference vendor plays the demo's transfer wallets.
  let sim: SimLink;

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
    api = memberApi(app);
    sim = await startSimLink({ lateMs: 0 });
    await database.db
      .update(vendorCredentials)
      .set({ baseUrl: sim.url })
      .where(eq(vendorCredentials.merchantId, MERCHANT_ID));
    // Migrating and seeding a database takes a while on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await sim?.close();
    await app.close();
    await database.close();
  });

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
    app.inject({ method, url, headers: api.headers(token), ...(payload ? { payload } : {}) });

  async function newMember(): Promise<{ token: string; id: number }> {
    const { token, user } = (await api.register()).json().value;
    const info = (await call('GET', '/wps/member/info', token)).json().value;
    expect(info.account).toBe(user.account);
    return { token, id: info.id as number };
  }

  let request = 0;
  const transfer = (token: string, body: Record<string, unknown>) =>
    call('POST', '/wps/v2/wallets/transfer', token, {
      clientRequestId: `req-${Date.now()}-${(request += 1)}`,
      ...body,
    });

  it('shows a new member a zero balance in the merchant currency', async () => {
    const { token } = await newMember();
    const res = await call('GET', '/wps/v2/wallets/balance', token);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({ balance: '0.00', currency: 'PHP', currencySymbol: '₱' });
  });

  it('lists the transfer wallets of the merchant', async () => {
    const { token } = await newMember();
    const wallet = (await call('GET', '/wps/v2/wallets/merchant', token)).json().value;
    expect(wallet.consolidated).toBe(false);
    expect(wallet.transferWallets.length).toBeGreaterThan(0);
    const funds = (await call('GET', '/wps/member/info/funds/consolidated', token)).json().value;
    expect(funds.wallets[0]).toEqual({ wallet: 'main', displayName: null, balance: '0.00' });
    expect(funds.wallets.slice(1).map((w: { wallet: string }) => w.wallet)).toEqual(
      wallet.transferWallets.map((w: { wallet: string }) => w.wallet),
    );
  });

  it('moves money to a vendor wallet and back, once per request id', async () => {
    const { token, id } = await newMember();
    await fund(database.db, id, 100_000n);
    const vendor = (await call('GET', '/wps/v2/wallets/merchant', token)).json().value
      .transferWallets[0].wallet as string;

    const body = {
      from: 'main',
      to: vendor,
      amount: '250.50',
      clientRequestId: `twice-transfer-${id}`,
    };
    const first = await call('POST', '/wps/v2/wallets/transfer', token, body);
    expect(first.statusCode).toBe(200);
    const again = await call('POST', '/wps/v2/wallets/transfer', token, body);
    expect(again.json().value).toEqual(first.json().value);
    const funds = first.json().value;
    expect(funds.total).toBe('1000.00');
    expect(funds.wallets.find((w: { wallet: string }) => w.wallet === 'main').balance).toBe(
      '749.50',
    );
    expect(funds.wallets.find((w: { wallet: string }) => w.wallet === vendor).balance).toBe(
      '250.50',
    );

    const reused = await call('POST', '/wps/v2/wallets/transfer', token, { ...body, amount: '1' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('DUPLICATE_TRANSACTION');

    const back = await transfer(token, { from: vendor, to: 'main', amount: '250.5' });
    expect(back.statusCode).toBe(200);
    const balance = (await call('GET', '/wps/v2/wallets/balance', token)).json().value;
    expect(balance.balance).toBe('1000.00');
    expect(isClean(await reconcileLedger(database.db))).toBe(true);
  });

  it('refuses bad amounts, unknown wallets and overdrafts, and moves nothing', async () => {
    const { token, id } = await newMember();
    await fund(database.db, id, 10_000n);
    const vendor = (await call('GET', '/wps/v2/wallets/merchant', token)).json().value
      .transferWallets[0].wallet as string;
    for (const amount of [
      '-1',
      '0',
      '0.00',
      'abc',
      'NaN',
      '1e3',
      '1.001',
      '',
      ' ',
      '10000000000000000',
    ]) {
      const res = await transfer(token, { from: 'main', to: vendor, amount });
      expect(res.statusCode, amount).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    for (const [from, to] of [
      ['main', 'main'],
      ['main', 'NOPE'],
      [vendor, vendor],
      ['NOPE', 'main'],
    ]) {
      const res = await transfer(token, { from, to, amount: '1.00' });
      expect(res.statusCode, `${from}->${to}`).toBe(400);
      expect(res.json().value.issues[0].message).toBe('unknown_wallet');
    }
    const over = await transfer(token, { from: 'main', to: vendor, amount: '100.01' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      value: { balance: '100.00' },
    });
    const empty = await transfer(token, { from: vendor, to: 'main', amount: '0.01' });
    expect(empty.json().code).toBe('INSUFFICIENT_BALANCE');
    const funds = (await call('GET', '/wps/member/info/funds/consolidated', token)).json().value;
    expect(funds.total).toBe('100.00');
    expect(funds.wallets[0].balance).toBe('100.00');
  });

  it('keeps trial accounts out of transfers and visitors out of balances', async () => {
    const trial = (await api.startFreePlay()).json().value;
    const refused = await transfer(trial.token, { from: 'main', to: 'EG2', amount: '1.00' });
    expect(refused.json().code).toBe('IN_NEED_TRUE_ACCOUNT');
    expect((await call('GET', '/wps/v2/wallets/balance')).json().code).toBe('NOT_LOGGED_IN');
  });
});
