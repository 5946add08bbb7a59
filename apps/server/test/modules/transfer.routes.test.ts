import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { members, merchants, moneySettings } from '../../src/db/schema/index.js';
import { reconcileLedger, isClean } from '../../src/modules/ledger/reconcile.repository.js';
import { insertMember } from '../../src/modules/member/member.repository.js';
import { registerAccount, type TestAccount } from '../support/agents.js';
import { testDatabases } from '../support/databases.js';
import { fund, MERCHANT_ID, setMoneySettings } from '../support/ledger.js';
import type { MemberApi } from '../support/member-api.js';
import { closeTestApp, startMemberApp } from '../support/test-app.js';

const LOGIN_PASSWORD = 'Secret#2026pw';
const PAY = '135790';

type Account = TestAccount;

describe.each(testDatabases)('member transfers on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: MemberApi;

  beforeAll(async () => {
    ({ database, app, api } = await startMemberApp(open));
  });
  afterAll(() => closeTestApp(app, database));

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
    app.inject({ method, url, headers: api.headers(token), ...(payload ? { payload } : {}) });

  let request = 0;
  const requestId = () => `transfer-${Date.now()}-${(request += 1)}`;

  /** A registered account; `type` makes it an agent; `under` registers it with that agent's code. */
  async function account(
    options: { type?: number; under?: Account; paymentPassword?: boolean } = {},
  ): Promise<Account> {
    const made = await registerAccount(api, database.db, {
      ...(options.type !== undefined ? { type: options.type } : {}),
      ...(options.under ? { under: options.under } : {}),
    });
    if (options.paymentPassword !== false) {
      const set = await call('POST', '/wps/member/paymentPassword', made.token, {
        loginPassword: LOGIN_PASSWORD,
        paymentPassword: PAY,
        confirmPaymentPassword: PAY,
      });
      expect(set.statusCode).toBe(200);
    }
    return made;
  }

  const balanceOf = async (who: Account) =>
    (await call('GET', '/wps/v2/wallets/balance', who.token)).json().value.balance as string;

  const toDownline = (agent: Account, body: Record<string, unknown>) =>
    call('POST', '/wps/v2/wallets/transfer/downline', agent.token, {
      paymentPassword: PAY,
      clientRequestId: requestId(),
      ...body,
    });
  const toUpline = (who: Account, body: Record<string, unknown>) =>
    call('POST', '/wps/v2/wallets/transfer/upline', who.token, {
      paymentPassword: PAY,
      clientRequestId: requestId(),
      ...body,
    });

  it('lets an agent send money to their downline at any depth', async () => {
    const agentA = await account({ type: 1 });
    const agentB = await account({ type: 2, under: agentA });
    const memberC = await account({ under: agentB });
    await fund(database.db, agentA.id, 100_000n);

    const direct = await toDownline(agentA, { username: agentB.username, amount: '100.50' });
    expect(direct.statusCode).toBe(200);
    expect(direct.json().value).toMatchObject({ amount: '100.50', balance: '899.50' });

    // Usernames are case-insensitive, as at login.
    const deep = await toDownline(agentA, {
      username: memberC.username.toUpperCase(),
      amount: '50',
    });
    expect(deep.statusCode).toBe(200);
    expect(await balanceOf(agentA)).toBe('849.50');
    expect(await balanceOf(agentB)).toBe('100.50');
    expect(await balanceOf(memberC)).toBe('50.00');

    // B is an agent too: it reaches C, but never its own upline.
    expect((await toDownline(agentB, { username: memberC.username, amount: '1' })).statusCode).toBe(
      200,
    );
    const up = await toDownline(agentB, { username: agentA.username, amount: '1' });
    expect(up.statusCode).toBe(404);
    expect(up.json().code).toBe('DOWNLINE_NOT_FOUND');

    // The ledger entry names both sides, so both members' records can show it.
    const entries = await database.db.execute(
      sql`select type, reference from ledger_entries where member_id = ${agentA.id} and type = 'agent_transfer' order by id`,
    );
    const rows = (entries as { rows: { reference: Record<string, unknown> }[] }).rows;
    expect(rows.map((row) => row.reference)).toEqual([
      expect.objectContaining({ fromUsername: agentA.username, toUsername: agentB.username }),
      expect.objectContaining({ fromUsername: agentA.username, toUsername: memberC.username }),
    ]);
    expect(isClean(await reconcileLedger(database.db))).toBe(true);
  });

  it('tells nothing about accounts outside the downline, of this merchant or another', async () => {
    const agent = await account({ type: 1 });
    const otherAgent = await account({ type: 1 });
    const theirMember = await account({ under: otherAgent });
    const loner = await account();
    await fund(database.db, agent.id, 10_000n);

    const [other] = await database.db
      .insert(merchants)
      .values({ code: `other${Date.now() % 100000}`, name: 'Other' })
      .returning({ id: merchants.id });
    const foreign = await insertMember(database.db, {
      merchantId: other!.id,
      username: `foreign${Date.now() % 100000}`,
      passwordHash: 'x',
    });

    const answers = [];
    for (const username of [
      theirMember.username,
      loner.username,
      otherAgent.username,
      foreign.username,
      'nosuchuser123',
      agent.username,
    ]) {
      const res = await toDownline(agent, { username, amount: '5' });
      answers.push([res.statusCode, res.json()]);
    }
    // Every refusal is the same answer: existence is not revealed.
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]![0]).toBe(404);
    expect((answers[0]![1] as { code: string }).code).toBe('DOWNLINE_NOT_FOUND');
    expect(await balanceOf(agent)).toBe('100.00');
    expect(await balanceOf(theirMember)).toBe('0.00');
  });

  it('keeps members, visitors and trial accounts off the downline transfer', async () => {
    const agent = await account({ type: 1 });
    const member = await account({ under: agent });
    const sibling = await account({ under: agent });
    await fund(database.db, member.id, 10_000n);

    const asMember = await toDownline(member, { username: sibling.username, amount: '1' });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().code).toBe('FORBIDDEN');
    expect((await call('GET', '/wps/v2/wallets/transfer/downline', member.token)).json().code).toBe(
      'FORBIDDEN',
    );

    const visitor = await call('POST', '/wps/v2/wallets/transfer/upline', undefined, {
      amount: '1',
      paymentPassword: PAY,
      clientRequestId: requestId(),
    });
    expect(visitor.json().code).toBe('NOT_LOGGED_IN');

    const trial = await call('POST', '/wps/session/login/freeplay', undefined, {
      termsAccepted: true,
    });
    const trialToken = trial.json().value.token as string;
    for (const url of ['/wps/v2/wallets/transfer/upline', '/wps/v2/wallets/transfer/downline']) {
      const res = await call('POST', url, trialToken, {
        username: sibling.username,
        amount: '1',
        paymentPassword: PAY,
        clientRequestId: requestId(),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('IN_NEED_TRUE_ACCOUNT');
      expect((await call('GET', url, trialToken)).json().code).toBe('IN_NEED_TRUE_ACCOUNT');
    }
    expect(await balanceOf(member)).toBe('100.00');
    expect(await balanceOf(sibling)).toBe('0.00');
  });

  it('sends a member’s money to their direct upline only, and shows the page data', async () => {
    const agentA = await account({ type: 1 });
    await database.db.update(members).set({ nickname: 'Boss A' }).where(eq(members.id, agentA.id));
    const agentB = await account({ type: 2, under: agentA });
    const memberC = await account({ under: agentB });
    await fund(database.db, memberC.id, 50_000n);

    const before = (await call('GET', '/wps/v2/wallets/transfer/upline', memberC.token)).json()
      .value;
    expect(before).toMatchObject({
      hasPaymentPassword: true,
      balance: '500.00',
      currency: 'PHP',
      limits: {
        minAmount: '1.00',
        maxAmount: '50000.00',
        dailyAmount: '200000.00',
        remainingToday: '200000.00',
      },
    });
    // B has no nickname: the page shows a masked username, never the whole of it.
    expect(before.upline.displayName).not.toBe(agentB.username);
    expect(before.upline.displayName).toContain('***');

    const sent = await toUpline(memberC, { amount: '120.25' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().value).toMatchObject({ amount: '120.25', balance: '379.75' });
    expect(await balanceOf(agentB)).toBe('120.25');
    expect(await balanceOf(agentA)).toBe('0.00');
    const after = (await call('GET', '/wps/v2/wallets/transfer/upline', memberC.token)).json()
      .value;
    expect(after.limits.remainingToday).toBe('199879.75');
    expect(after.balance).toBe('379.75');

    // An agent sends to its own upline the same way.
    expect((await toUpline(agentB, { amount: '20.25' })).statusCode).toBe(200);
    expect(await balanceOf(agentA)).toBe('20.25');
    const bInfo = (await call('GET', '/wps/v2/wallets/transfer/upline', agentB.token)).json().value;
    expect(bInfo.upline).toEqual({ displayName: 'Boss A' });

    // At the top of a tree there is no one to send to.
    const top = await account();
    await fund(database.db, top.id, 10_000n);
    expect(
      (await call('GET', '/wps/v2/wallets/transfer/upline', top.token)).json().value.upline,
    ).toBe(null);
    const none = await toUpline(top, { amount: '1' });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('NO_UPLINE');
    expect(await balanceOf(top)).toBe('100.00');
  });

  it('rejects bad amounts and amounts outside the limits, moving nothing', async () => {
    const agent = await account({ type: 1 });
    const member = await account({ under: agent });
    await fund(database.db, agent.id, 10_000_000n);
    await fund(database.db, member.id, 10_000_000n);
    for (const amount of ['-1', '0', '0.00', 'abc', 'NaN', '1e3', '1.234', '', '1,000']) {
      const down = await toDownline(agent, { username: member.username, amount });
      expect(down.statusCode, amount).toBe(400);
      expect(down.json().code).toBe('VALIDATION_ERROR');
      const up = await toUpline(member, { amount });
      expect(up.statusCode, amount).toBe(400);
      expect(up.json().code).toBe('VALIDATION_ERROR');
    }
    for (const amount of ['0.99', '50000.01']) {
      const down = await toDownline(agent, { username: member.username, amount });
      expect(down.statusCode).toBe(400);
      expect(down.json()).toMatchObject({
        code: 'AMOUNT_OUT_OF_RANGE',
        value: { min: '1.00', max: '50000.00' },
      });
      expect((await toUpline(member, { amount })).json().code).toBe('AMOUNT_OUT_OF_RANGE');
    }
    expect(await balanceOf(agent)).toBe('100000.00');
    expect(await balanceOf(member)).toBe('100000.00');
  });

  it('needs the payment password and throttles wrong ones', async () => {
    const agent = await account({ type: 1 });
    const member = await account({ under: agent });
    const noPassword = await account({ under: agent, paymentPassword: false });
    await fund(database.db, member.id, 10_000n);
    await fund(database.db, noPassword.id, 10_000n);

    const unset = await toUpline(noPassword, { amount: '1' });
    expect(unset.statusCode).toBe(409);
    expect(unset.json().code).toBe('PAYMENT_PASSWORD_NOT_SET');
    expect(
      (await call('GET', '/wps/v2/wallets/transfer/upline', noPassword.token)).json().value
        .hasPaymentPassword,
    ).toBe(false);

    // One count for every money form: three wrong here and two in the withdrawal form use all five.
    for (let attempt = 1; attempt <= 3; attempt++) {
      const wrong = await toUpline(member, { amount: '1', paymentPassword: '000000' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        code: 'WRONG_PAYMENT_PASSWORD',
        value: { attemptsLeft: 5 - attempt },
      });
    }
    const withdraw = () =>
      app.inject({
        method: 'PUT',
        url: '/wps/withdraw',
        headers: api.headers(member.token),
        payload: {
          payoutAccountId: 1,
          amount: '1',
          paymentPassword: '000000',
          clientRequestId: requestId(),
        },
      });
    const first = (await withdraw()).json();
    expect(first, JSON.stringify(first)).toMatchObject({ value: { attemptsLeft: 1 } });
    expect((await withdraw()).json()).toMatchObject({
      code: 'WRONG_PAYMENT_PASSWORD',
      value: { attemptsLeft: 0 },
    });
    const locked = await toUpline(member, { amount: '1', paymentPassword: '000000' });
    expect(locked.statusCode).toBe(429);
    // Locked: even the right password waits for the window to end.
    const right = await toUpline(member, { amount: '1' });
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('TOO_MANY_REQUESTS');
    expect(await balanceOf(member)).toBe('100.00');
    expect(await balanceOf(agent)).toBe('0.00');
  });

  it('moves money once per request id and refuses a reused id with another body', async () => {
    const agent = await account({ type: 1 });
    const member = await account({ under: agent });
    await fund(database.db, agent.id, 10_000n);
    const body = { username: member.username, amount: '10', clientRequestId: requestId() };
    const first = await toDownline(agent, body);
    expect(first.statusCode).toBe(200);
    const again = await toDownline(agent, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().value).toEqual(first.json().value);
    const changed = await toDownline(agent, { ...body, amount: '11' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('DUPLICATE_TRANSACTION');
    expect(await balanceOf(agent)).toBe('90.00');
    expect(await balanceOf(member)).toBe('10.00');

    const upBody = { amount: '3', clientRequestId: requestId() };
    const up1 = await toUpline(member, upBody);
    const up2 = await toUpline(member, upBody);
    expect(up2.json().value).toEqual(up1.json().value);
    expect((await toUpline(member, { ...upBody, amount: '4' })).json().code).toBe(
      'DUPLICATE_TRANSACTION',
    );
    expect(await balanceOf(member)).toBe('7.00');
  });

  it('refuses an amount over the balance and moves nothing', async () => {
    const agent = await account({ type: 1 });
    const member = await account({ under: agent });
    await fund(database.db, agent.id, 500n);
    await fund(database.db, member.id, 500n);
    const down = await toDownline(agent, { username: member.username, amount: '5.01' });
    expect(down.statusCode).toBe(409);
    expect(down.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', value: { balance: '5.00' } });
    const up = await toUpline(member, { amount: '5.01' });
    expect(up.json().code).toBe('INSUFFICIENT_BALANCE');
    expect(await balanceOf(agent)).toBe('5.00');
    expect(await balanceOf(member)).toBe('5.00');
    expect(isClean(await reconcileLedger(database.db))).toBe(true);
  });

  it("keeps each sender within the merchant's daily transfer amount", async () => {
    const agent = await account({ type: 1 });
    const member = await account({ under: agent });
    await fund(database.db, agent.id, 1_000_000n);
    await fund(database.db, member.id, 1_000_000n);
    await setMoneySettings(database.db, { transferDailyAmount: 100_00n });
    try {
      expect(
        (await toDownline(agent, { username: member.username, amount: '60' })).statusCode,
      ).toBe(200);
      const over = await toDownline(agent, { username: member.username, amount: '40.01' });
      expect(over.statusCode).toBe(400);
      expect(over.json()).toMatchObject({
        code: 'DAILY_LIMIT_EXCEEDED',
        value: { remaining: '40.00' },
      });
      expect(
        (await toDownline(agent, { username: member.username, amount: '40' })).statusCode,
      ).toBe(200);
      // Each kind and sender has its own day: the member can still send up.
      expect((await toUpline(member, { amount: '100' })).statusCode).toBe(200);
      expect((await toUpline(member, { amount: '1' })).json().code).toBe('DAILY_LIMIT_EXCEEDED');
      const info = (await call('GET', '/wps/v2/wallets/transfer/downline', agent.token)).json()
        .value;
      expect(info.limits).toMatchObject({ dailyAmount: '100.00', remainingToday: '0.00' });
      expect(await balanceOf(agent)).toBe('10000.00');
      expect(await balanceOf(member)).toBe('10000.00');
    } finally {
      await database.db.delete(moneySettings).where(eq(moneySettings.merchantId, MERCHANT_ID));
    }
  });
});
