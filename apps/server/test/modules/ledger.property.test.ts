import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { AppError } from '../../src/lib/app-error.js';
import {
  memberBalances,
  placeHold,
  postEntry,
  settleHold,
  type EntryRequest,
} from '../../src/modules/ledger/ledger.service.js';
import { isClean, reconcileLedger } from '../../src/modules/ledger/reconcile.repository.js';
import { testDatabases } from '../support/databases.js';
import { createMember, CURRENCY, MERCHANT_ID } from '../support/ledger.js';

/**
 * Random sequences of deposits, bets, wins, holds, voids, transfers and replays against a model
 * of what each wallet should hold. After every step: the journal and the cached balances agree,
 * entries sum to zero, no member balance is negative, and every wallet matches the model.
 */

const MEMBERS = 3;
const VENDOR = 'PG';

type Wallet = 'main' | 'vendor';
type Command =
  | { op: 'deposit'; member: number; amount: bigint }
  | { op: 'bet'; member: number; amount: bigint }
  | { op: 'win'; bet: number; payout: bigint }
  | { op: 'void'; bet: number }
  | { op: 'withdraw'; member: number; amount: bigint; approve: boolean }
  | { op: 'transfer'; member: number; from: Wallet; amount: bigint }
  | { op: 'replay'; step: number };

// Deposits are larger than the other movements, so that most bets, withdrawals and transfers
// go through and some do not.
const deposit = fc.bigInt({ min: 1_000n, max: 100_000n });
const amount = fc.bigInt({ min: 1n, max: 30_000n });
const member = fc.integer({ min: 0, max: MEMBERS - 1 });
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('deposit' as const), member, amount: deposit }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('bet' as const), member, amount }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('win' as const),
      bet: fc.nat(20),
      payout: fc.bigInt({ min: 0n, max: 60_000n }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('void' as const), bet: fc.nat(20) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('withdraw' as const),
      member,
      amount,
      approve: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('transfer' as const),
      member,
      from: fc.constantFrom<Wallet>('main', 'vendor'),
      amount,
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('replay' as const), step: fc.nat(40) }) },
);

