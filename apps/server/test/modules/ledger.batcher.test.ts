import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { ledgerEntries } from '../../src/db/schema/index.js';
import { AppError } from '../../src/lib/app-error.js';
import {
  postEntries,
  type BatchMode,
  type BatchOutcome,
} from '../../src/modules/ledger/batcher.js';
import {
  mainBalance,
  merchantBalance,
  postEntry,
  type EntryRequest,
  type EntryResult,
} from '../../src/modules/ledger/ledger.service.js';
import { isClean, reconcileLedger } from '../../src/modules/ledger/reconcile.repository.js';
import { testDatabases } from '../support/databases.js';
import { createMember, CURRENCY, fund, MERCHANT_ID } from '../support/ledger.js';

const codeOf = (error: unknown) => (error instanceof AppError ? error.code : String(error));

function bet(member: number, amount: bigint, key: string): EntryRequest {
  return {
    merchantId: MERCHANT_ID,
    currency: CURRENCY,
    type: 'bet',
    idempotencyKey: key,
    memberId: member,
    postings: [
      { account: { kind: 'member_main', memberId: member }, amount: -amount },
      { account: { kind: 'house' }, amount },
    ],
  };
}

function win(member: number, amount: bigint, key: string): EntryRequest {
  return {
    merchantId: MERCHANT_ID,
    currency: CURRENCY,
    type: 'payout',
    idempotencyKey: key,
    memberId: member,
    postings: [
      { account: { kind: 'house' }, amount: -amount },
      { account: { kind: 'member_main', memberId: member }, amount },
    ],
  };
}

function deposit(member: number, amount: bigint, key: string): EntryRequest {
  return {
    merchantId: MERCHANT_ID,
    currency: CURRENCY,
    type: 'deposit',
    idempotencyKey: key,
    memberId: member,
    postings: [
      { account: { kind: 'member_main', memberId: member }, amount },
      { account: { kind: 'payments_in_transit' }, amount: -amount },
    ],
  };
}

function transfer(from: number, to: number, amount: bigint, key: string): EntryRequest {
  return {
    merchantId: MERCHANT_ID,
    currency: CURRENCY,
    type: 'agent_transfer',
    idempotencyKey: key,
    memberId: from,
    postings: [
      { account: { kind: 'member_main', memberId: from }, amount: -amount },
      { account: { kind: 'member_main', memberId: to }, amount },
    ],
  };
}

/** What a caller sees of an answer, with members named by their position (0, 1, 2). */
function observed(outcome: BatchOutcome, members: number[]) {
  if (!outcome.ok)
    return { error: codeOf(outcome.error), value: (outcome.error as AppError).value };
  return {
    replayed: outcome.result.replayed,
    lines: outcome.result.lines
      .filter((line) => line.memberId !== null)
      .map((line) => ({
        member: members.indexOf(line.memberId!),
        amount: line.amount,
        balanceAfter: line.balanceAfter,
      }))
      // Lock order follows the account key, in which member ids sort as text: compare by member.
      .sort((x, y) => x.member - y.member),
    merchantLines: outcome.result.lines
      .filter((line) => line.memberId === null)
      .map((line) => ({ kind: line.kind, amount: line.amount })),
  };
}

async function settle(promise: Promise<EntryResult>): Promise<BatchOutcome> {
  try {
    return { ok: true, result: await promise };
  } catch (error) {
    return { ok: false, error };
  }
}

type Op =
  | { op: 'deposit' | 'bet' | 'win'; member: number; amount: bigint }
  | { op: 'transfer'; member: number; to: number; amount: bigint }
  | { op: 'replay'; step: number; changed: boolean };

const member = fc.integer({ min: 0, max: 2 });
const amount = fc.bigInt({ min: 1n, max: 20_000n });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), member, amount }),
  fc.record({ op: fc.constant('bet' as const), member, amount }),
  fc.record({ op: fc.constant('win' as const), member, amount }),
  fc.record({ op: fc.constant('transfer' as const), member, to: member, amount }),
  fc.record({ op: fc.constant('replay' as const), step: fc.nat(40), changed: fc.boolean() }),
);

