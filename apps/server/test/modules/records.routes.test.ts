import { addDays, recordsToday } from '@app/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, DatabaseHandle } from '../../src/db/client.js';
import {
  mainBalance,
  placeHold,
  postEntry,
  settleHold,
  type EntryRequest,
} from '../../src/modules/ledger/ledger.service.js';
import { testDatabases } from '../support/databases.js';
import { operatorHeaders, signInOperator } from '../support/operator-api.js';
import { CURRENCY, fund, MERCHANT_ID } from '../support/ledger.js';
import { randomIp, type MemberApi } from '../support/member-api.js';
import { closeTestApp, startMemberApp } from '../support/test-app.js';
import { saveKycInfo } from '../support/kyc.js';

let keySequence = 0;
const key = (label: string) => `records-${label}-${Date.now()}-${(keySequence += 1)}`;

type Game = { vendorCode: string; gameCategory: string; gameCode: string; roundId: string };

/** A bet, payout, deposit... as the modules that own them post it. */
function entry(
  type: EntryRequest['type'],
  memberId: number,
  amount: bigint,
  reference: EntryRequest['reference'] = null,
): EntryRequest {
  const house = type === 'deposit' ? 'payments_in_transit' : 'house';
  const sign = ['deposit', 'payout', 'bonus', 'adjustment'].includes(type) ? 1n : -1n;
  return {
    merchantId: MERCHANT_ID,
    currency: CURRENCY,
    type,
    idempotencyKey: key(type),
    memberId,
    reference,
    postings: [
      { account: { kind: 'member_main', memberId }, amount: sign * amount },
      { account: { kind: house }, amount: -sign * amount },
    ],
  };
}

function between(
  type: 'agent_transfer' | 'upline_transfer',
  from: number,
  to: number,
  amount: bigint,
) {
  return {
    merchantId: MERCHANT_ID,
    currency: CURRENCY,
    type,
    idempotencyKey: key(type),
    memberId: from,
    reference: { transferId: key('t') },
    postings: [
      { account: { kind: 'member_main' as const, memberId: from }, amount: -amount },
      { account: { kind: 'member_main' as const, memberId: to }, amount },
    ],
  } satisfies EntryRequest;
}

function toVendor(memberId: number, vendorCode: string, amount: bigint): EntryRequest {
  return {
    merchantId: MERCHANT_ID,
    currency: CURRENCY,
    type: 'vendor_transfer',
    idempotencyKey: key('vendor'),
    memberId,
    reference: { from: 'main', to: vendorCode },
    postings: [
      { account: { kind: 'member_main', memberId }, amount: -amount },
      { account: { kind: 'member_vendor', memberId, vendorCode }, amount },
    ],
  };
}

/** Moves an entry to another instant (the journal refuses updates; tests lift that briefly). */
async function backdate(db: Db, entryId: number, at: Date) {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`alter table ledger_entries disable trigger ledger_entries_no_update_delete`,
    );
    await tx.execute(
      sql`update ledger_entries set created_at = ${at.toISOString()}::timestamptz where id = ${entryId}`,
    );
    await tx.execute(
      sql`alter table ledger_entries enable trigger ledger_entries_no_update_delete`,
    );
  });
}

/** hh:mm on a yyyy-MM-dd day in Asia/Manila (UTC+8). */
function manila(day: string, time: string): Date {
  return new Date(`${day}T${time}:00+08:00`);
}

