import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { auditLog, depositChannels } from '../../src/db/schema/index.js';
import { adminApi } from '../support/admin-api.js';
import { testDatabases } from '../support/databases.js';
import { CAPTCHA_ANSWER, memberApi } from '../support/member-api.js';
import { signInOperator, signInForeignOperator } from '../support/operator-api.js';
import { buildTestApp } from '../support/test-app.js';

const MERCHANT_ID = 1;

type Channel = { id: number; kind: string; name: string; minAmount: string; maxAmount: string };

describe.each(testDatabases)('deposit receipts and channel configuration on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: ReturnType<typeof memberApi>;
  let receipt: string;
  let channels: Channel[];
  let memberToken: string;
  let finance: string;
  let support: string;
  let otherMerchantOwner: string;
  let seq = 0;

  const newRequestId = () => `adm-${Date.now()}-${++seq}`;
  const asMember = (method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    api.send(method, url, memberToken, payload);
  const asOperator: ReturnType<typeof adminApi> = (...args) => adminApi(app)(...args);
  const byName = (name: string) => channels.find((c) => c.name === name)!;
  const channelRow = async (id: number) =>
    (await database.db.select().from(depositChannels).where(eq(depositChannels.id, id)))[0]!;
  const auditsOf = (id: number) =>
    database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'deposit_channel.update'), eq(auditLog.subjectId, String(id))),
      );

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
    api = memberApi(app);
    const png = await sharp({
      create: { width: 200, height: 300, channels: 3, background: '#c02060' },
    })
      .png()
      .toBuffer();
    receipt = `data:image/png;base64,${png.toString('base64')}`;
    memberToken = (await api.register()).json().value.token;
    channels = (await asMember('GET', '/wps/deposit/channels')).json().value;
    finance = await signInOperator(app, database.db, { role: 'finance', merchantId: MERCHANT_ID });
    support = await signInOperator(app, database.db, {
      role: 'customer_service',
      merchantId: MERCHANT_ID,
    });
    otherMerchantOwner = (
      await signInForeignOperator(app, database.db, `oth${Date.now() % 100000}`)
    ).token;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  describe('receipt image', () => {
    it('gives the operator the re-encoded JPEG of a manual deposit', async () => {
      const deposit = (
        await asMember('PUT', '/wps/deposit/manual', {
          channelId: byName('GCash').id,
          amount: '150.00',
          reference: 'RCPT-1',
          receipt,
          clientRequestId: newRequestId(),
        })
      ).json().value;
      const res = await asOperator(finance, 'GET', `/admin/api/deposits/${deposit.id}/receipt`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 200, 300]);

      // Another merchant's operator, an operator without the permission, a member: no image.
      const foreign = await asOperator(
        otherMerchantOwner,
        'GET',
        `/admin/api/deposits/${deposit.id}/receipt`,
      );
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().code).toBe('NOT_FOUND');
      const denied = await asOperator(support, 'GET', `/admin/api/deposits/${deposit.id}/receipt`);
      expect(denied.statusCode).toBe(403);
      expect(denied.headers['content-type']).toContain('application/json');
      const member = await asMember('GET', `/admin/api/deposits/${deposit.id}/receipt`);
      expect(member.statusCode).toBe(401);
    });

    it('answers 404 for an online deposit (no receipt) and an unknown id', async () => {
      const online = (
        await asMember('PUT', '/wps/deposit/online', {
          channelId: byName('Sandbox Pay').id,
          amount: '200.00',
          clientRequestId: newRequestId(),
        })
      ).json().value;
      const none = await asOperator(
        finance,
        'GET',
        `/admin/api/deposits/${online.depositId}/receipt`,
      );
      expect(none.statusCode).toBe(404);
      const unknown = await asOperator(finance, 'GET', '/admin/api/deposits/99999999/receipt');
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('channel configuration', () => {
    it('lists every channel of the merchant, disabled ones too, only to permitted operators', async () => {
      const res = await asOperator(finance, 'GET', '/admin/api/deposit-channels');
      expect(res.statusCode).toBe(200);
      const list = res.json().value;
      expect(list.map((c: { names: { EN: string } }) => c.names.EN)).toEqual(
        expect.arrayContaining(['GCash', 'Maya', 'Bank transfer', 'Sandbox Pay']),
      );
      expect(list.find((c: { code: string; kind: string }) => c.kind === 'manual')).toMatchObject({
        payee: { name: expect.any(String), account: expect.any(String) },
        enabled: true,
      });
      expect((await asOperator(support, 'GET', '/admin/api/deposit-channels')).statusCode).toBe(
        403,
      );
      expect((await asMember('GET', '/admin/api/deposit-channels')).statusCode).toBe(401);
      const foreign = await asOperator(otherMerchantOwner, 'GET', '/admin/api/deposit-channels');
      expect(foreign.statusCode).toBe(200);
      expect(foreign.json().value).toEqual([]);
    });

    it('changes limits, names, payee and order; the member page follows; audited', async () => {
      const maya = byName('Maya');
      const res = await asOperator(finance, 'PUT', `/admin/api/deposit-channels/${maya.id}`, {
        minAmount: '250.5',
        maxAmount: '20000',
        names: { EN: 'Maya Wallet', TL: 'Maya Pitaka' },
        payee: { name: 'Demo Casino Maya', account: '0918 111 2222', bank: '' },
        sequence: 0,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().value).toMatchObject({
        minAmount: '250.50',
        maxAmount: '20000.00',
        names: { EN: 'Maya Wallet', TL: 'Maya Pitaka' },
        payee: { name: 'Demo Casino Maya', account: '0918 111 2222', bank: null },
        sequence: 0,
      });
      const seen = (await asMember('GET', '/wps/deposit/channels')).json().value as Channel[];
      expect(seen.find((c) => c.id === maya.id)).toMatchObject({
        name: 'Maya Wallet',
        minAmount: '250.50',
        maxAmount: '20000.00',
      });
      // The new limits apply to deposits at once.
      const low = await asMember('PUT', '/wps/deposit/manual', {
        channelId: maya.id,
        amount: '250.49',
        reference: 'LOW-1',
        receipt,
        clientRequestId: newRequestId(),
      });
      expect(low.statusCode).toBe(400);
      expect(low.json()).toMatchObject({
        code: 'AMOUNT_OUT_OF_RANGE',
        value: { min: '250.50', max: '20000.00' },
      });
      const [audit] = await auditsOf(maya.id);
      expect(audit).toMatchObject({ actorType: 'operator', merchantId: MERCHANT_ID });
      expect(audit!.before).toMatchObject({ minAmount: maya.minAmount, names: { EN: 'Maya' } });
      expect(audit!.after).toMatchObject({ minAmount: '250.50', names: { EN: 'Maya Wallet' } });
    });

    it('disabling a channel hides it from members and refuses its deposits', async () => {
      const bank = byName('Bank transfer');
      const off = await asOperator(finance, 'PUT', `/admin/api/deposit-channels/${bank.id}`, {
        enabled: false,
      });
      expect(off.json().value.enabled).toBe(false);
      const seen = (await asMember('GET', '/wps/deposit/channels')).json().value as Channel[];
      expect(seen.map((c) => c.id)).not.toContain(bank.id);
      const refused = await asMember('PUT', '/wps/deposit/manual', {
        channelId: bank.id,
        amount: '500.00',
        reference: 'OFF-1',
        receipt,
        clientRequestId: newRequestId(),
      });
      expect(refused.json().code).toBe('CHANNEL_UNAVAILABLE');
      await asOperator(finance, 'PUT', `/admin/api/deposit-channels/${bank.id}`, {
        enabled: true,
      });
      const back = (await asMember('GET', '/wps/deposit/channels')).json().value as Channel[];
      expect(back.map((c) => c.id)).toContain(bank.id);
    });

    it('refuses bad input, changes nothing and audits nothing', async () => {
      const gcash = byName('GCash');
      const before = await channelRow(gcash.id);
      const auditsBefore = (await auditsOf(gcash.id)).length;
      const bad: Record<string, unknown>[] = [
        { minAmount: '0' },
        { minAmount: '-5.00' },
        { minAmount: '10.001' },
        { minAmount: '1e3' },
        { minAmount: 'NaN' },
        { maxAmount: 100 },
        { minAmount: '600.00', maxAmount: '500.00' },
        { maxAmount: '99.99' }, // below the current min of 100.00
        { names: { EN: '', TL: 'x' } },
        { sequence: -1 },
        { enabled: 'yes' },
        { color: 'red' },
        {},
      ];
      for (const body of bad) {
        const res = await asOperator(
          finance,
          'PUT',
          `/admin/api/deposit-channels/${gcash.id}`,
          body,
        );
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
      // Payee details on an online channel.
      const sandbox = byName('Sandbox Pay');
      const online = await asOperator(finance, 'PUT', `/admin/api/deposit-channels/${sandbox.id}`, {
        payee: { name: 'X', account: '1', bank: null },
      });
      expect(online.json().code).toBe('VALIDATION_ERROR');
      // Not permitted, another merchant's operator, unknown channel.
      const denied = await asOperator(support, 'PUT', `/admin/api/deposit-channels/${gcash.id}`, {
        enabled: false,
      });
      expect(denied.statusCode).toBe(403);
      const foreign = await asOperator(
        otherMerchantOwner,
        'PUT',
        `/admin/api/deposit-channels/${gcash.id}`,
        { enabled: false },
      );
      expect(foreign.statusCode).toBe(404);
      const unknown = await asOperator(finance, 'PUT', '/admin/api/deposit-channels/99999999', {
        enabled: false,
      });
      expect(unknown.statusCode).toBe(404);

      expect(await channelRow(gcash.id)).toEqual(before);
      expect(await auditsOf(gcash.id)).toHaveLength(auditsBefore);
    });
  });
});
