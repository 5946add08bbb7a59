import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { gameRounds, gatewayCallbacks, restrictedPersons } from '../../src/db/schema/index.js';
import { adminApi, auditsOf } from '../support/admin-api.js';
import { testDatabases } from '../support/databases.js';
import { MERCHANT_ID, createMember } from '../support/ledger.js';
import { signInOperator, signInForeignOperator } from '../support/operator-api.js';
import { closeTestApp, startTestApp } from '../support/test-app.js';

describe.each(testDatabases)(
  'back-office bets, callback log, restricted delete on $name',
  ({ open }) => {
    let database: DatabaseHandle;
    let app: FastifyInstance;
    let call: ReturnType<typeof adminApi>;
    let support: string;
    let owner: string;
    let foreignOwner: string;
    let otherMerchant: number;
    const tag = `${Date.now() % 100000}`;

    beforeAll(async () => {
      ({ database, app } = await startTestApp(open));
      call = adminApi(app);
      support = await signInOperator(app, database.db, {
        role: 'customer_service',
        merchantId: MERCHANT_ID,
      });
      owner = await signInOperator(app, database.db, { role: 'owner', merchantId: MERCHANT_ID });
      const foreign = await signInForeignOperator(app, database.db, `rc${tag}`);
      otherMerchant = foreign.merchantId;
      foreignOwner = foreign.token;
    });
    afterAll(() => closeTestApp(app, database));

    it("pages a member's rounds newest first with stake, win and status", async () => {
      const memberId = await createMember(database.db);
      const other = await createMember(database.db);
      const round = (n: number, extra: Partial<typeof gameRounds.$inferInsert> = {}) => ({
        merchantId: MERCHANT_ID,
        memberId,
        vendorCode: 'PG',
        roundId: `r${tag}-${n}`,
        gameCode: 'PG-RNG-001',
        gameCategory: 'RNG',
        currency: 'PHP',
        betTotal: 1000n,
        betCount: 1,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)),
        ...extra,
      });
      await database.db
        .insert(gameRounds)
        .values([
          round(1, { winTotal: 2500n, winCount: 1, closed: true }),
          round(2, { refundTotal: 1000n, rollbackCount: 1 }),
          round(3),
          { ...round(4), memberId: other },
        ]);
      const res = await call(support, 'GET', `/admin/api/members/${memberId}/bets?size=2`);
      // customer service reads members (members.read), including their bets.
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json().value;
      expect(page.total).toBe(3);
      expect(page.items).toEqual([
        expect.objectContaining({
          roundId: `r${tag}-3`,
          stake: '10.00',
          win: '0.00',
          status: 'open',
        }),
        expect.objectContaining({
          roundId: `r${tag}-2`,
          stake: '0.00',
          status: 'cancelled',
          gameName: 'Fortune Koi',
        }),
      ]);
      const second = (
        await call(support, 'GET', `/admin/api/members/${memberId}/bets?page=2&size=2`)
      ).json().value;
      expect(second.items).toEqual([expect.objectContaining({ win: '25.00', status: 'settled' })]);
      const foreign = await call(foreignOwner, 'GET', `/admin/api/members/${memberId}/bets`);
      expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'NOT_FOUND']);
    });

    it("lists the merchant's gateway callbacks, filtered by verdict", async () => {
      const row = (verdict: string, merchantId: number | null) => ({
        gatewayCode: 'sandbox',
        merchantId,
        paymentId: `p${tag}-${verdict}`,
        nonce: `n${tag}-${verdict}-${merchantId}`,
        signatureValid: verdict !== 'bad_signature',
        verdict,
        headers: { 'x-signature': 'abc' },
        body: `{"paymentId":"p${tag}"}`,
      });
      await database.db
        .insert(gatewayCallbacks)
        .values([
          row('credited', MERCHANT_ID),
          row('duplicate', MERCHANT_ID),
          row('bad_signature', null),
          row('credited', otherMerchant),
        ]);
      const all = (await call(owner, 'GET', '/admin/api/gateway-callbacks')).json().value;
      expect(all.items.map((c: { verdict: string }) => c.verdict)).toEqual([
        'duplicate',
        'credited',
      ]);
      expect(all.items[1]).toMatchObject({
        paymentId: `p${tag}-credited`,
        signatureValid: true,
        headers: { 'x-signature': 'abc' },
      });
      const filtered = (
        await call(owner, 'GET', '/admin/api/gateway-callbacks?verdict=duplicate')
      ).json().value;
      expect(filtered.total).toBe(1);
      const foreign = (await call(foreignOwner, 'GET', '/admin/api/gateway-callbacks')).json()
        .value;
      expect(foreign.items.map((c: { paymentId: string }) => c.paymentId)).toEqual([
        `p${tag}-credited`,
      ]);
      expect((await call(support, 'GET', '/admin/api/gateway-callbacks')).statusCode).toBe(403);
    });

    it('deletes one restricted-persons entry of its merchant, audited', async () => {
      const [person] = await database.db
        .insert(restrictedPersons)
        .values({
          merchantId: MERCHANT_ID,
          fullName: `GABRIELA SILANG${tag}`,
          category: 'official',
          source: 'test',
        })
        .returning();
      const foreign = await call(
        foreignOwner,
        'DELETE',
        `/admin/api/risk/restricted-persons/${person!.id}`,
      );
      expect(foreign.statusCode).toBe(404);
      const res = await call(owner, 'DELETE', `/admin/api/risk/restricted-persons/${person!.id}`);
      expect(res.json()).toEqual({ success: true, value: { id: person!.id } });
      const list = (
        await call(owner, 'GET', `/admin/api/risk/restricted-persons?name=SILANG${tag}`)
      ).json().value;
      expect(list.total).toBe(0);
      expect(
        (await auditsOf(database.db, 'risk.restricted_delete', person!.id))[0]!.before,
      ).toMatchObject({ fullName: `GABRIELA SILANG${tag}`, category: 'official' });
      const again = await call(owner, 'DELETE', `/admin/api/risk/restricted-persons/${person!.id}`);
      expect(again.statusCode).toBe(404);
    });
  },
);
