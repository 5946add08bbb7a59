import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { mainBalance } from '../../src/modules/ledger/ledger.service.js';
import { isClean, reconcileLedger } from '../../src/modules/ledger/reconcile.repository.js';
import { handleVendorCall } from '../../src/modules/vendor-wallet/vendor-wallet.service.js';
import { testDatabases } from '../support/databases.js';
import { CURRENCY, MERCHANT_ID } from '../support/ledger.js';
import {
  sign,
  testPlayer,
  openWithTestVendor,
  testVendorDeps,
  type TestVendor,
} from '../support/vendor-wallet.js';

/**
 * Random call sequences against the vendor wallet (in-process, the code path of the HTTP route):
 * bets, wins and rollbacks on a few bet ids, replays of earlier calls, rollbacks before their
 * bet, second rollbacks, wins after rollbacks, wins on unknown bets and bets above the balance.
 * Every answer's status and the final balance must be what a small reference model says.
 */

/**
 * Sequences in all: 10,000 on PostgreSQL (the check); PGlite, one connection and several
 * times slower per call, runs 1,000 unless VENDOR_WALLET_SEQUENCES says otherwise. Each property
 * run plays a batch of sequences at once (independent players, concurrent on PostgreSQL).
 */
const sequencesOn = (name: string) =>
  Number(process.env.VENDOR_WALLET_SEQUENCES ?? (name === 'postgres' ? 10_000 : 1_000));
const BATCH = 50;

type Op =
  | { kind: 'bet'; bet: number; amount: number }
  | { kind: 'win'; bet: number; amount: number }
  | { kind: 'rollback'; bet: number }
  | { kind: 'replay'; of: number };

const BET_IDS = 4;
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('bet' as const),
    bet: fc.nat(BET_IDS - 1),
    amount: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 3_000 })),
  }),
  fc.record({
    kind: fc.constant('win' as const),
    bet: fc.nat(BET_IDS),
    amount: fc.integer({ min: 0, max: 5_000 }),
  }),
  // Bet id BET_IDS is never bet: wins on it are wins on an unknown bet.
  fc.record({ kind: fc.constant('rollback' as const), bet: fc.nat(BET_IDS) }),
  fc.record({ kind: fc.constant('replay' as const), of: fc.nat(20) }),
);
const sequenceArb = fc.record({
  start: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 6_000 })),
  ops: fc.array(opArb, { minLength: 1, maxLength: 8 }),
});
type Sequence = { start: number; ops: Op[] };

/** The reference model: what each call answers and what the balance becomes. */
class Model {
  balance: bigint;
  /** Transaction rows by id: bets (with their state), and the stored answer of each call. */
  rows = new Map<
    string,
    {
      kind: 'bet' | 'win' | 'rollback';
      content: string | null;
      status: string | null;
      amount: bigint;
      state: 'applied' | 'rolled_back' | 'void';
      settled: boolean;
    }
  >();

  constructor(start: bigint) {
    this.balance = start;
  }

  apply(call: Call): string {
    const row = this.rows.get(call.uuid);
    if (row) {
      if (row.state === 'void' && row.status === null && call.kind === 'bet') {
        row.content = call.content;
        row.status = 'RS_ERROR_TRANSACTION_ROLLED_BACK';
        return row.status;
      }
      if (row.kind === call.kind && row.content === call.content && row.status !== null) {
        return row.status;
      }
      return 'RS_ERROR_DUPLICATE_TRANSACTION';
    }
    const stored = (kind: Call['kind'], status: string, extra = {}) => {
      this.rows.set(call.uuid, {
        kind,
        content: call.content,
        status,
        amount: 0n,
        state: 'applied',
        settled: false,
        ...extra,
      });
      return status;
    };
    switch (call.kind) {
      case 'bet': {
        if (call.amount > this.balance) return 'RS_ERROR_NOT_ENOUGH_MONEY';
        this.balance -= call.amount;
        return stored('bet', 'RS_OK', { amount: call.amount });
      }
      case 'win': {
        const bet = this.rows.get(call.reference!);
        if (!bet || bet.kind !== 'bet') return 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST';
        if (bet.state !== 'applied') return stored('win', 'RS_ERROR_TRANSACTION_ROLLED_BACK');
        this.balance += call.amount;
        bet.settled = true;
        return stored('win', 'RS_OK');
      }
      case 'rollback': {
        const bet = this.rows.get(call.reference!);
        if (!bet) {
          this.rows.set(call.reference!, {
            kind: 'bet',
            content: null,
            status: null,
            amount: 0n,
            state: 'void',
            settled: false,
          });
          return stored('rollback', 'RS_OK');
        }
        if (bet.kind !== 'bet') return 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST';
        if (bet.state !== 'applied') return stored('rollback', 'RS_ERROR_TRANSACTION_ROLLED_BACK');
        if (bet.settled) return stored('rollback', 'RS_ERROR_BET_ALREADY_SETTLED');
        this.balance += bet.amount;
        bet.state = 'rolled_back';
        return stored('rollback', 'RS_OK');
      }
    }
  }
}

