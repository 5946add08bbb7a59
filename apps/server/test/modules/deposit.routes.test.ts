import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import {
  auditLog,
  deposits,
  gatewayCallbacks,
  members,
  sandboxPayments,
} from '../../src/db/schema/index.js';
import { approveDeposit, rejectDeposit } from '../../src/modules/deposit/deposit.service.js';
import { mainBalance } from '../../src/modules/ledger/ledger.service.js';
import { isClean, reconcileLedger } from '../../src/modules/ledger/reconcile.repository.js';
import {
  SANDBOX_DEVELOPMENT_KEY,
  signCallback,
} from '../../src/modules/payments/sandbox/sandbox-signature.js';
import { testDatabases } from '../support/databases.js';
import { CAPTCHA_ANSWER, memberApi, randomIp } from '../support/member-api.js';
import { operatorHeaders, signInOperator } from '../support/operator-api.js';
import { buildTestApp } from '../support/test-app.js';

const MERCHANT_ID = 1;
const CURRENCY = 'PHP';
const CALLBACK = '/wps/payments/callback/sandbox';

type Channel = { id: number; kind: string; method: string; name: string; payee: unknown };

describe.each(testDatabases)('deposits on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: ReturnType<typeof memberApi>;
  let receipt: string;
  let channels: Channel[];
  let operatorToken: string;
  let requestSeq = 0;

  const newRequestId = () => `req-${Date.now()}-${++requestSeq}`;
  const call = (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    token?: string,
    payload?: Record<string, unknown>,
  ) => api.send(method, url, token, payload);
  const channel = (code: string) => channels.find((c) => c.name === code)!;
  const newMember = async () => {
    const { token, user } = (await api.register()).json().value;
    return { token: token as string, id: user.id as number };
  };
  const balance = (memberId: number) => mainBalance(database.db, MERCHANT_ID, memberId, CURRENCY);
  const depositCount = async (memberId: number) =>
    (await database.db.select().from(deposits).where(eq(deposits.memberId, memberId))).length;
  const manual = (token: string, fields: Record<string, unknown> = {}) =>
    call('PUT', '/wps/deposit/manual', token, {
      channelId: channel('GCash').id,
      amount: '500.00',
      reference: 'GC-REF-0001',
      receipt,
      clientRequestId: newRequestId(),
      ...fields,
    });
  const online = (token: string, amount = '250.50') =>
    call('PUT', '/wps/deposit/online', token, {
      channelId: channel('Sandbox Pay').id,
      amount,
      clientRequestId: newRequestId(),
    });
  const paymentIdOf = (redirectUrl: string) => redirectUrl.split('/').pop()!;
  const callbacksFor = (paymentId: string) =>
    database.db
      .select()
      .from(gatewayCallbacks)
      .where(eq(gatewayCallbacks.paymentId, paymentId))
      .orderBy(gatewayCallbacks.id);
  const postCallback = (callback: { headers: Record<string, string>; body: string }) =>
    app.inject({
      method: 'POST',
      url: CALLBACK,
      headers: callback.headers,
      payload: callback.body,
    });

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
    api = memberApi(app);
    const png = await sharp({
      create: { width: 320, height: 480, channels: 3, background: '#2060c0' },
    })
      .png()
      .toBuffer();
    receipt = `data:image/png;base64,${png.toString('base64')}`;
    const { token } = await newMember();
    channels = (await call('GET', '/wps/deposit/channels', token)).json().value;
    operatorToken = await signInOperator(app, database.db, {
      role: 'finance',
      merchantId: MERCHANT_ID,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('lists the seeded channels with payee details and limits', () => {
    expect(channels.map((c) => [c.name, c.kind, c.method])).toEqual([
      ['GCash', 'manual', 'gcash'],
      ['Maya', 'manual', 'maya'],
      ['Bank transfer', 'manual', 'bank'],
      ['Sandbox Pay', 'online', 'ewallet'],
    ]);
    expect(channels[0]).toMatchObject({
      payee: { name: 'Demo Casino PH', account: '0917 000 0001', bank: null },
      minAmount: '100.00',
      maxAmount: '50000.00',
    });
    expect(channel('Sandbox Pay').payee).toBeNull();
  });

  it('refuses a trial account', async () => {
    const trial = await api.startFreePlay();
    const res = await call('GET', '/wps/deposit/channels', trial.json().value.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('IN_NEED_TRUE_ACCOUNT');
  });

  it('manual: pending, then an approval credits exactly once', async () => {
    const member = await newMember();
    const clientRequestId = newRequestId();
    const first = await manual(member.token, { clientRequestId });
    expect(first.statusCode).toBe(200);
    const deposit = first.json().value;
    expect(deposit).toMatchObject({
      status: 'pending',
      amount: '500.00',
      reference: 'GC-REF-0001',
    });
    // Double submit: the same deposit, one row.
    const again = await manual(member.token, { clientRequestId });
    expect(again.json().value.id).toBe(deposit.id);
    expect(await depositCount(member.id)).toBe(1);
    // Concurrent double submits of a new form: one deposit.
    const racedId = newRequestId();
    const raced = await Promise.all(
      Array.from({ length: 5 }, () => manual(member.token, { clientRequestId: racedId })),
    );
    expect(new Set(raced.map((res) => res.json().value.id)).size).toBe(1);
    expect(await depositCount(member.id)).toBe(2);
    // The same id with another amount is a conflict.
    const other = await manual(member.token, { clientRequestId, amount: '600.00' });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('DUPLICATE_TRANSACTION');
    // Stored re-encoded as JPEG.
    const [row] = await database.db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect([...Buffer.from(row!.receiptImage!).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(await balance(member.id)).toBe(0n);

    const approve = () =>
      app.inject({
        method: 'POST',
        url: `/admin/api/deposits/${deposit.id}/approve`,
        headers: operatorHeaders(operatorToken),
        remoteAddress: randomIp(),
      });
    const [a, b] = await Promise.all([approve(), approve()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().code).toBe('DEPOSIT_NOT_PENDING');
    expect(await balance(member.id)).toBe(50_000n);
    const seen = (await call('GET', `/wps/deposit/${deposit.id}`, member.token)).json().value;
    expect(seen.status).toBe('credited');
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'deposit.approve'), eq(auditLog.subjectId, String(deposit.id))),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorType).toBe('operator');
  });

  it('manual: a rejection credits nothing and shows the reason', async () => {
    const member = await newMember();
    const deposit = (await manual(member.token)).json().value;
    const res = await app.inject({
      method: 'POST',
      url: `/admin/api/deposits/${deposit.id}/reject`,
      headers: operatorHeaders(operatorToken),
      remoteAddress: randomIp(),
      payload: { reason: 'Receipt does not match' },
    });
    expect(res.json().value).toMatchObject({
      status: 'rejected',
      reason: 'Receipt does not match',
    });
    await expect(
      approveDeposit(database.db, {
        merchantId: MERCHANT_ID,
        depositId: deposit.id,
        operatorId: 1,
      }),
    ).rejects.toMatchObject({ code: 'DEPOSIT_NOT_PENDING' });
    expect(await balance(member.id)).toBe(0n);
  });

  it('service functions: approve once, reject refuses a decided deposit', async () => {
    const member = await newMember();
    const deposit = (await manual(member.token, { amount: '1000' })).json().value;
    const decision = { merchantId: MERCHANT_ID, depositId: deposit.id, operatorId: 1 };
    expect((await approveDeposit(database.db, decision)).status).toBe('credited');
    await expect(approveDeposit(database.db, decision)).rejects.toMatchObject({
      code: 'DEPOSIT_NOT_PENDING',
    });
    await expect(rejectDeposit(database.db, { ...decision, reason: 'x' })).rejects.toMatchObject({
      code: 'DEPOSIT_NOT_PENDING',
    });
    expect(await balance(member.id)).toBe(100_000n);
  });

  it('lists the queue for operators, filtered by status', async () => {
    const member = await newMember();
    const deposit = (await manual(member.token)).json().value;
    const res = await app.inject({
      url: '/admin/api/deposits?status=pending&size=100',
      headers: operatorHeaders(operatorToken),
      remoteAddress: randomIp(),
    });
    const items = res.json().value.items as { id: number; status: string; hasReceipt: boolean }[];
    expect(items.every((item) => item.status === 'pending')).toBe(true);
    expect(items.find((item) => item.id === deposit.id)).toMatchObject({ hasReceipt: true });
  });

  it('refuses bad amounts with a clear error and writes nothing', async () => {
    const member = await newMember();
    const cases: [string, number, string][] = [
      ['-1', 400, 'VALIDATION_ERROR'],
      ['0', 400, 'VALIDATION_ERROR'],
      ['abc', 400, 'VALIDATION_ERROR'],
      ['NaN', 400, 'VALIDATION_ERROR'],
      ['1e3', 400, 'VALIDATION_ERROR'],
      ['1.001', 400, 'VALIDATION_ERROR'],
      ['50000.01', 400, 'AMOUNT_OUT_OF_RANGE'],
      ['99.99', 400, 'AMOUNT_OUT_OF_RANGE'],
    ];
    for (const [amount, status, code] of cases) {
      for (const res of [
        await manual(member.token, { amount }),
        await online(member.token, amount),
      ]) {
        expect(res.statusCode, amount).toBe(status);
        const body = res.json();
        expect(body.code, amount).toBe(code);
        if (code === 'AMOUNT_OUT_OF_RANGE') {
          expect(body.value).toEqual({ min: '100.00', max: '50000.00' });
        } else {
          expect(JSON.stringify(body.value.issues), amount).toContain('amount');
        }
      }
    }
    const unavailable = await manual(member.token, { channelId: channel('Sandbox Pay').id });
    expect(unavailable.json().code).toBe('CHANNEL_UNAVAILABLE');
    expect(await depositCount(member.id)).toBe(0);
    expect(await balance(member.id)).toBe(0n);
  });

  it('shows a member only their own deposits', async () => {
    const owner = await newMember();
    const stranger = await newMember();
    const deposit = (await manual(owner.token)).json().value;
    expect((await call('GET', `/wps/deposit/${deposit.id}`, stranger.token)).statusCode).toBe(404);
    const list = (await call('GET', '/wps/deposit/list', owner.token)).json().value;
    expect(list).toMatchObject({ total: 1, page: 1 });
    expect(list.items[0].id).toBe(deposit.id);
    expect((await call('GET', '/wps/deposit/list', stranger.token)).json().value.total).toBe(0);
  });

  it('online: the sandbox Pay sends a signed callback that credits once, replays credit nothing', async () => {
    const member = await newMember();
    const clientRequestId = newRequestId();
    const create = () =>
      call('PUT', '/wps/deposit/online', member.token, {
        channelId: channel('Sandbox Pay').id,
        amount: '250.50',
        clientRequestId,
      });
    const created = (await create()).json().value;
    expect(created.redirectUrl).toMatch(/^\/sandbox-pay\/checkout\/sbx_/);
    expect((await create()).json().value).toEqual(created);
    expect(await depositCount(member.id)).toBe(1);

    const page = await app.inject({ url: created.redirectUrl });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('data-testid="sandbox-pay"');
    expect(page.body).toContain('data-testid="sandbox-cancel"');
    expect(page.body).toContain('PHP 250.50');
    // A strict policy of its own: its one inline style by hash, no script at all.
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.body)![1]!;
    const styleHash = createHash('sha256').update(style).digest('base64');
    expect(page.headers['content-security-policy']).toContain(`style-src 'sha256-${styleHash}'`);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");

    const pushed = vi.spyOn(app.realtime, 'publishBalance');
    const paid = await app.inject({ method: 'POST', url: `${created.redirectUrl}/pay` });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/member/depositv2?deposit=${created.depositId}`);
    expect(await balance(member.id)).toBe(25_050n);
    // The member's sockets hear the new balance once.
    expect(pushed.mock.calls.filter((args) => args[1] === member.id)).toEqual([
      [MERCHANT_ID, member.id, 25_050n, CURRENCY],
    ]);
    const seen = (await call('GET', `/wps/deposit/${created.depositId}`, member.token)).json();
    expect(seen.value.status).toBe('credited');

    const paymentId = paymentIdOf(created.redirectUrl);
    const [payment] = await database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, paymentId));
    const sent = payment!.lastCallback!;
    for (let i = 0; i < 10; i++) {
      const res = await postCallback(sent);
      expect(res.statusCode).toBe(200);
      expect(res.json().value.verdict).toBe('duplicate');
    }
    // A fresh signature (new nonce) for the same payment: still once.
    const body = JSON.parse(sent.body);
    const resent = await postCallback(signCallback(SANDBOX_DEVELOPMENT_KEY, body));
    expect(resent.json().value.verdict).toBe('duplicate');
    // Pay again on the page: the payment is no longer pending, nothing is sent.
    await app.inject({ method: 'POST', url: `${created.redirectUrl}/pay` });
    expect(await balance(member.id)).toBe(25_050n);
    expect(pushed.mock.calls.filter((args) => args[1] === member.id)).toHaveLength(1);
    pushed.mockRestore();
    const log = await callbacksFor(paymentId);
    expect(log.map((row) => row.verdict)).toEqual([
      'credited',
      ...Array(10).fill('replayed'),
      'duplicate',
    ]);
  });

  it('online: bad signature, changed amount, wrong currency and stale callbacks credit nothing and are logged', async () => {
    const member = await newMember();
    const created = (await online(member.token, '300.00')).json().value;
    const paymentId = paymentIdOf(created.redirectUrl);
    const body = {
      merchantCode: 'demo',
      paymentId,
      orderId: String(created.depositId),
      amount: '300.00',
      currency: 'PHP',
      status: 'paid',
    };
    const good = signCallback(SANDBOX_DEVELOPMENT_KEY, body);
    const attempts: [string, { headers: Record<string, string>; body: string }][] = [
      ['bad_signature', { ...good, body: good.body.replace('300.00', '3000.00') }],
      ['bad_signature', signCallback('another-key-of-someone-else-0123456789', body)],
      ['amount_mismatch', signCallback(SANDBOX_DEVELOPMENT_KEY, { ...body, amount: '3000.00' })],
      ['currency_mismatch', signCallback(SANDBOX_DEVELOPMENT_KEY, { ...body, currency: 'USD' })],
      [
        'stale_timestamp',
        signCallback(SANDBOX_DEVELOPMENT_KEY, body, { now: new Date(Date.now() - 10 * 60_000) }),
      ],
      [
        'unknown_payment',
        signCallback(SANDBOX_DEVELOPMENT_KEY, { ...body, paymentId: 'sbx_nope' }),
      ],
    ];
    for (const [reason, callback] of attempts) {
      const res = await postCallback(callback);
      expect(res.statusCode, reason).toBe(400);
      expect(res.json()).toMatchObject({ code: 'CALLBACK_REJECTED', value: { reason } });
    }
    const malformed = await app.inject({
      method: 'POST',
      url: CALLBACK,
      headers: { 'content-type': 'application/json' },
      payload: 'not json',
    });
    expect(malformed.json().code).toBe('CALLBACK_REJECTED');
    expect(await balance(member.id)).toBe(0n);
    const logged = (await callbacksFor(paymentId)).map((row) => row.verdict);
    expect(logged).toEqual([
      'bad_signature',
      'bad_signature',
      'amount_mismatch',
      'currency_mismatch',
      'stale_timestamp',
    ]);
    // The good callback still credits afterwards, once.
    expect((await postCallback(good)).json().value.verdict).toBe('credited');
    expect((await postCallback(good)).json().value.verdict).toBe('duplicate');
    expect(await balance(member.id)).toBe(30_000n);
  });

  it('online: Cancel on the sandbox page fails the deposit', async () => {
    const member = await newMember();
    const created = (await online(member.token)).json().value;
    const res = await app.inject({ method: 'POST', url: `${created.redirectUrl}/cancel` });
    expect(res.statusCode).toBe(303);
    const seen = (await call('GET', `/wps/deposit/${created.depositId}`, member.token)).json();
    expect(seen.value.status).toBe('failed');
    expect(await balance(member.id)).toBe(0n);
  });

  it("tells the member's open pages when a deposit leaves pending, and nobody else's", async () => {
    const member = await newMember();
    const other = await newMember();
    const pushed = vi.spyOn(app.realtime, 'publishToMember');
    const heard = () =>
      pushed.mock.calls
        .filter(([, memberId, event]) => memberId === member.id && event.type === 'deposit')
        .map(([merchantId, , event]) => [merchantId, event]);
    const decide = (id: number, action: 'approve' | 'reject') =>
      app.inject({
        method: 'POST',
        url: `/admin/api/deposits/${id}/${action}`,
        headers: operatorHeaders(operatorToken),
        remoteAddress: randomIp(),
        ...(action === 'reject' ? { payload: { reason: 'Blurred receipt' } } : {}),
      });
    try {
      const approved = (await manual(member.token)).json().value;
      const rejected = (await manual(member.token)).json().value;
      const paid = (await online(member.token)).json().value;
      const cancelled = (await online(member.token)).json().value;
      // Submitting tells nobody: the member's own page shows what it sent.
      expect(heard()).toEqual([]);
      expect((await decide(approved.id, 'approve')).statusCode).toBe(200);
      expect((await decide(rejected.id, 'reject')).statusCode).toBe(200);
      await app.inject({ method: 'POST', url: `${paid.redirectUrl}/pay` });
      await app.inject({ method: 'POST', url: `${cancelled.redirectUrl}/cancel` });
      expect(heard()).toEqual([
        [MERCHANT_ID, { type: 'deposit', depositId: approved.id, status: 'credited' }],
        [MERCHANT_ID, { type: 'deposit', depositId: rejected.id, status: 'rejected' }],
        [MERCHANT_ID, { type: 'deposit', depositId: paid.depositId, status: 'credited' }],
        [MERCHANT_ID, { type: 'deposit', depositId: cancelled.depositId, status: 'failed' }],
      ]);
      // A refused decision and a replayed callback change nothing and tell nothing.
      expect((await decide(approved.id, 'approve')).statusCode).toBe(409);
      await app.inject({ method: 'POST', url: `${paid.redirectUrl}/pay` });
      expect(heard()).toHaveLength(4);
      expect(
        pushed.mock.calls.filter(
          ([, memberId, event]) => memberId === other.id && event.type === 'deposit',
        ),
      ).toEqual([]);
    } finally {
      pushed.mockRestore();
    }
  });

  it('leaves the ledger reconciled', async () => {
    const report = await reconcileLedger(database.db);
    expect(
      isClean(report),
      JSON.stringify(report, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
    ).toBe(true);
    // Every credited deposit has its entry.
    const credited = await database.db
      .select()
      .from(deposits)
      .where(eq(deposits.status, 'credited'));
    expect(credited.every((row) => row.ledgerEntryId !== null)).toBe(true);
    expect(members).toBeDefined();
  });
});