describe.each(testDatabases)('member records on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: MemberApi;

  beforeAll(async () => {
    ({ database, app, api } = await startMemberApp(open));
  });
  afterAll(() => closeTestApp(app, database));

  const get = (url: string, token?: string, query: Record<string, string | number> = {}) =>
    api.get(url, token, query);

  async function newMember(): Promise<{ token: string; id: number; account: string }> {
    const { token, user } = (await api.register()).json().value;
    const info = (await get('/wps/member/info', token)).json().value;
    return { token, id: info.id as number, account: user.account as string };
  }

  const post = async (request: EntryRequest, at?: Date) => {
    const result = await postEntry(database.db, request);
    if (at) await backdate(database.db, result.entryId, at);
    return result;
  };

  // Two days in the past (Manila): D0 yesterday, D1 four days ago.
  const today = recordsToday();
  const d0 = addDays(today, -1);
  const d1 = addDays(today, -4);
  const slots = (roundId: string): Game => ({
    vendorCode: 'PG',
    gameCategory: 'SLOTS',
    gameCode: 'pg-mahjong',
    roundId,
  });
  const live = (roundId: string): Game => ({
    vendorCode: 'EVO',
    gameCategory: 'LIVE',
    gameCode: 'evo-baccarat',
    roundId,
  });

  let alice: { token: string; id: number; account: string };
  let bob: { token: string; id: number; account: string };

  beforeAll(async () => {
    alice = await newMember();
    bob = await newMember();
    // Alice: deposit 1,000.00; on D1 a LIVE bet of 50.00 lost, and at 23:30 Manila a SLOTS bet
    // of 10.00 won 30.00; on D0 at 00:30 Manila (still D1 in UTC) a SLOTS bet of 100.00 won
    // 250.00; a LIVE bet of 40.00 voided (returned); 20.00 to Bob; 10.00 to the PG wallet.
    await post(entry('deposit', alice.id, 100_000n, { depositId: 501 }), manila(d1, '09:00'));
    await post(entry('bet', alice.id, 5_000n, live('L1')), manila(d1, '10:00'));
    await post(entry('bet', alice.id, 1_000n, slots('S0')), manila(d1, '23:30'));
    await post(entry('payout', alice.id, 3_000n, slots('S0')), manila(d1, '23:31'));
    await post(entry('bet', alice.id, 10_000n, slots('S1')), manila(d0, '00:30'));
    await post(entry('payout', alice.id, 25_000n, slots('S1')), manila(d0, '00:31'));
    const hold = await placeHold(database.db, {
      merchantId: MERCHANT_ID,
      currency: CURRENCY,
      type: 'bet',
      idempotencyKey: key('hold'),
      memberId: alice.id,
      reference: live('L2'),
      source: { kind: 'member_main', memberId: alice.id },
      holdKind: 'bets_open',
      amount: 4_000n,
    });
    await backdate(database.db, hold.entry.entryId, manila(d0, '08:00'));
    const release = await settleHold(database.db, {
      holdId: hold.holdId,
      outcome: 'void',
      type: 'bet_release',
      idempotencyKey: key('void'),
      reference: live('L2'),
    });
    await backdate(database.db, release.entryId, manila(d0, '08:05'));
    await post(between('agent_transfer', alice.id, bob.id, 2_000n), manila(d0, '09:00'));
    await post(toVendor(alice.id, 'PG', 1_000n), manila(d0, '10:00'));
    // Bob: a deposit of 500.00 and a SLOTS bet on D0; Alice must never see them.
    await post(entry('deposit', bob.id, 50_000n, { depositId: 502 }), manila(d0, '11:00'));
    await post(entry('bet', bob.id, 7_000n, slots('B1')), manila(d0, '12:00'));
  });

  const range = () => ({ from: d1, to: d0 });

  it('shows the caller exactly their own movements, newest first, with balances', async () => {
    const res = await get('/wps/relay/member/transactions', alice.token, range());
    expect(res.statusCode).toBe(200);
    const page = res.json().value;
    expect(page.total).toBe(10);
    expect(page.currencySymbol).toBe('₱');
    expect(
      page.items.map((r: { type: string; amount: string; balanceAfter: string }) => [
        r.type,
        r.amount,
        r.balanceAfter,
      ]),
    ).toEqual([
      ['wallet_out', '-10.00', '1090.00'],
      ['transfer_out', '-20.00', '1100.00'],
      ['bet_returned', '40.00', '1120.00'],
      ['bet', '-40.00', '1080.00'],
      ['payout', '250.00', '1120.00'],
      ['bet', '-100.00', '870.00'],
      ['payout', '30.00', '970.00'],
      ['bet', '-10.00', '940.00'],
      ['bet', '-50.00', '950.00'],
      ['deposit', '1000.00', '1000.00'],
    ]);
    const [wallet, transfer] = page.items;
    expect(wallet.counterpart).toBe('PG');
    expect(transfer.counterpart).toBe(bob.account);
    expect(page.items[4]).toMatchObject({
      gameCategory: 'SLOTS',
      reference: 'S1',
      counterpart: 'PG',
    });
    expect(page.items.at(-1)).toMatchObject({ reference: '501', gameCategory: null });
    expect(page.totalIn).toBe('1320.00');
    expect(page.totalOut).toBe('-230.00');
    expect(await mainBalance(database.db, MERCHANT_ID, alice.id, CURRENCY)).toBe(109_000n);

    const bobs = (await get('/wps/relay/member/transactions', bob.token, range())).json().value;
    expect(bobs.items.map((r: { type: string; amount: string }) => [r.type, r.amount])).toEqual([
      ['bet', '-70.00'],
      ['deposit', '500.00'],
      ['transfer_in', '20.00'],
    ]);
    expect(bobs.items[2].counterpart).toBe(alice.account);
  });

  it('filters by category and by Manila day', async () => {
    const bets = (
      await get('/wps/relay/member/transactions', alice.token, { ...range(), category: 'bet' })
    ).json().value;
    expect(bets.items.map((r: { type: string }) => r.type)).toEqual([
      'bet_returned',
      'bet',
      'bet',
      'bet',
      'bet',
    ]);
    const transfers = (
      await get('/wps/relay/member/transactions', alice.token, { ...range(), category: 'transfer' })
    ).json().value;
    expect(transfers.total).toBe(1);
    // 00:30 on D0 in Manila is the day before in UTC: it belongs to D0.
    const onlyD0 = (
      await get('/wps/relay/member/transactions', alice.token, { from: d0, to: d0 })
    ).json().value;
    expect(onlyD0.total).toBe(6);
    expect(onlyD0.items.at(-1)).toMatchObject({ type: 'bet', amount: '-100.00' });
    const onlyD1 = (
      await get('/wps/relay/member/transactions', alice.token, { from: d1, to: d1 })
    ).json().value;
    expect(onlyD1.total).toBe(4);
    // Without dates: the last 7 days ending today.
    const recent = (await get('/wps/relay/member/transactions', alice.token)).json().value;
    expect(recent).toMatchObject({ from: addDays(today, -6), to: today, total: 10 });
  });

  it('pages with a stable total', async () => {
    const seen: number[] = [];
    for (const page of [1, 2, 3, 4]) {
      const value = (
        await get('/wps/relay/member/transactions', alice.token, { ...range(), page, size: 3 })
      ).json().value;
      expect(value.total).toBe(10);
      expect(value.items.length).toBe(page < 4 ? 3 : 1);
      seen.push(...value.items.map((r: { id: number }) => r.id));
    }
    expect(new Set(seen).size).toBe(10);
  });

  it('rejects bad query parameters', async () => {
    const bad: Record<string, string | number>[] = [
      { from: '2026-02-30', to: '2026-03-01' },
      { from: 'yesterday', to: today },
      { from: today, to: addDays(today, -1) },
      { from: addDays(today, -90), to: today },
      { from: today },
      { size: 101 },
      { size: 0 },
      { page: 0 },
      { category: 'everything' },
    ];
    for (const query of bad) {
      for (const url of ['/wps/relay/member/transactions', '/wps/relay/member/profit']) {
        if (url.endsWith('profit') && ('size' in query || 'page' in query || 'category' in query)) {
          continue;
        }
        const res = await get(url, alice.token, query);
        expect(res.statusCode, `${url} ${JSON.stringify(query)}`).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
    }
    const longest = await get('/wps/relay/member/transactions', alice.token, {
      from: addDays(today, -89),
      to: today,
    });
    expect(longest.statusCode).toBe(200);
  });

  it('refuses visitors and trial accounts', async () => {
    const token = await api.trialToken();
    for (const url of [
      '/wps/relay/member/transactions',
      '/wps/relay/member/profit',
      '/wps/relay/member/bonuses',
    ]) {
      const res = await get(url, token);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('IN_NEED_TRUE_ACCOUNT');
      expect((await get(url)).statusCode).toBe(401);
    }
  });

  it('sums profit and loss per Manila day and game category', async () => {
    const res = await get('/wps/relay/member/profit', alice.token, range());
    expect(res.statusCode).toBe(200);
    const report = res.json().value;
    // D1: LIVE 50.00 lost; SLOTS 10.00 staked, 30.00 paid. D0: SLOTS 100.00 staked, 250.00
    // paid; LIVE 40.00 staked and returned.
    expect(report.days).toEqual([
      {
        date: d0,
        stake: '100.00',
        payout: '250.00',
        profit: '150.00',
        categories: [
          { gameCategory: 'LIVE', stake: '0.00', payout: '0.00', profit: '0.00' },
          { gameCategory: 'SLOTS', stake: '100.00', payout: '250.00', profit: '150.00' },
        ],
      },
      {
        date: d1,
        stake: '60.00',
        payout: '30.00',
        profit: '-30.00',
        categories: [
          { gameCategory: 'LIVE', stake: '50.00', payout: '0.00', profit: '-50.00' },
          { gameCategory: 'SLOTS', stake: '10.00', payout: '30.00', profit: '20.00' },
        ],
      },
    ]);
    expect(report.total).toEqual({ stake: '160.00', payout: '280.00', profit: '120.00' });
    expect(report.categories).toEqual([
      { gameCategory: 'LIVE', stake: '50.00', payout: '0.00', profit: '-50.00' },
      { gameCategory: 'SLOTS', stake: '110.00', payout: '280.00', profit: '170.00' },
    ]);
    expect(report).toMatchObject({ deposit: '1000.00', withdrawal: '0.00', bonus: '0.00' });

    const bobs = (await get('/wps/relay/member/profit', bob.token, range())).json().value;
    expect(bobs.total).toEqual({ stake: '70.00', payout: '0.00', profit: '-70.00' });
    const empty = (
      await get('/wps/relay/member/profit', alice.token, { from: today, to: today })
    ).json().value;
    expect(empty.days).toEqual([]);
    expect(empty.total).toEqual({ stake: '0.00', payout: '0.00', profit: '0.00' });
  });

  it('shows a withdrawal with its id and a rejected one coming back', async () => {
    const me = await newMember();
    const send = (method: 'PUT' | 'POST', url: string, payload: Record<string, unknown>) =>
      app.inject({
        method,
        url,
        headers: api.headers(me.token),
        remoteAddress: randomIp(),
        payload,
      });
    await saveKycInfo(database.db, me.id);
    const password = await send('POST', '/wps/member/paymentPassword', {
      loginPassword: 'Secret#2026pw',
      paymentPassword: '246810',
      confirmPaymentPassword: '246810',
    });
    expect(password.statusCode, password.body).toBe(200);
    await fund(database.db, me.id, 100_000n);
    const bound = await send('PUT', '/wps/withdraw/accounts', {
      method: 'gcash',
      accountName: 'Juan Dela Cruz',
      accountNumber: '09171234567',
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const requested = await send('PUT', '/wps/withdraw', {
      payoutAccountId: bound.json().value.id,
      amount: '300.00',
      paymentPassword: '246810',
      clientRequestId: key('wd'),
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const withdrawalId = requested.json().value.id as number;
    const finance = await signInOperator(app, database.db, {
      role: 'finance',
      merchantId: MERCHANT_ID,
    });
    const rejected = await app.inject({
      method: 'POST',
      url: `/admin/api/withdrawals/${withdrawalId}/reject`,
      headers: operatorHeaders(finance),
      remoteAddress: randomIp(),
      payload: { reason: 'Account details unclear' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    const value = (
      await get('/wps/relay/member/transactions', me.token, { category: 'withdrawal' })
    ).json().value;
    expect(
      value.items.map((r: { type: string; amount: string; reference: string }) => [
        r.type,
        r.amount,
        r.reference,
      ]),
    ).toEqual([
      ['withdrawal_returned', '300.00', String(withdrawalId)],
      ['withdrawal', '-300.00', String(withdrawalId)],
    ]);
    const report = (await get('/wps/relay/member/profit', me.token)).json().value;
    expect(report).toMatchObject({ deposit: '1000.00', withdrawal: '0.00' });
  });

  type Op =
    | { op: 'deposit'; amount: bigint }
    | { op: 'bet'; amount: bigint; win: bigint }
    | { op: 'vendor'; amount: bigint; back: boolean }
    | { op: 'send'; amount: bigint }
    | { op: 'receive'; amount: bigint };
  const amount = fc.bigInt({ min: 1n, max: 50_000n });
  const ops: fc.Arbitrary<Op[]> = fc.array(
    fc.oneof(
      fc.record({ op: fc.constant('deposit' as const), amount }),
      fc.record({
        op: fc.constant('bet' as const),
        amount,
        win: fc.bigInt({ min: 0n, max: 90_000n }),
      }),
      fc.record({ op: fc.constant('vendor' as const), amount, back: fc.boolean() }),
      fc.record({ op: fc.constant('send' as const), amount }),
      fc.record({ op: fc.constant('receive' as const), amount }),
    ),
    { minLength: 1, maxLength: 12 },
  );

  it('the account record over all pages adds up to the main wallet', async () => {
    await fc.assert(
      fc.asyncProperty(ops, fc.integer({ min: 1, max: 7 }), async (steps, size) => {
        const me = await newMember();
        let main = 0n;
        let vendor = 0n;
        await post(entry('deposit', bob.id, 1_000_000n));
        for (const step of steps) {
          if (step.op === 'deposit') {
            await post(entry('deposit', me.id, step.amount));
            main += step.amount;
          } else if (step.op === 'bet' && step.amount <= main) {
            await post(entry('bet', me.id, step.amount, slots(key('r'))));
            main -= step.amount;
            if (step.win > 0n) {
              await post(entry('payout', me.id, step.win, slots(key('r'))));
              main += step.win;
            }
          } else if (step.op === 'vendor') {
            if (step.back && step.amount <= vendor) {
              const request = toVendor(me.id, 'PG', step.amount);
              request.postings = request.postings.map((p) => ({ ...p, amount: -p.amount }));
              await post(request);
              main += step.amount;
              vendor -= step.amount;
            } else if (!step.back && step.amount <= main) {
              await post(toVendor(me.id, 'PG', step.amount));
              main -= step.amount;
              vendor += step.amount;
            }
          } else if (step.op === 'send' && step.amount <= main) {
            await post(between('upline_transfer', me.id, bob.id, step.amount));
            main -= step.amount;
          } else if (step.op === 'receive') {
            await post(between('agent_transfer', bob.id, me.id, step.amount));
            main += step.amount;
          }
        }
        let sum = 0n;
        let rows = 0;
        let total = -1;
        for (let page = 1; total < 0 || (page - 1) * size < total; page += 1) {
          const value = (
            await get('/wps/relay/member/transactions', me.token, { page, size })
          ).json().value;
          total = value.total;
          for (const row of value.items as { amount: string; wallet: string }[]) {
            expect(row.wallet).toBe('main');
            const negative = row.amount.startsWith('-');
            const minor = BigInt(row.amount.replace('-', '').replace('.', ''));
            sum += negative ? -minor : minor;
            rows += 1;
          }
        }
        expect(rows).toBe(total);
        expect(sum).toBe(main);
        expect(await mainBalance(database.db, MERCHANT_ID, me.id, CURRENCY)).toBe(main);
      }),
      { numRuns: 8 },
    );
  }, 120_000);
});
