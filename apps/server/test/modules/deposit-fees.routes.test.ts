import { channelFee } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { depositChannels, ledgerPostings } from '../../src/db/schema/index.js';
import { mainBalance, merchantBalance } from '../../src/modules/ledger/ledger.service.js';
import { isClean, reconcileLedger } from '../../src/modules/ledger/reconcile.repository.js';
import { adminApi, auditsOf } from '../support/admin-api.js';
import { testDatabases } from '../support/databases.js';
import { CAPTCHA_ANSWER, memberApi } from '../support/member-api.js';
import { signInOperator, signInForeignOperator } from '../support/operator-api.js';
import { buildTestApp } from '../support/test-app.js';

const MERCHANT_ID = 1;
const CURRENCY = 'PHP';

type Channel = { id: number; kind: string; name: string; minAmount: string; fee: unknown };

describe.each(testDatabases)('deposit channel fees on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: ReturnType<typeof memberApi>;
  let receipt: string;
  let channels: Channel[];
  let finance: string;
  let otherMerchantOwner: string;
  let seq = 0;

  const newRequestId = () => `fee-${Date.now()}-${++seq}`;
  const asMember = (
    token: string,
    method: 'GET' | 'PUT',
    url: string,
    payload?: Record<string, unknown>,
  ) => api.send(method, url, token, payload);
  const asOperator: ReturnType<typeof adminApi> = (...args) => adminApi(app)(...args);
  const byName = (name: string) => channels.find((c) => c.name === name)!;
  const newMember = async () => {
    const { token, user } = (await api.register()).json().value;
    return { token: token as string, id: user.id as number };
  };
  const balance = (memberId: number) => mainBalance(database.db, MERCHANT_ID, memberId, CURRENCY);
  const house = (kind: 'channel_fees' | 'channel_fee_expense' | 'payments_in_transit') =>
    merchantBalance(database.db, MERCHANT_ID, CURRENCY, kind);
  const setFee = (channelId: number, fee: Record<string, unknown>, token = finance) =>
    asOperator(token, 'PUT', `/admin/api/deposit-channels/${channelId}`, { fee });
  const channelRow = async (id: number) =>
    (await database.db.select().from(depositChannels).where(eq(depositChannels.id, id)))[0]!;
  const postingsOf = (entryId: number) =>
    database.db.select().from(ledgerPostings).where(eq(ledgerPostings.entryId, entryId));

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
    api = memberApi(app);
    const png = await sharp({
      create: { width: 200, height: 300, channels: 3, background: '#20c060' },
    })
      .png()
      .toBuffer();
    receipt = `data:image/png;base64,${png.toString('base64')}`;
    const { token } = await newMember();
    channels = (await asMember(token, 'GET', '/wps/deposit/channels')).json().value;
    finance = await signInOperator(app, database.db, { role: 'finance', merchantId: MERCHANT_ID });
    otherMerchantOwner = (
      await signInForeignOperator(app, database.db, `fee${Date.now() % 100000}`)
    ).token;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('rounds the rate half up, then applies fixed, min and max', () => {
    const rule = { rateBp: 150, fixed: 500n, min: 1_000n, max: 20_000n };
    expect(channelFee(100_000n, rule)).toBe(2_000n); // 1.5 % of 1000.00 + 5.00
    expect(channelFee(10_000n, rule)).toBe(1_000n); // 6.50 raised to the 10.00 minimum
    expect(channelFee(5_000_000n, rule)).toBe(20_000n); // capped at 200.00
    expect(channelFee(33n, { rateBp: 150, fixed: 0n, min: 0n, max: null })).toBe(0n); // 0.495
    expect(channelFee(34n, { rateBp: 150, fixed: 0n, min: 0n, max: null })).toBe(1n); // 0.51
  });

  it('member-borne: shown before paying, kept on the deposit, credited net, fee posted once', async () => {
    const gcash = byName('GCash');
    const set = await setFee(gcash.id, {
      rateBp: 150,
      fixed: '5.00',
      min: '10.00',
      max: '200.00',
      bearer: 'member',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().value.fee).toEqual({
      rateBp: 150,
      fixed: '5.00',
      min: '10.00',
      max: '200.00',
      bearer: 'member',
    });
    const [audit] = await auditsOf(database.db, 'deposit_channel.update', gcash.id);
    expect(audit!.after).toMatchObject({ fee: { rateBp: 150, bearer: 'member' } });

    const member = await newMember();
    const listed = (await asMember(member.token, 'GET', '/wps/deposit/channels')).json().value;
    expect(listed.find((c: Channel) => c.id === gcash.id).fee).toEqual(set.json().value.fee);

    const created = await asMember(member.token, 'PUT', '/wps/deposit/manual', {
      channelId: gcash.id,
      amount: '1000.00',
      reference: 'FEE-1',
      receipt,
      clientRequestId: newRequestId(),
    });
    expect(created.statusCode).toBe(200);
    const deposit = created.json().value;
    expect(deposit).toMatchObject({
      amount: '1000.00',
      fee: '20.00',
      feeBearer: 'member',
      creditAmount: '980.00',
    });

    // The operator raises the fee after the member paid: the member still gets what they saw.
    await setFee(gcash.id, {
      rateBp: 500,
      fixed: '0.00',
      min: '0.00',
      max: null,
      bearer: 'member',
    });

    const [feesBefore, transitBefore, expenseBefore] = await Promise.all([
      house('channel_fees'),
      house('payments_in_transit'),
      house('channel_fee_expense'),
    ]);
    const approve = () => asOperator(finance, 'POST', `/admin/api/deposits/${deposit.id}/approve`);
    const approved = await approve();
    expect(approved.statusCode).toBe(200);
    expect(approved.json().value).toMatchObject({ status: 'credited', creditAmount: '980.00' });
    expect((await approve()).json().code).toBe('DEPOSIT_NOT_PENDING');

    expect(await balance(member.id)).toBe(98_000n);
    expect((await house('channel_fees')) - feesBefore).toBe(2_000n);
    expect((await house('payments_in_transit')) - transitBefore).toBe(-100_000n);
    expect(await house('channel_fee_expense')).toBe(expenseBefore);

    const queue = await asOperator(finance, 'GET', '/admin/api/deposits?status=credited&size=100');
    const row = queue.json().value.items.find((d: { id: number }) => d.id === deposit.id);
    expect(row).toMatchObject({ fee: '20.00', feeBearer: 'member', creditAmount: '980.00' });
    const postings = await postingsOf(row.ledgerEntryId);
    expect(postings).toHaveLength(3);
    expect(postings.reduce((sum, p) => sum + p.amount, 0n)).toBe(0n);

    const record = await asMember(
      member.token,
      'GET',
      '/wps/relay/member/transactions?category=deposit',
    );
    expect(record.json().value.items).toEqual([
      expect.objectContaining({ type: 'deposit', amount: '980.00', fee: '20.00' }),
    ]);
  });

  it('merchant-borne on the gateway: the member gets the full amount, the merchant bears the fee', async () => {
    const sandbox = byName('Sandbox Pay');
    const set = await setFee(sandbox.id, {
      rateBp: 200,
      fixed: '0.00',
      min: '0.00',
      max: null,
      bearer: 'merchant',
    });
    expect(set.statusCode).toBe(200);
    const member = await newMember();
    const [feesBefore, expenseBefore] = await Promise.all([
      house('channel_fees'),
      house('channel_fee_expense'),
    ]);
    const created = (
      await asMember(member.token, 'PUT', '/wps/deposit/online', {
        channelId: sandbox.id,
        amount: '250.50',
        clientRequestId: newRequestId(),
      })
    ).json().value;
    const pay = () => app.inject({ method: 'POST', url: `${created.redirectUrl}/pay` });
    expect((await pay()).statusCode).toBe(303);
    await pay();
    expect(await balance(member.id)).toBe(25_050n);
    // 2 % of 250.50 = 5.01
    expect((await house('channel_fees')) - feesBefore).toBe(501n);
    expect((await house('channel_fee_expense')) - expenseBefore).toBe(-501n);
    const seen = (await asMember(member.token, 'GET', `/wps/deposit/${created.depositId}`)).json();
    expect(seen.value).toMatchObject({
      status: 'credited',
      fee: '5.01',
      feeBearer: 'merchant',
      creditAmount: '250.50',
    });
    const record = (
      await asMember(member.token, 'GET', '/wps/relay/member/transactions?category=deposit')
    ).json().value.items;
    expect(record).toEqual([expect.objectContaining({ amount: '250.50', fee: null })]);
    await setFee(sandbox.id, {
      rateBp: 0,
      fixed: '0.00',
      min: '0.00',
      max: null,
      bearer: 'member',
    });
  });

  it('refuses bad fee input, changes nothing and audits nothing', async () => {
    const maya = byName('Maya');
    const before = await channelRow(maya.id);
    const auditsBefore = (await auditsOf(database.db, 'deposit_channel.update', maya.id)).length;
    const good = { rateBp: 100, fixed: '1.00', min: '0.00', max: '50.00', bearer: 'member' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, rateBp: 5001 }, '/fee/rateBp'],
      [{ ...good, rateBp: -1 }, '/fee/rateBp'],
      [{ ...good, rateBp: 1.5 }, '/fee/rateBp'],
      [{ ...good, fixed: '-1.00' }, '/fee/fixed'],
      [{ ...good, fixed: '1.234' }, '/fee/fixed'],
      [{ ...good, fixed: 'abc' }, '/fee/fixed'],
      [{ ...good, min: '60.00' }, '/fee/max'],
      [{ ...good, bearer: 'house' }, '/fee/bearer'],
      [{ ...good, extra: 1 }, '/fee'],
      // Maya's minimum is 100.00: a 100.00 fee would leave nothing to credit.
      [{ ...good, rateBp: 0, fixed: '100.00', max: null }, '/fee'],
    ];
    for (const [fee, path] of cases) {
      const res = await setFee(maya.id, fee);
      expect(res.statusCode, JSON.stringify(fee)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(
        res.json().value.issues.map((i: { path: string }) => i.path.replace(/^body/, '')),
        JSON.stringify(fee),
      ).toContain(path);
    }
    // Raising the minimum amount under an existing member-borne fee is refused the same way.
    await setFee(maya.id, { ...good, max: null, fixed: '50.00' });
    const lowered = await asOperator(finance, 'PUT', `/admin/api/deposit-channels/${maya.id}`, {
      minAmount: '50.00',
    });
    expect(lowered.json().code).toBe('VALIDATION_ERROR');
    expect((await channelRow(maya.id)).minAmount).toBe(before.minAmount);
    await setFee(maya.id, { rateBp: 0, fixed: '0.00', min: '0.00', max: null, bearer: 'member' });
    const after = await channelRow(maya.id);
    expect(after).toEqual(before);
    // Two good changes were audited, none of the refused ones.
    expect((await auditsOf(database.db, 'deposit_channel.update', maya.id)).length).toBe(
      auditsBefore + 2,
    );
  });

  it("never lets another merchant's operator set a fee", async () => {
    const gcash = byName('GCash');
    const before = await channelRow(gcash.id);
    const foreign = await setFee(
      gcash.id,
      { rateBp: 0, fixed: '0.00', min: '0.00', max: null, bearer: 'merchant' },
      otherMerchantOwner,
    );
    expect(foreign.statusCode).toBe(404);
    expect(await channelRow(gcash.id)).toEqual(before);
  });

  it('refuses a deposit below the limits with nothing written', async () => {
    const member = await newMember();
    const res = await asMember(member.token, 'PUT', '/wps/deposit/manual', {
      channelId: byName('GCash').id,
      amount: '99.99',
      reference: 'FEE-LOW',
      receipt,
      clientRequestId: newRequestId(),
    });
    expect(res.json().code).toBe('AMOUNT_OUT_OF_RANGE');
    const list = (await asMember(member.token, 'GET', '/wps/deposit/list')).json().value;
    expect(list.total).toBe(0);
  });

  it('leaves the ledger reconciled', async () => {
    expect(isClean(await reconcileLedger(database.db))).toBe(true);
  });
});
