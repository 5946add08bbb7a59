import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { withdrawals } from '../../src/db/schema/index.js';
import { mainBalance } from '../../src/modules/ledger/ledger.service.js';
import { isClean, reconcileLedger } from '../../src/modules/ledger/reconcile.repository.js';
import { testDatabases } from '../support/databases.js';
import { saveKycInfo } from '../support/kyc.js';
import { CURRENCY, fund, MERCHANT_ID } from '../support/ledger.js';
import { CAPTCHA_ANSWER, memberApi, randomIp } from '../support/member-api.js';
import { operatorHeaders, signInOperator } from '../support/operator-api.js';
import { buildTestApp } from '../support/test-app.js';

const PAY = '135246';

type Op =
  | { op: 'request'; pesos: number; failing: boolean; replay: boolean }
  | { op: 'approve'; pick: number }
  | { op: 'reject'; pick: number }
  | { op: 'receipt'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('request' as const),
    pesos: fc.integer({ min: 50, max: 900 }),
    failing: fc.boolean(),
    replay: fc.boolean(),
  }),
  fc.record({ op: fc.constant('approve' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('reject' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('receipt' as const), pick: fc.nat() }),
);

/**
 * Whatever members and operators do, the money of a member's withdrawals is in one place: the
 * main wallet holds the deposits less every withdrawal still held or paid out; rejected and
 * failed ones are back; the ledger reconciles.
 */
describe.each(testDatabases)('withdrawal invariants on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: ReturnType<typeof memberApi>;
  let finance: string;
  let seq = 0;

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
    api = memberApi(app);
    finance = await signInOperator(app, database.db, { role: 'finance', merchantId: MERCHANT_ID });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('the wallet always equals deposits less held and paid withdrawals', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 10 }), async (ops) => {
        const value = (await api.register()).json().value;
        const token = value.token as string;
        const memberId = value.user.id as number;
        const call = (method: 'PUT' | 'POST', url: string, payload: object) =>
          app.inject({
            method,
            url,
            headers: api.headers(token),
            remoteAddress: randomIp(),
            payload,
          });
        await saveKycInfo(database.db, memberId, {
          payeeName: 'Prop Tester',
          birthday: '1990-01-01',
        });
        await call('POST', '/wps/member/paymentPassword', {
          loginPassword: 'Secret#2026pw',
          paymentPassword: PAY,
          confirmPaymentPassword: PAY,
        });
        const funded = 2000_00n;
        await fund(database.db, memberId, funded);
        const bind = async (accountNumber: string) =>
          (
            await call('PUT', '/wps/withdraw/accounts', {
              method: 'gcash',
              accountName: 'Prop Tester',
              accountNumber,
            })
          ).json().value.id as number;
        const good = await bind('09175550000');
        const failing = await bind('09175550001');
        const ids: number[] = [];
        let lastRequest: object | null = null;

        for (const step of ops) {
          if (step.op === 'request') {
            const body: object =
              step.replay && lastRequest
                ? lastRequest
                : {
                    payoutAccountId: step.failing ? failing : good,
                    amount: `${step.pesos}.00`,
                    paymentPassword: PAY,
                    clientRequestId: `prop-${memberId}-${++seq}`,
                  };
            lastRequest = body;
            const res = await call('PUT', '/wps/withdraw', body);
            if (res.statusCode === 200) ids.push(res.json().value.id);
            else
              expect([
                'AMOUNT_OUT_OF_RANGE',
                'INSUFFICIENT_BALANCE',
                'WITHDRAWAL_COUNT_EXCEEDED',
              ]).toContain(res.json().code);
          } else if (ids.length > 0) {
            const id = ids[step.pick % ids.length]!;
            if (step.op === 'receipt') {
              await call('POST', `/wps/withdraw/${id}/receipt`, { status: 'received' });
            } else {
              await app.inject({
                method: 'POST',
                url: `/admin/api/withdrawals/${id}/${step.op}`,
                headers: operatorHeaders(finance),
                ...(step.op === 'reject' ? { payload: { reason: 'property' } } : {}),
              });
            }
          }
          const rows = await database.db
            .select()
            .from(withdrawals)
            .where(eq(withdrawals.memberId, memberId));
          const out = rows
            .filter((row) => !['rejected', 'failed'].includes(row.status))
            .reduce((sum, row) => sum + row.amount, 0n);
          expect(await mainBalance(database.db, MERCHANT_ID, memberId, CURRENCY)).toBe(
            funded - out,
          );
          // A failing payee never ends up paid; a receipt only exists on a paid one.
          for (const row of rows) {
            if (row.payoutAccountId === failing) expect(row.status).not.toBe('paid');
            if (row.receiptStatus) expect(row.status).toBe('paid');
          }
        }
      }),
      { numRuns: 12 },
    );
    expect(isClean(await reconcileLedger(database.db))).toBe(true);
  });
});
