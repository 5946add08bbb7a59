import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { auditLog, bonusGrants, sandboxPayments, withdrawals } from '../../src/db/schema/index.js';
import {
  mainBalance,
  merchantBalance,
  postEntry,
} from '../../src/modules/ledger/ledger.service.js';
import { isClean, reconcileLedger } from '../../src/modules/ledger/reconcile.repository.js';
import { adminApi } from '../support/admin-api.js';
import { testDatabases } from '../support/databases.js';
import { CURRENCY, fund, MERCHANT_ID } from '../support/ledger.js';
import { CAPTCHA_ANSWER, memberApi } from '../support/member-api.js';
import { signInOperator, signInForeignOperator } from '../support/operator-api.js';
import { buildTestApp } from '../support/test-app.js';
import { saveKycInfo } from '../support/kyc.js';

const LOGIN_PASSWORD = 'Secret#2026pw';
const PAY_PASSWORD = '246810';
const KYC_NAME = 'Juan Dela Cruz';

type Member = { id: number; token: string };

describe.each(testDatabases)('withdrawals on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: ReturnType<typeof memberApi>;
  let finance: string;
  let support: string;
  let otherOwner: string;
  let proof: string;
  let seq = 0;

  const requestId = () => `wd-${Date.now()}-${++seq}`;
  const call = (
    token: string | undefined,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) => api.send(method, url, token, payload);
  const asOperator: ReturnType<typeof adminApi> = (...args) => adminApi(app)(...args);
  const balance = (memberId: number) => mainBalance(database.db, MERCHANT_ID, memberId, CURRENCY);
  const rowsOf = (memberId: number) =>
    database.db.select().from(withdrawals).where(eq(withdrawals.memberId, memberId));

  /** A registered member; with KYC info, a payment password and money when asked. */
  async function member(
    options: { kyc?: boolean; paymentPassword?: boolean; funds?: bigint } = {},
  ): Promise<Member> {
    const value = (await api.register()).json().value;
    const m = { id: value.user.id as number, token: value.token as string };
    if (options.kyc ?? true) {
      await saveKycInfo(database.db, m.id, { payeeName: KYC_NAME, birthday: '1990-05-17' });
    }
    if (options.paymentPassword ?? true) {
      const res = await call(m.token, 'POST', '/wps/member/paymentPassword', {
        loginPassword: LOGIN_PASSWORD,
        paymentPassword: PAY_PASSWORD,
        confirmPaymentPassword: PAY_PASSWORD,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    if (options.funds) await fund(database.db, m.id, options.funds);
    return m;
  }

  async function bind(m: Member, fields: Record<string, unknown> = {}) {
    return call(m.token, 'PUT', '/wps/withdraw/accounts', {
      method: 'gcash',
      accountName: KYC_NAME,
      // Ends in 9: the sandbox pays at once (0001, 0002 and 0003 choose its other outcomes).
      accountNumber: `0917${Math.floor(Math.random() * 1e6)
        .toString()
        .padStart(6, '3')}9`,
      ...fields,
    });
  }

  async function accountOf(m: Member, accountNumber?: string): Promise<number> {
    const res = await bind(m, accountNumber ? { accountNumber } : {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value.id;
  }

  function withdraw(m: Member, payoutAccountId: number, fields: Record<string, unknown> = {}) {
    return call(m.token, 'PUT', '/wps/withdraw', {
      payoutAccountId,
      amount: '500.00',
      paymentPassword: PAY_PASSWORD,
      clientRequestId: requestId(),
      ...fields,
    });
  }

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
    api = memberApi(app);
    finance = await signInOperator(app, database.db, { role: 'finance', merchantId: MERCHANT_ID });
    support = await signInOperator(app, database.db, {
      role: 'customer_service',
      merchantId: MERCHANT_ID,
    });
    otherOwner = (await signInForeignOperator(app, database.db, `ow${Date.now() % 100000}`)).token;
    const png = await sharp({
      create: { width: 120, height: 80, channels: 3, background: '#2060c0' },
    })
      .png()
      .toBuffer();
    proof = `data:image/png;base64,${png.toString('base64')}`;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  describe('payout accounts', () => {
    it('binds an account in the KYC name (case and spaces aside), lists and removes it', async () => {
      const m = await member();
      const list0 = (await call(m.token, 'GET', '/wps/withdraw/accounts')).json().value;
      expect(list0).toMatchObject({ items: [], max: 5, kycRequired: true, kycName: KYC_NAME });

      const bank = await bind(m, {
        method: 'bank',
        bankName: 'BDO',
        accountName: '  juan   DELA cruz ',
        accountNumber: '001234567890',
      });
      expect(bank.statusCode, bank.body).toBe(200);
      expect(bank.json().value).toMatchObject({
        method: 'bank',
        bankName: 'BDO',
        accountNumber: '001234567890',
      });
      const maya = await bind(m, { method: 'maya', bankName: 'ignored' });
      expect(maya.json().value.bankName).toBeNull();

      const list = (await call(m.token, 'GET', '/wps/withdraw/accounts')).json().value;
      expect(list.items.map((a: { method: string }) => a.method)).toEqual(['bank', 'maya']);

      // Another member cannot remove it; the owner can, once.
      const other = await member();
      const foreign = await call(
        other.token,
        'DELETE',
        `/wps/withdraw/accounts/${bank.json().value.id}`,
      );
      expect(foreign.statusCode).toBe(404);
      const removed = await call(
        m.token,
        'DELETE',
        `/wps/withdraw/accounts/${bank.json().value.id}`,
      );
      expect(removed.statusCode).toBe(200);
      const again = await call(m.token, 'DELETE', `/wps/withdraw/accounts/${bank.json().value.id}`);
      expect(again.statusCode).toBe(404);
      const after = (await call(m.token, 'GET', '/wps/withdraw/accounts')).json().value;
      expect(after.items).toHaveLength(1);
    });

    it('refuses another name, a member without KYC, a bank without its name, duplicates and a sixth account', async () => {
      const m = await member();
      const mismatch = await bind(m, { accountName: 'Pedro Penduko' });
      expect([mismatch.statusCode, mismatch.json().code]).toEqual([
        400,
        'PAYOUT_ACCOUNT_NAME_MISMATCH',
      ]);
      const noKyc = await member({ kyc: false });
      const refused = await bind(noKyc);
      expect([refused.statusCode, refused.json().code]).toEqual([409, 'KYC_REQUIRED']);
      const noBank = await bind(m, { method: 'bank' });
      expect([noBank.statusCode, noBank.json().code]).toEqual([400, 'VALIDATION_ERROR']);
      const badNumber = await bind(m, { accountNumber: '12' });
      expect(badNumber.json().code).toBe('VALIDATION_ERROR');

      await accountOf(m, '09170000111');
      const duplicate = await bind(m, { accountNumber: '09170000111' });
      expect([duplicate.statusCode, duplicate.json().code]).toEqual([409, 'PAYOUT_ACCOUNT_EXISTS']);
      for (let i = 0; i < 4; i += 1) await accountOf(m);
      const sixth = await bind(m);
      expect([sixth.statusCode, sixth.json().code]).toEqual([409, 'PAYOUT_ACCOUNT_LIMIT']);
      expect(sixth.json().value).toEqual({ max: 5 });
      const list = (await call(m.token, 'GET', '/wps/withdraw/accounts')).json().value;
      expect(list.items).toHaveLength(5);
    });

    it('takes any name while KYC is off', async () => {
      // The account name rule follows the KYC switch of the merchant (MANDATORYKYC3).
      const { whitelabelSwitches } = await import('../../src/db/schema/index.js');
      const m = await member({ kyc: false });
      const where = and(
        eq(whitelabelSwitches.merchantId, MERCHANT_ID),
        eq(whitelabelSwitches.code, 'MANDATORYKYC3'),
      );
      await database.db.update(whitelabelSwitches).set({ enabled: false }).where(where);
      try {
        const res = await bind(m, { accountName: 'Any Name' });
        expect(res.statusCode, res.body).toBe(200);
        const info = (await call(m.token, 'GET', '/wps/withdraw/accounts')).json().value;
        expect(info.kycRequired).toBe(false);
      } finally {
        await database.db.update(whitelabelSwitches).set({ enabled: true }).where(where);
      }
    });
  });

  describe('requests', () => {
    it('holds the amount in the same step as the pending withdrawal', async () => {
      const m = await member({ funds: 2000_00n });
      const account = await accountOf(m);
      const info = (await call(m.token, 'GET', '/wps/withdraw/info')).json().value;
      expect(info).toMatchObject({
        balance: '2000.00',
        hasPaymentPassword: true,
        minAmount: '100.00',
        maxAmount: '50000.00',
        remainingCount: 5,
        remainingTurnover: '0.00',
      });
      const res = await withdraw(m, account, { amount: '750.50' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().value).toMatchObject({
        amount: '750.50',
        status: 'pending',
        receiptStatus: null,
        payee: { method: 'gcash', accountName: KYC_NAME },
      });
      expect(await balance(m.id)).toBe(1249_50n);
      const after = (await call(m.token, 'GET', '/wps/withdraw/info')).json().value;
      expect(after).toMatchObject({ balance: '1249.50', remainingCount: 4 });
      const mine = (await call(m.token, 'GET', `/wps/withdraw/${res.json().value.id}`)).json();
      expect(mine.value.status).toBe('pending');
    });

    it('checks the payment password first: not set, wrong, then throttled', async () => {
      const none = await member({ paymentPassword: false, funds: 1000_00n });
      const noneAccount = await accountOf(none);
      const notSet = await withdraw(none, noneAccount, { amount: 'abc' });
      expect([notSet.statusCode, notSet.json().code]).toEqual([409, 'PAYMENT_PASSWORD_NOT_SET']);

      const m = await member({ funds: 1000_00n });
      const account = await accountOf(m);
      // A wrong password wins over a bad amount: the order of the checks.
      const wrong = await withdraw(m, account, { paymentPassword: '135790', amount: '-1' });
      expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'WRONG_PAYMENT_PASSWORD']);
      expect(wrong.json().value.attemptsLeft).toBe(4);
      const codes: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        codes.push((await withdraw(m, account, { paymentPassword: '000000' })).json().code);
      }
      expect(codes).toEqual([
        'WRONG_PAYMENT_PASSWORD',
        'WRONG_PAYMENT_PASSWORD',
        'WRONG_PAYMENT_PASSWORD',
        'WRONG_PAYMENT_PASSWORD',
        'TOO_MANY_REQUESTS',
      ]);
      // Throttled, even the right password is refused for now; nothing moved.
      const locked = await withdraw(m, account);
      expect([locked.statusCode, locked.json().code]).toEqual([429, 'TOO_MANY_REQUESTS']);
      expect(await balance(m.id)).toBe(1000_00n);
      expect(await rowsOf(m.id)).toHaveLength(0);
    });

    it('judges at most 5 of 60 payment passwords sent at once', async () => {
      const m = await member({ funds: 1000_00n });
      const account = await accountOf(m);
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          withdraw(m, account, { paymentPassword: String(100000 + i) }),
        ),
      );
      const codes = answers.map((r) => r.json().code as string);
      expect(codes.filter((c) => c === 'WRONG_PAYMENT_PASSWORD')).toHaveLength(5);
      expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(55);
      const throttled = answers.find((r) => r.statusCode === 429)!;
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(800);
      const right = await withdraw(m, account);
      expect([right.statusCode, right.json().code]).toEqual([429, 'TOO_MANY_REQUESTS']);
      expect(await balance(m.id)).toBe(1000_00n);
      expect(await rowsOf(m.id)).toHaveLength(0);
    });

    it('refuses bad and out-of-range amounts and moves nothing', async () => {
      const m = await member({ funds: 100_000_00n });
      const account = await accountOf(m);
      for (const amount of ['-1', '0', 'abc', '1e3', '1.234', '', 'NaN', '0.00']) {
        const res = await withdraw(m, account, { amount });
        expect([res.statusCode, res.json().code], amount).toEqual([400, 'VALIDATION_ERROR']);
        expect(res.json().value.issues[0]).toEqual({ path: '/amount', message: 'invalid_amount' });
      }
      for (const amount of ['99.99', '50000.01', '9999999']) {
        const res = await withdraw(m, account, { amount });
        expect([res.statusCode, res.json().code], amount).toEqual([400, 'AMOUNT_OUT_OF_RANGE']);
        expect(res.json().value).toEqual({ min: '100.00', max: '50000.00' });
      }
      const unknownAccount = await withdraw(m, 99999999);
      expect(unknownAccount.statusCode).toBe(404);
      const otherMember = await member();
      const foreignAccount = await accountOf(otherMember);
      expect((await withdraw(m, foreignAccount)).statusCode).toBe(404);
      expect(await balance(m.id)).toBe(100_000_00n);
      expect(await rowsOf(m.id)).toHaveLength(0);
    });

    it('refuses more than the balance with INSUFFICIENT_BALANCE and moves nothing', async () => {
      const m = await member({ funds: 300_00n });
      const account = await accountOf(m);
      const res = await withdraw(m, account, { amount: '300.01' });
      expect([res.statusCode, res.json().code]).toEqual([409, 'INSUFFICIENT_BALANCE']);
      expect(res.json().value).toEqual({ balance: '300.00' });
      expect(await balance(m.id)).toBe(300_00n);
      expect(await rowsOf(m.id)).toHaveLength(0);
      const all = await withdraw(m, account, { amount: '300' });
      expect(all.statusCode).toBe(200);
      expect(await balance(m.id)).toBe(0n);
    });

    it('blocks while bonus turnover is owed, with the figure', async () => {
      const m = await member({ funds: 1000_00n });
      const account = await accountOf(m);
      const bonus = await postEntry(database.db, {
        merchantId: MERCHANT_ID,
        currency: CURRENCY,
        type: 'bonus',
        idempotencyKey: `bonus-${m.id}`,
        memberId: m.id,
        postings: [
          { account: { kind: 'member_main', memberId: m.id }, amount: 50_00n },
          { account: { kind: 'bonus' }, amount: -50_00n },
        ],
      });
      const [grant] = await database.db
        .insert(bonusGrants)
        .values({
          merchantId: MERCHANT_ID,
          memberId: m.id,
          currency: CURRENCY,
          kind: 'promotion',
          title: { EN: 'Welcome', TL: 'Welcome' },
          amount: 50_00n,
          turnoverRequired: 500_00n,
          turnoverDone: 376_55n,
          ledgerEntryId: bonus.entryId,
        })
        .returning();
      const res = await withdraw(m, account);
      expect([res.statusCode, res.json().code]).toEqual([409, 'TURNOVER_NOT_MET']);
      expect(res.json().value).toEqual({ remaining: '123.45' });
      expect(
        (await call(m.token, 'GET', '/wps/withdraw/info')).json().value.remainingTurnover,
      ).toBe('123.45');
      expect(await balance(m.id)).toBe(1050_00n);
      await database.db
        .update(bonusGrants)
        .set({ status: 'completed', turnoverDone: 500_00n })
        .where(eq(bonusGrants.id, grant!.id));
      expect((await withdraw(m, account)).statusCode).toBe(200);
    });

    it('keeps to the daily count and the daily total (Asia/Manila day)', async () => {
      const m = await member({ funds: 200_000_00n });
      const account = await accountOf(m);
      for (let i = 0; i < 2; i += 1) {
        expect((await withdraw(m, account, { amount: '50000' })).statusCode).toBe(200);
      }
      const over = await withdraw(m, account, { amount: '100.00' });
      expect([over.statusCode, over.json().code]).toEqual([400, 'WITHDRAWAL_AMOUNT_EXCEEDED']);
      expect(over.json().value).toEqual({ remaining: '0.00' });

      const n = await member({ funds: 10_000_00n });
      const nAccount = await accountOf(n);
      for (let i = 0; i < 5; i += 1) {
        expect((await withdraw(n, nAccount, { amount: '100' })).statusCode).toBe(200);
      }
      const sixth = await withdraw(n, nAccount, { amount: '100' });
      expect([sixth.statusCode, sixth.json().code]).toEqual([400, 'WITHDRAWAL_COUNT_EXCEEDED']);
      expect(sixth.json().value).toEqual({ limit: 5 });
      expect(await balance(n.id)).toBe(9_500_00n);
    });

    it('moves money once for a double submit; another body under the same id is refused', async () => {
      const m = await member({ funds: 1000_00n });
      const account = await accountOf(m);
      const clientRequestId = requestId();
      const results = await Promise.all(
        Array.from({ length: 5 }, () => withdraw(m, account, { amount: '400', clientRequestId })),
      );
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(results.map((r) => r.json().value.id)).size).toBe(1);
      expect(await balance(m.id)).toBe(600_00n);
      expect(await rowsOf(m.id)).toHaveLength(1);
      const changed = await withdraw(m, account, { amount: '401', clientRequestId });
      expect([changed.statusCode, changed.json().code]).toEqual([409, 'DUPLICATE_TRANSACTION']);
      expect(await balance(m.id)).toBe(600_00n);
    });

    it("lists the member's own withdrawals newest first, with paging", async () => {
      const m = await member({ funds: 1000_00n });
      const account = await accountOf(m);
      for (const amount of ['100', '200', '300']) await withdraw(m, account, { amount });
      const page = (await call(m.token, 'GET', '/wps/withdraw/list?page=1&size=2')).json().value;
      expect(page.total).toBe(3);
      expect(page.items.map((w: { amount: string }) => w.amount)).toEqual(['300.00', '200.00']);
      const page2 = (await call(m.token, 'GET', '/wps/withdraw/list?page=2&size=2')).json().value;
      expect(page2.items.map((w: { amount: string }) => w.amount)).toEqual(['100.00']);
      const other = await member();
      const list = (await call(other.token, 'GET', '/wps/withdraw/list')).json().value;
      expect(list.total).toBe(0);
      expect((await call(other.token, 'GET', `/wps/withdraw/${page.items[0].id}`)).statusCode).toBe(
        404,
      );
    });
  });

  describe('operators', () => {
    async function pending(amount = '500.00', accountNumber?: string) {
      const m = await member({ funds: 1000_00n });
      const account = await accountOf(m, accountNumber);
      const res = await withdraw(m, account, { amount });
      expect(res.statusCode, res.body).toBe(200);
      return { m, id: res.json().value.id as number };
    }

    it('approves: paid out through the sandbox, hold posted to payments in transit, audited', async () => {
      const { m, id } = await pending('500.00');
      const inTransit = await merchantBalance(
        database.db,
        MERCHANT_ID,
        CURRENCY,
        'payments_in_transit',
      );
      const res = await asOperator(finance, 'POST', `/admin/api/withdrawals/${id}/approve`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().value).toMatchObject({ status: 'paid', receiptStatus: null });
      expect(await balance(m.id)).toBe(500_00n);
      expect(await merchantBalance(database.db, MERCHANT_ID, CURRENCY, 'payments_in_transit')).toBe(
        inTransit + 500_00n,
      );
      const [payout] = await database.db
        .select()
        .from(sandboxPayments)
        .where(and(eq(sandboxPayments.kind, 'payout'), eq(sandboxPayments.orderId, String(id))));
      expect(payout).toMatchObject({ status: 'paid', amount: 500_00n });
      const again = await asOperator(finance, 'POST', `/admin/api/withdrawals/${id}/approve`);
      expect([again.statusCode, again.json().code]).toEqual([409, 'WITHDRAWAL_NOT_PENDING']);
      const audits = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectType, 'withdrawal'), eq(auditLog.subjectId, String(id))));
      expect(audits.map((a) => a.action).sort()).toEqual([
        'withdrawal.approve',
        'withdrawal.paid',
        'withdrawal.request',
      ]);
      const approve = audits.find((a) => a.action === 'withdrawal.approve')!;
      expect(approve.before).toEqual({ status: 'pending' });
      const queue = (
        await asOperator(finance, 'GET', '/admin/api/withdrawals?status=paid&size=100')
      ).json().value;
      expect(queue.items.find((w: { id: number }) => w.id === id)).toMatchObject({
        memberId: m.id,
        status: 'paid',
        gatewayCode: 'sandbox',
      });
    });

    it('rejects with a reason the member sees; the money comes back', async () => {
      const { m, id } = await pending('400.00');
      expect(await balance(m.id)).toBe(600_00n);
      const res = await asOperator(finance, 'POST', `/admin/api/withdrawals/${id}/reject`, {
        reason: 'Account details unclear',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await balance(m.id)).toBe(1000_00n);
      const mine = (await call(m.token, 'GET', `/wps/withdraw/${id}`)).json().value;
      expect(mine).toMatchObject({ status: 'rejected', reason: 'Account details unclear' });
      const again = await asOperator(finance, 'POST', `/admin/api/withdrawals/${id}/reject`, {
        reason: 'again',
      });
      expect(again.json().code).toBe('WITHDRAWAL_NOT_PENDING');
      expect(await balance(m.id)).toBe(1000_00n);
      // A rejected one no longer counts against today's total.
      const info = (await call(m.token, 'GET', '/wps/withdraw/info')).json().value;
      expect(info.remainingCount).toBe(5);
    });

    it('a failed payout gives the money back', async () => {
      const { m, id } = await pending('300.00', '09170000001');
      const res = await asOperator(finance, 'POST', `/admin/api/withdrawals/${id}/approve`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().value.status).toBe('failed');
      expect(res.json().value.reason).toContain('refused');
      expect(await balance(m.id)).toBe(1000_00n);
    });

    it('a payout whose answer was lost stays processing until an operator asks again, once', async () => {
      const { m, id } = await pending('200.00', '09170000003');
      const lost = await asOperator(finance, 'POST', `/admin/api/withdrawals/${id}/approve`);
      expect([lost.statusCode, lost.json().code]).toEqual([503, 'PAYOUT_UNAVAILABLE']);
      const held = (await call(m.token, 'GET', `/wps/withdraw/${id}`)).json().value;
      expect(held.status).toBe('processing');
      expect(await balance(m.id)).toBe(800_00n);

      const retried = await asOperator(
        finance,
        'POST',
        `/admin/api/withdrawals/${id}/retry-payout`,
      );
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json().value.status).toBe('paid');
      // The gateway took one order: asking again did not pay twice.
      const orders = await database.db
        .select()
        .from(sandboxPayments)
        .where(and(eq(sandboxPayments.kind, 'payout'), eq(sandboxPayments.orderId, String(id))));
      expect(orders).toHaveLength(1);
      const again = await asOperator(finance, 'POST', `/admin/api/withdrawals/${id}/retry-payout`);
      expect([again.statusCode, again.json().code]).toEqual([409, 'WITHDRAWAL_NOT_RETRYABLE']);
      expect(await balance(m.id)).toBe(800_00n);
    });

    it('a pending payout is settled once by the sandbox signed callback', async () => {
      const { m, id } = await pending('250.00', '09170000002');
      const res = await asOperator(finance, 'POST', `/admin/api/withdrawals/${id}/approve`);
      expect(res.json().value.status).toBe('processing');
      expect(await balance(m.id)).toBe(750_00n);
      const [payout] = await database.db
        .select()
        .from(sandboxPayments)
        .where(and(eq(sandboxPayments.kind, 'payout'), eq(sandboxPayments.orderId, String(id))));
      const done = await app.inject({
        method: 'POST',
        url: `/sandbox-pay/payouts/${payout!.id}/complete`,
      });
      expect(done.json()).toEqual({ status: 'paid', callbackStatus: 200 });
      const mine = (await call(m.token, 'GET', `/wps/withdraw/${id}`)).json().value;
      expect(mine.status).toBe('paid');
      // The same callback replayed: nothing more happens.
      const [sent] = await database.db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.id, payout!.id));
      const replay = await app.inject({
        method: 'POST',
        url: '/wps/payments/callback/sandbox',
        headers: sent!.lastCallback!.headers,
        payload: sent!.lastCallback!.body,
      });
      expect(replay.json().value).toEqual({ verdict: 'duplicate' });
      const again = await app.inject({
        method: 'POST',
        url: `/sandbox-pay/payouts/${payout!.id}/fail`,
      });
      expect(again.json()).toEqual({ status: 'paid', callbackStatus: null });
      expect(await balance(m.id)).toBe(750_00n);
      // A forged callback (bad signature) changes nothing.
      const forged = await app.inject({
        method: 'POST',
        url: '/wps/payments/callback/sandbox',
        headers: { ...sent!.lastCallback!.headers, 'x-sandbox-signature': 'f'.repeat(64) },
        payload: sent!.lastCallback!.body,
      });
      expect(forged.statusCode).toBe(400);
    });

    it('concurrent approve and reject: exactly one wins and the money moves once', async () => {
      for (let round = 0; round < 3; round += 1) {
        const { m, id } = await pending('500.00');
        const [approve, reject] = await Promise.all([
          asOperator(finance, 'POST', `/admin/api/withdrawals/${id}/approve`),
          asOperator(finance, 'POST', `/admin/api/withdrawals/${id}/reject`, { reason: 'race' }),
        ]);
        const outcomes = [approve.statusCode, reject.statusCode].sort();
        expect(outcomes).toEqual([200, 409]);
        const loser = approve.statusCode === 409 ? approve : reject;
        expect(loser.json().code).toBe('WITHDRAWAL_NOT_PENDING');
        const [row] = await rowsOf(m.id);
        expect(await balance(m.id)).toBe(row!.status === 'rejected' ? 1000_00n : 500_00n);
      }
    });

    it('concurrent approvals pay out once', async () => {
      const { m, id } = await pending('500.00');
      const results = await Promise.all(
        [1, 2, 3].map(() => asOperator(finance, 'POST', `/admin/api/withdrawals/${id}/approve`)),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await balance(m.id)).toBe(500_00n);
      const payouts = await database.db
        .select()
        .from(sandboxPayments)
        .where(and(eq(sandboxPayments.kind, 'payout'), eq(sandboxPayments.orderId, String(id))));
      expect(payouts).toHaveLength(1);
    });

    it('only operators with payments.withdrawals of the merchant', async () => {
      const { id } = await pending('100.00');
      const denied = await asOperator(support, 'POST', `/admin/api/withdrawals/${id}/approve`);
      expect([denied.statusCode, denied.json().code]).toEqual([403, 'FORBIDDEN']);
      const foreign = await asOperator(otherOwner, 'POST', `/admin/api/withdrawals/${id}/approve`);
      expect(foreign.statusCode).toBe(404);
      const queue = (await asOperator(otherOwner, 'GET', '/admin/api/withdrawals')).json().value;
      expect(queue.total).toBe(0);
    });
  });

  describe('receipt', () => {
    async function paid() {
      const m = await member({ funds: 1000_00n });
      const account = await accountOf(m);
      const id = (await withdraw(m, account)).json().value.id as number;
      const before = await call(m.token, 'POST', `/wps/withdraw/${id}/receipt`, {
        status: 'received',
      });
      expect([before.statusCode, before.json().code]).toEqual([409, 'RECEIPT_NOT_OPEN']);
      await asOperator(finance, 'POST', `/admin/api/withdrawals/${id}/approve`);
      return { m, id };
    }

    it('received, once', async () => {
      const { m, id } = await paid();
      const racing = await Promise.all(
        (['received', 'received'] as const).map((status) =>
          call(m.token, 'POST', `/wps/withdraw/${id}/receipt`, { status }),
        ),
      );
      expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const mine = (await call(m.token, 'GET', `/wps/withdraw/${id}`)).json().value;
      expect(mine.receiptStatus).toBe('received');
      const again = await call(m.token, 'POST', `/wps/withdraw/${id}/receipt`, {
        status: 'not_received',
        proof,
      });
      expect([again.statusCode, again.json().code]).toEqual([409, 'RECEIPT_NOT_OPEN']);
      expect(await balance(m.id)).toBe(500_00n);
    });

    it('not received needs a proof image, which the operator can fetch', async () => {
      const { m, id } = await paid();
      const noProof = await call(m.token, 'POST', `/wps/withdraw/${id}/receipt`, {
        status: 'not_received',
      });
      expect([noProof.statusCode, noProof.json().code]).toEqual([400, 'VALIDATION_ERROR']);
      const notImage = await call(m.token, 'POST', `/wps/withdraw/${id}/receipt`, {
        status: 'partial',
        proof: 'data:image/png;base64,aGVsbG8=',
      });
      expect(notImage.statusCode).toBe(400);
      const other = await member();
      const foreign = await call(other.token, 'POST', `/wps/withdraw/${id}/receipt`, {
        status: 'received',
      });
      expect(foreign.statusCode).toBe(404);
      const res = await call(m.token, 'POST', `/wps/withdraw/${id}/receipt`, {
        status: 'partial',
        proof,
        note: 'Only 300 arrived',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().value.receiptStatus).toBe('partial');
      const image = await asOperator(finance, 'GET', `/admin/api/withdrawals/${id}/proof`);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect([...image.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect(
        (await asOperator(support, 'GET', `/admin/api/withdrawals/${id}/proof`)).statusCode,
      ).toBe(403);
      const queue = (await asOperator(finance, 'GET', '/admin/api/withdrawals?size=100')).json()
        .value;
      expect(queue.items.find((w: { id: number }) => w.id === id)).toMatchObject({
        receiptStatus: 'partial',
        receiptNote: 'Only 300 arrived',
        hasProof: true,
      });
      // Nothing is refunded by a receipt.
      expect(await balance(m.id)).toBe(500_00n);
    });
  });

  it('leaves the ledger reconciled', async () => {
    expect(isClean(await reconcileLedger(database.db))).toBe(true);
  });
});
