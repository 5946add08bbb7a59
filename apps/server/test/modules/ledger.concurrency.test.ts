import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { AppError } from '../../src/lib/app-error.js';
import { mainBalance, postEntry } from '../../src/modules/ledger/ledger.service.js';
import { isClean, reconcileLedger } from '../../src/modules/ledger/reconcile.repository.js';
import { testDatabases } from '../support/databases.js';
import { createMember, CURRENCY, fund, MERCHANT_ID } from '../support/ledger.js';

// Races need real connections: PostgreSQL only (PGlite runs one statement at a time).
const postgres = testDatabases.filter((database) => database.name === 'postgres');

describe.skipIf(postgres.length === 0).each(postgres)(
  'ledger under concurrency on $name',
  ({ open }) => {
    let database: DatabaseHandle;
    const balance = (memberId: number) => mainBalance(database.db, MERCHANT_ID, memberId, CURRENCY);

    beforeAll(async () => {
      database = await open();
    });
    afterAll(async () => {
      await database.close();
    });

    it('1,000 concurrent debits of 1.00 on 500.00 succeed exactly 500 times', async () => {
      const member = await createMember(database.db);
      await fund(database.db, member, 50_000n);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 1_000 }, (_, n) =>
          postEntry(database.db, {
            merchantId: MERCHANT_ID,
            currency: CURRENCY,
            type: 'bet',
            idempotencyKey: `debit-${member}-${n}`,
            memberId: member,
            postings: [
              { account: { kind: 'member_main', memberId: member }, amount: -100n },
              { account: { kind: 'house' }, amount: 100n },
            ],
          }),
        ),
      );
      const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      const refused = outcomes.flatMap((outcome) =>
        outcome.status === 'rejected' ? [outcome.reason as unknown] : [],
      );
      expect(succeeded).toHaveLength(500);
      expect(refused).toHaveLength(500);
      expect(
        refused.every(
          (error) => error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE',
        ),
      ).toBe(true);
      expect(await balance(member)).toBe(0n);
      expect(isClean(await reconcileLedger(database.db))).toBe(true);
    });

    it('200 concurrent transfers each way between two wallets keep the total and all succeed', async () => {
      const [a, b] = [await createMember(database.db), await createMember(database.db)];
      await fund(database.db, a, 20_000n);
      await fund(database.db, b, 20_000n);
      const transfer = (from: number, to: number, n: number) =>
        postEntry(database.db, {
          merchantId: MERCHANT_ID,
          currency: CURRENCY,
          type: 'agent_transfer',
          idempotencyKey: `transfer-${from}-${to}-${n}`,
          memberId: from,
          postings: [
            { account: { kind: 'member_main', memberId: from }, amount: -100n },
            { account: { kind: 'member_main', memberId: to }, amount: 100n },
          ],
        });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 200 }, (_, n) => [transfer(a, b, n), transfer(b, a, n)]).flat(),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      expect(await balance(a)).toBe(20_000n);
      expect(await balance(b)).toBe(20_000n);
      expect(isClean(await reconcileLedger(database.db))).toBe(true);
    });

    it('a replayed key sent many times at once moves money once', async () => {
      const member = await createMember(database.db);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => fund(database.db, member, 2_500n, `burst-${member}`)),
      );
      expect(new Set(results.map((result) => result.entryId)).size).toBe(1);
      expect(results.filter((result) => !result.replayed)).toHaveLength(1);
      expect(await balance(member)).toBe(2_500n);
    });
  },
);