type Call = {
  kind: 'bet' | 'win' | 'rollback';
  uuid: string;
  reference: string | null;
  amount: bigint;
  /** What the model compares replays by (the service hashes the body without request_uuid). */
  content: string;
  path: string;
  body: string;
};

describe.each(testDatabases)('vendor wallet call sequences on $name', ({ name, open }) => {
  const SEQUENCES = sequencesOn(name);
  let database: DatabaseHandle;
  let vendor: TestVendor;

  beforeAll(async () => {
    ({ database, vendor } = await openWithTestVendor(open));
    // Migrating and seeding a database takes a while on a busy machine.
  }, 180_000);
  afterAll(() => database.close());

  async function play(sequence: Sequence): Promise<void> {
    const player = await testPlayer(database.db, vendor, BigInt(sequence.start));
    const prefix = randomUUID();
    const betId = (n: number) => `${prefix}:b${n}`;
    const model = new Model(BigInt(sequence.start));
    const sent: Call[] = [];
    for (const op of sequence.ops) {
      let call: Call;
      if (op.kind === 'replay') {
        if (sent.length === 0) continue;
        call = sent[op.of % sent.length]!;
      } else {
        const uuid = op.kind === 'bet' ? betId(op.bet) : randomUUID();
        const reference = op.kind === 'bet' ? null : betId(op.bet);
        const amount = op.kind === 'rollback' ? 0 : op.amount;
        const fields = {
          request_uuid: randomUUID(),
          user: player.username,
          token: player.token,
          game_code: vendor.gameCode,
          transaction_uuid: uuid,
          round: `${prefix}:r${op.bet}`,
          round_closed: false,
          ...(reference ? { reference_transaction_uuid: reference } : {}),
          ...(op.kind === 'rollback' ? {} : { amount, currency: CURRENCY }),
        };
        const content = { ...fields, request_uuid: undefined };
        call = {
          kind: op.kind,
          uuid,
          reference,
          amount: BigInt(amount),
          content: JSON.stringify(content),
          path: `transaction/${op.kind}`,
          body: JSON.stringify(fields),
        };
      }
      sent.push(call);
      const expected = model.apply(call);
      const answer = await handleVendorCall(testVendorDeps(database.db), {
        merchantId: MERCHANT_ID,
        vendorCode: vendor.code,
        path: call.path,
        rawBody: call.body,
        signature: sign(call.body),
      });
      if (answer.status !== expected) {
        throw new Error(
          `${call.kind} ${call.body}: got ${answer.body}, model says ${expected}\n` +
            JSON.stringify(sequence),
        );
      }
    }
    expect(await mainBalance(database.db, MERCHANT_ID, player.id, CURRENCY)).toBe(model.balance);
  }

  it(`ends ${SEQUENCES} generated sequences at the balance of the reference model`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(sequenceArb, { minLength: BATCH, maxLength: BATCH }), (batch) =>
        Promise.all(batch.map(play)).then(() => undefined),
      ),
      { numRuns: Math.ceil(SEQUENCES / BATCH), endOnFailure: true },
    );
    expect(isClean(await reconcileLedger(database.db))).toBe(true);
  }, 1_800_000);
});