describe.each(testDatabases)('ledger invariants on $name', ({ name, open }) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database.close();
  });

  it('hold after any sequence of movements and replays', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 40 }), async (commands) => {
        run += 1;
        const db = database.db;
        const ids = await Promise.all(Array.from({ length: MEMBERS }, () => createMember(db)));
        const model = ids.map(() => ({ main: 0n, vendor: 0n }));
        const bets: { holdId: number; member: number; amount: bigint; open: boolean }[] = [];
        // Every request that went through so far, to be sent again by `replay` (a refused one
        // holds no key: sent again later it may rightly go through).
        const sent: (() => Promise<unknown>)[] = [];
        const key = (step: number, part = '') => `prop-${name}-${run}-${step}${part}`;
        const entry = async (
          step: number,
          type: EntryRequest['type'],
          memberId: number,
          postings: EntryRequest['postings'],
        ) => {
          const send = () =>
            postEntry(db, {
              merchantId: MERCHANT_ID,
              currency: CURRENCY,
              type,
              idempotencyKey: key(step),
              memberId,
              postings,
            });
          const result = await send();
          sent.push(send);
          return result;
        };
        const refusedForBalance = (error: unknown) =>
          error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE';

        for (const [step, cmd] of commands.entries()) {
          switch (cmd.op) {
            case 'deposit': {
              const id = ids[cmd.member]!;
              await entry(step, 'deposit', id, [
                { account: { kind: 'member_main', memberId: id }, amount: cmd.amount },
                { account: { kind: 'payments_in_transit' }, amount: -cmd.amount },
              ]);
              model[cmd.member]!.main += cmd.amount;
              break;
            }
            case 'bet': {
              const id = ids[cmd.member]!;
              const send = () =>
                placeHold(db, {
                  merchantId: MERCHANT_ID,
                  currency: CURRENCY,
                  type: 'bet',
                  idempotencyKey: key(step),
                  memberId: id,
                  source: { kind: 'member_main', memberId: id },
                  holdKind: 'bets_open',
                  amount: cmd.amount,
                });
              const enough = model[cmd.member]!.main >= cmd.amount;
              try {
                const hold = await send();
                sent.push(send);
                expect(enough).toBe(true);
                model[cmd.member]!.main -= cmd.amount;
                bets.push({
                  holdId: hold.holdId,
                  member: cmd.member,
                  amount: cmd.amount,
                  open: true,
                });
              } catch (error) {
                expect(enough).toBe(false);
                expect(refusedForBalance(error)).toBe(true);
              }
              break;
            }
            case 'win': {
              const bet = bets[cmd.bet % Math.max(bets.length, 1)];
              if (!bet?.open) break;
              await settleHold(db, {
                holdId: bet.holdId,
                outcome: 'post',
                to: [{ kind: 'house', amount: bet.amount }],
                type: 'bet_settle',
                idempotencyKey: key(step, '-settle'),
              });
              bet.open = false;
              if (cmd.payout > 0n) {
                const id = ids[bet.member]!;
                await entry(step, 'payout', id, [
                  { account: { kind: 'house' }, amount: -cmd.payout },
                  { account: { kind: 'member_main', memberId: id }, amount: cmd.payout },
                ]);
                model[bet.member]!.main += cmd.payout;
              }
              break;
            }
            case 'void': {
              const bet = bets[cmd.bet % Math.max(bets.length, 1)];
              if (!bet) break;
              const send = () =>
                settleHold(db, {
                  holdId: bet.holdId,
                  outcome: 'void',
                  type: 'bet_release',
                  idempotencyKey: key(step),
                });
              try {
                await send();
                sent.push(send);
                expect(bet.open).toBe(true);
                bet.open = false;
                model[bet.member]!.main += bet.amount;
              } catch (error) {
                expect(bet.open).toBe(false);
                expect((error as AppError).code).toBe('HOLD_NOT_PENDING');
              }
              break;
            }
            case 'withdraw': {
              const id = ids[cmd.member]!;
              const enough = model[cmd.member]!.main >= cmd.amount;
              const hold = await placeHold(db, {
                merchantId: MERCHANT_ID,
                currency: CURRENCY,
                type: 'withdrawal',
                idempotencyKey: key(step),
                memberId: id,
                source: { kind: 'member_main', memberId: id },
                holdKind: 'withdrawals_pending',
                amount: cmd.amount,
              }).catch((error: unknown) => {
                expect(refusedForBalance(error)).toBe(true);
                return null;
              });
              expect(hold !== null).toBe(enough);
              if (!hold) break;
              await settleHold(
                db,
                cmd.approve
                  ? {
                      holdId: hold.holdId,
                      outcome: 'post',
                      to: [{ kind: 'payments_in_transit', amount: cmd.amount }],
                      type: 'withdrawal',
                      idempotencyKey: key(step, '-settle'),
                    }
                  : {
                      holdId: hold.holdId,
                      outcome: 'void',
                      type: 'withdrawal_release',
                      idempotencyKey: key(step, '-settle'),
                    },
              );
              if (cmd.approve) model[cmd.member]!.main -= cmd.amount;
              break;
            }
            case 'transfer': {
              const id = ids[cmd.member]!;
              const main = { kind: 'member_main' as const, memberId: id };
              const vendor = { kind: 'member_vendor' as const, memberId: id, vendorCode: VENDOR };
              const [from, to] = cmd.from === 'main' ? [main, vendor] : [vendor, main];
              const wallet = model[cmd.member]!;
              const enough = wallet[cmd.from] >= cmd.amount;
              try {
                await entry(step, 'vendor_transfer', id, [
                  { account: from, amount: -cmd.amount },
                  { account: to, amount: cmd.amount },
                ]);
                expect(enough).toBe(true);
                wallet[cmd.from] -= cmd.amount;
                wallet[cmd.from === 'main' ? 'vendor' : 'main'] += cmd.amount;
              } catch (error) {
                expect(enough).toBe(false);
                expect(refusedForBalance(error)).toBe(true);
              }
              break;
            }
            case 'replay': {
              const send = sent[cmd.step % Math.max(sent.length, 1)];
              // A replay of a refused request is refused again; of a done one, moves nothing.
              if (send) await send().catch(() => undefined);
              break;
            }
          }

          const report = await reconcileLedger(db);
          expect(report).toMatchObject({
            balanceMismatches: [],
            unbalancedEntries: [],
            currencyImbalances: [],
            negativeMemberAccounts: [],
            holdMismatches: [],
            orphanPostings: [],
            orphanEntries: [],
          });
          expect(isClean(report)).toBe(true);
          for (const [index, id] of ids.entries()) {
            const accounts = await memberBalances(db, MERCHANT_ID, id, CURRENCY);
            const of = (kind: string) =>
              accounts.find((account) => account.kind === kind)?.balance ?? 0n;
            expect({ main: of('member_main'), vendor: of('member_vendor') }).toEqual(model[index]);
          }
        }
      }),
      { numRuns: name === 'postgres' ? 30 : 10 },
    );
  });
});
