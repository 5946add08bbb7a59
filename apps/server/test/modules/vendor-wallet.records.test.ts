import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { listRecentWins } from '../../src/modules/vendor-wallet/vendor-wallet.repository.js';
import { createGameSession } from '../../src/modules/vendor-wallet/vendor-wallet.service.js';
import { testDatabases } from '../support/databases.js';
import { fund, MERCHANT_ID } from '../support/ledger.js';
import { CAPTCHA_ANSWER, memberApi } from '../support/member-api.js';
import { buildTestApp } from '../support/test-app.js';
import { expectVendorCallOk, testVendor, type TestVendor } from '../support/vendor-wallet.js';

describe.each(testDatabases)('betting records and winners on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: ReturnType<typeof memberApi>;
  let vendor: TestVendor;

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
    api = memberApi(app);
    vendor = await testVendor(database.db);
    // Migrating and seeding a database takes a while on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  type Member = { id: number; username: string; token: string; gameToken: string };

  async function newMember(balance: bigint): Promise<Member> {
    const { token, user } = (await api.register()).json().value;
    const info = (await app.inject({ url: '/wps/member/info', headers: api.headers(token) })).json()
      .value;
    await fund(database.db, info.id, balance);
    const session = await createGameSession(database.db, {
      merchantId: MERCHANT_ID,
      memberId: info.id,
      vendorId: vendor.vendorId,
      gameCode: vendor.gameCode,
    });
    return { id: info.id, username: user.account, token, gameToken: session.token };
  }

  const vendorCall = (path: string, member: Member, fields: Record<string, unknown>) =>
    expectVendorCallOk(database.db, vendor, path, member, fields);

  /** A round: a bet, then a win (settled), a rollback (cancelled) or nothing (open). */
  async function round(member: Member, stake: number, end: 'win' | 'rollback' | 'open', won = 0) {
    const bet = randomUUID();
    const roundId = randomUUID();
    await vendorCall('transaction/bet', member, {
      transaction_uuid: bet,
      round: roundId,
      amount: stake,
    });
    if (end === 'win') {
      await vendorCall('transaction/win', member, {
        transaction_uuid: randomUUID(),
        reference_transaction_uuid: bet,
        round: roundId,
        round_closed: true,
        amount: won,
      });
    } else if (end === 'rollback') {
      await vendorCall('transaction/rollback', member, {
        transaction_uuid: randomUUID(),
        reference_transaction_uuid: bet,
        round: roundId,
      });
    }
    return roundId;
  }

  const bets = (member: Member, query = '') =>
    app.inject({ url: `/wps/relay/member/bets${query}`, headers: api.headers(member.token) });

  it('lists the caller’s rounds with bet, win, profit and status, paged and filtered', async () => {
    const member = await newMember(100_000n);
    const other = await newMember(100_000n);
    const won = await round(member, 1_000, 'win', 2_550);
    const lost = await round(member, 500, 'win', 0);
    const cancelled = await round(member, 700, 'rollback');
    const open = await round(member, 300, 'open');
    await round(other, 900, 'win', 100);

    const res = await bets(member);
    expect(res.json()).toMatchObject({ success: true });
    const page = res.json().value;
    expect(page.total).toBe(4);
    expect(page.currency).toBe('PHP');
    const byRound = new Map(page.items.map((item: { roundId: string }) => [item.roundId, item]));
    expect(byRound.get(won)).toMatchObject({
      vendor: vendor.code,
      gameCode: vendor.gameCode,
      gameCategory: vendor.gameType,
      bet: '10.00',
      win: '25.50',
      profit: '15.50',
      status: 'settled',
    });
    expect(byRound.get(lost)).toMatchObject({ bet: '5.00', win: '0.00', profit: '-5.00' });
    expect(byRound.get(cancelled)).toMatchObject({ bet: '0.00', status: 'cancelled' });
    expect(byRound.get(open)).toMatchObject({ bet: '3.00', status: 'open' });
    expect(page.totalBet).toBe('18.00');
    expect(page.totalWin).toBe('25.50');
    expect(page.totalProfit).toBe('7.50');

    const paged = (await bets(member, '?page=2&size=3')).json().value;
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBe(4);
    expect(
      (await bets(member, '?status=open'))
        .json()
        .value.items.map((i: { roundId: string }) => i.roundId),
    ).toEqual([open]);
    expect(
      (await bets(member, `?vendor=${vendor.code}&category=${vendor.gameType}`)).json().value.total,
    ).toBe(4);
    expect((await bets(member, '?vendor=NOPE')).json().value.total).toBe(0);
    expect((await bets(member, '?from=2020-01-01&to=2020-01-31')).json().value.total).toBe(0);
    expect((await bets(member, '?status=bogus')).statusCode).toBe(400);
    expect((await bets(member, '?from=2026-01-01&to=2026-12-31')).statusCode).toBe(400);
  });

  it('refuses visitors and trial accounts', async () => {
    const visitor = await app.inject({ url: '/wps/relay/member/bets', headers: api.headers() });
    expect(visitor.statusCode).toBe(401);
    const token = await api.trialToken();
    const res = await app.inject({ url: '/wps/relay/member/bets', headers: api.headers(token) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('IN_NEED_TRUE_ACCOUNT');
  });

  it('feeds the winners board from real wins with masked names', async () => {
    const member = await newMember(10_000n);
    await round(member, 100, 'win', 4_200);
    const [latest] = await listRecentWins(database.db, MERCHANT_ID, 5);
    expect(latest).toMatchObject({
      gameType: vendor.gameType,
      vendor: vendor.code,
      winAmount: 4_200n,
      customerName: `${member.username.slice(0, 2)}****${member.username.slice(-2)}`,
    });
    expect(latest!.customerName).not.toBe(member.username);
    expect(latest!.gameName.EN.length).toBeGreaterThan(0);
  });
});