/** The requests of a script for one set of members; keys are unique to the run. */
function requestsOf(script: Op[], members: number[], prefix: string): EntryRequest[] {
  const requests: EntryRequest[] = [];
  script.forEach((step, n) => {
    const key = `${prefix}-${n}`;
    const m = (index: number) => members[index]!;
    switch (step.op) {
      case 'deposit':
        requests.push(deposit(m(step.member), step.amount, key));
        break;
      case 'bet':
        requests.push(bet(m(step.member), step.amount, key));
        break;
      case 'win':
        requests.push(win(m(step.member), step.amount, key));
        break;
      case 'transfer':
        requests.push(transfer(m(step.member), m(step.to), step.amount, key));
        break;
      case 'replay': {
        const earlier = requests[step.step % Math.max(requests.length, 1)];
        if (!earlier) {
          requests.push(deposit(m(0), 100n, key));
          break;
        }
        const again = structuredClone(earlier);
        if (step.changed) again.reference = { changed: true };
        requests.push(again);
        break;
      }
    }
  });
  return requests;
}

describe.each(testDatabases)('ledger batcher on $name', ({ open, name }) => {
  let database: DatabaseHandle;
  const balance = (memberId: number) => mainBalance(database.db, MERCHANT_ID, memberId, CURRENCY);

  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database.close();
  });

  /** `requests` cut into batches of `size`, all written at once; the outcomes in order. */
  async function inConcurrentBatches(requests: EntryRequest[], size: number) {
    const batches = Array.from({ length: Math.ceil(requests.length / size) }, (_, n) =>
      requests.slice(n * size, (n + 1) * size),
    );
    return (await Promise.all(batches.map((batch) => postEntries(database.db, batch)))).flat();
  }

  it.each<BatchMode>(['set', 'savepoint'])(
    'answers a random mix exactly as postEntry does one by one (%s)',
    async (mode) => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(opArb, { minLength: 1, maxLength: 40 }),
          fc.array(fc.integer({ min: 1, max: 15 }), { minLength: 1, maxLength: 6 }),
          async (script, cuts) => {
            run += 1;
            const alone = [0, 1, 2].map(() => createMember(database.db));
            const batched = [0, 1, 2].map(() => createMember(database.db));
            const [a, b] = [await Promise.all(alone), await Promise.all(batched)];
            const expected: BatchOutcome[] = [];
            for (const request of requestsOf(script, a, `alone-${mode}-${run}`)) {
              expected.push(await settle(postEntry(database.db, request)));
            }
            // The same script cut into batches of random sizes.
            const requests = requestsOf(script, b, `batched-${mode}-${run}`);
            const actual: BatchOutcome[] = [];
            for (let start = 0, n = 0; start < requests.length; n += 1) {
              const size = cuts[n % cuts.length]!;
              actual.push(
                ...(await postEntries(database.db, requests.slice(start, start + size), mode)),
              );
              start += size;
            }
            expect(actual.map((outcome) => observed(outcome, b))).toEqual(
              expected.map((outcome) => observed(outcome, a)),
            );
            for (const [n, id] of a.entries()) expect(await balance(b[n]!)).toBe(await balance(id));
          },
        ),
        { numRuns: name === 'pglite' ? 25 : 40 },
      );
      expect(isClean(await reconcileLedger(database.db))).toBe(true);
    },
  );

  it('refuses one entry of a batch and commits the others', async () => {
    const [m1, m2] = [await createMember(database.db), await createMember(database.db)];
    await fund(database.db, m1, 10_000n, `seed-${m1}`);
    const entriesBefore = (await database.db.select().from(ledgerEntries)).length;
    const unbalanced: EntryRequest = {
      ...bet(m1, 100n, `bad-${m1}`),
      postings: [{ account: { kind: 'member_main', memberId: m1 }, amount: -100n }],
    };
    const outcomes = await postEntries(database.db, [
      bet(m1, 3_000n, `a-${m1}`),
      bet(m1, 9_000n, `b-${m1}`),
      deposit(m1, 9_999n, `seed-${m1}`),
      unbalanced,
      transfer(m1, m2, 2_000n, `c-${m1}`),
      win(m2, 500n, `d-${m1}`),
    ]);
    expect(outcomes.map((outcome) => (outcome.ok ? 'ok' : codeOf(outcome.error)))).toEqual([
      'ok',
      'INSUFFICIENT_BALANCE',
      'DUPLICATE_TRANSACTION',
      expect.stringContaining('sum to zero'),
      'ok',
      'ok',
    ]);
    expect((outcomes[1] as { error: AppError }).error.value).toEqual({ balance: '70.00' });
    expect(await balance(m1)).toBe(5_000n);
    expect(await balance(m2)).toBe(2_500n);
    expect((await database.db.select().from(ledgerEntries)).length).toBe(entriesBefore + 3);
    expect(isClean(await reconcileLedger(database.db))).toBe(true);
  });

  it('answers a key used twice in a batch, and again later, with the first result', async () => {
    const m1 = await createMember(database.db);
    const [first, again, changed] = await postEntries(database.db, [
      deposit(m1, 4_000n, `k-${m1}`),
      deposit(m1, 4_000n, `k-${m1}`),
      deposit(m1, 4_001n, `k-${m1}`),
    ]);
    expect(first).toMatchObject({ ok: true, result: { replayed: false } });
    const original = (first as { result: EntryResult }).result;
    expect(again).toEqual({ ok: true, result: { ...original, replayed: true } });
    expect(changed).toMatchObject({ ok: false, error: { code: 'DUPLICATE_TRANSACTION' } });
    const [later] = await postEntries(database.db, [deposit(m1, 4_000n, `k-${m1}`)]);
    expect(later).toEqual({ ok: true, result: { ...original, replayed: true } });
    expect(await postEntry(database.db, deposit(m1, 4_000n, `k-${m1}`))).toEqual({
      ...original,
      replayed: true,
    });
    expect(await balance(m1)).toBe(4_000n);
  });

  it('writes keys and references with quotes, backslashes and SQL exactly as given', async () => {
    const m1 = await createMember(database.db);
    const hostile = `x'); drop table ledger_entries; --\\' \\\\ "q" ${m1}`;
    const request = { ...deposit(m1, 1_000n, hostile), reference: { note: hostile, n: [hostile] } };
    const [written] = await postEntries(database.db, [request]);
    expect(written).toMatchObject({ ok: true, result: { replayed: false } });
    const [stored] = await database.db
      .select({ key: ledgerEntries.idempotencyKey, reference: ledgerEntries.reference })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.id, (written as { result: EntryResult }).result.entryId));
    expect(stored).toEqual({ key: hostile, reference: { note: hostile, n: [hostile] } });
    // The same request through postEntry is the same entry (same key, same body).
    expect(await postEntry(database.db, request)).toMatchObject({ replayed: true });
    expect(await balance(m1)).toBe(1_000n);
  });

  it('answers a replayed debit with its first result even when the money is gone now', async () => {
    // Found by the property above (seed 1734510): the replay was refused for lack of money.
    const m1 = await createMember(database.db);
    await postEntries(database.db, [deposit(m1, 100n, `d-${m1}`)]);
    const [first] = await postEntries(database.db, [bet(m1, 100n, `b-${m1}`)]);
    const [again] = await postEntries(database.db, [bet(m1, 100n, `b-${m1}`)]);
    const [changed] = await postEntries(database.db, [bet(m1, 99n, `b-${m1}`)]);
    expect(again).toEqual({
      ok: true,
      result: { ...(first as { result: EntryResult }).result, replayed: true },
    });
    expect(changed).toMatchObject({ ok: false, error: { code: 'DUPLICATE_TRANSACTION' } });
    expect(await balance(m1)).toBe(0n);
  });

  it('lets a key refused for lack of money be used again in the same batch', async () => {
    const m1 = await createMember(database.db);
    const [refused, deposited, retried] = await postEntries(database.db, [
      bet(m1, 1_000n, `retry-${m1}`),
      deposit(m1, 1_000n, `dep-${m1}`),
      bet(m1, 1_000n, `retry-${m1}`),
    ]);
    expect(refused).toMatchObject({ ok: false, error: { code: 'INSUFFICIENT_BALANCE' } });
    expect(deposited?.ok && retried?.ok).toBe(true);
    expect(await balance(m1)).toBe(0n);
  });

  it('answers a bad entry on its own when the whole batch cannot be written at once', async () => {
    const m1 = await createMember(database.db);
    const ghost = 2_000_000_000; // no such member: the database refuses its account row
    const outcomes = await postEntries(database.db, [
      deposit(m1, 700n, `g1-${m1}`),
      deposit(ghost, 700n, `g2-${m1}`),
      bet(m1, 200n, `g3-${m1}`),
    ]);
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, false, true]);
    expect(await balance(m1)).toBe(500n);
    expect(isClean(await reconcileLedger(database.db))).toBe(true);
  });

  it('puts the batch on one house shard, or on the shard a posting names', async () => {
    const m1 = await createMember(database.db);
    await fund(database.db, m1, 10_000n);
    const outcomes = await postEntries(database.db, [
      bet(m1, 100n, `s1-${m1}`),
      win(m1, 50n, `s2-${m1}`),
      {
        ...bet(m1, 100n, `s3-${m1}`),
        postings: [
          { account: { kind: 'member_main', memberId: m1 }, amount: -100n },
          { account: { kind: 'house', shard: 11 }, amount: 100n },
        ],
      },
    ]);
    const houseShards = outcomes.map((outcome) =>
      outcome.ok ? outcome.result.lines.find((line) => line.kind === 'house')!.shard : -1,
    );
    expect(houseShards[0]).toBe(houseShards[1]);
    expect(houseShards[2]).toBe(11);
    expect(await balance(m1)).toBe(9_850n);
  });

  it('1,000 concurrent debits of 1.00 on 500.00 in concurrent batches succeed exactly 500 times', async () => {
    const m1 = await createMember(database.db);
    await fund(database.db, m1, 50_000n);
    const house = await merchantBalance(database.db, MERCHANT_ID, CURRENCY, 'house');
    const outcomes = await inConcurrentBatches(
      Array.from({ length: 1_000 }, (_, n) => bet(m1, 100n, `d${m1}-${n}`)),
      64,
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(500);
    const refused = outcomes.flatMap((outcome) => (outcome.ok ? [] : [codeOf(outcome.error)]));
    expect(refused).toEqual(Array.from({ length: 500 }, () => 'INSUFFICIENT_BALANCE'));
    expect(await balance(m1)).toBe(0n);
    expect(await merchantBalance(database.db, MERCHANT_ID, CURRENCY, 'house')).toBe(
      house + 50_000n,
    );
    expect(isClean(await reconcileLedger(database.db))).toBe(true);
  });

  it.skipIf(name !== 'postgres')(
    'stays consistent with concurrent batches and single entries on the same accounts at once',
    async () => {
      const ids = await Promise.all(Array.from({ length: 6 }, () => createMember(database.db)));
      for (const id of ids) await fund(database.db, id, 10_000n);
      const batched: EntryRequest[] = [];
      const single: Promise<BatchOutcome>[] = [];
      Array.from({ length: 1_500 }, (_, n) => {
        const from = ids[n % ids.length]!;
        const to = ids[(n * 7 + 1) % ids.length]!;
        const request =
          n % 3 === 0
            ? transfer(
                from,
                to === from ? ids[(n + 1) % ids.length]! : to,
                100n,
                `mix-${n}-${from}`,
              )
            : n % 3 === 1
              ? bet(from, 100n, `mix-${n}-${from}`)
              : win(to, 100n, `mix-${n}-${from}`);
        if (n % 5 === 0) single.push(settle(postEntry(database.db, request)));
        else batched.push(request);
      });
      const [fromBatches, fromSingles] = await Promise.all([
        inConcurrentBatches(batched, 16),
        Promise.all(single),
      ]);
      const outcomes = [...fromBatches, ...fromSingles];
      const failures = outcomes.flatMap((outcome) => (outcome.ok ? [] : [codeOf(outcome.error)]));
      expect(failures.every((code) => code === 'INSUFFICIENT_BALANCE')).toBe(true);
      const total = (await Promise.all(ids.map(balance))).reduce((sum, value) => sum + value, 0n);
      const moved = outcomes.reduce(
        (sum, outcome) =>
          sum +
          (outcome.ok
            ? outcome.result.lines
                .filter((line) => line.memberId !== null)
                .reduce((entrySum, line) => entrySum + line.amount, 0n)
            : 0n),
        0n,
      );
      expect(total).toBe(60_000n + moved);
      expect(isClean(await reconcileLedger(database.db))).toBe(true);
    },
  );
});
