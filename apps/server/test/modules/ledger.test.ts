import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from '../../src/db/schema/index.js';
import { AppError } from '../../src/lib/app-error.js';
import {
  mainBalance,
  merchantBalance,
  placeHold,
  postEntry,
  settleHold,
  type EntryRequest,
} from '../../src/modules/ledger/ledger.service.js';
import { isClean, reconcileLedger } from '../../src/modules/ledger/reconcile.repository.js';
import { testDatabases } from '../support/databases.js';
import { createMember, CURRENCY, fund, MERCHANT_ID } from '../support/ledger.js';

function errorCode(error: unknown): string | undefined {
  return error instanceof AppError ? error.code : undefined;
}

describe.each(testDatabases)('ledger on $name', ({ open }) => {
  let database: DatabaseHandle;
  const balance = (memberId: number) => mainBalance(database.db, MERCHANT_ID, memberId, CURRENCY);
  const entryCount = async () =>
    (await database.db.select({ id: ledgerEntries.id }).from(ledgerEntries)).length;

  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database.close();
  });

  it('credits a deposit to the member and balances it against payments in transit', async () => {
    const member = await createMember(database.db);
    const before = await merchantBalance(database.db, MERCHANT_ID, CURRENCY, 'payments_in_transit');
    const result = await fund(database.db, member, 123_456n);
    expect(result.replayed).toBe(false);
    expect(await balance(member)).toBe(123_456n);
    expect(await merchantBalance(database.db, MERCHANT_ID, CURRENCY, 'payments_in_transit')).toBe(
      before - 123_456n,
    );
    const line = result.lines.find((posting) => posting.memberId === member);
    expect(line?.balanceAfter).toBe(123_456n);
    expect(isClean(await reconcileLedger(database.db))).toBe(true);
  });

  it('answers a replay with the original result and moves nothing', async () => {
    const member = await createMember(database.db);
    const first = await fund(database.db, member, 5_000n, `replay-${member}`);
    const again = await fund(database.db, member, 5_000n, `replay-${member}`);
    expect(again).toMatchObject({ entryId: first.entryId, replayed: true });
    expect(again.lines).toHaveLength(2);
    expect(await balance(member)).toBe(5_000n);
  });

  it('refuses the same key with a different body and moves nothing', async () => {
    const member = await createMember(database.db);
    await fund(database.db, member, 5_000n, `reuse-${member}`);
    const entries = await entryCount();
    const error = await fund(database.db, member, 7_000n, `reuse-${member}`).catch((e) => e);
    expect(errorCode(error)).toBe('DUPLICATE_TRANSACTION');
    expect(await balance(member)).toBe(5_000n);
    expect(await entryCount()).toBe(entries);
  });

  it('refuses a debit larger than the balance and writes nothing', async () => {
    const member = await createMember(database.db);
    await fund(database.db, member, 1_000n);
    const entries = await entryCount();
    const error = await postEntry(database.db, {
      merchantId: MERCHANT_ID,
      currency: CURRENCY,
      type: 'adjustment',
      idempotencyKey: `overdraft-${member}`,
      memberId: member,
      postings: [
        { account: { kind: 'member_main', memberId: member }, amount: -1_001n },
        { account: { kind: 'house' }, amount: 1_001n },
      ],
    }).catch((e) => e);
    expect(errorCode(error)).toBe('INSUFFICIENT_BALANCE');
    expect((error as AppError).value).toEqual({ balance: '10.00' });
    expect(await balance(member)).toBe(1_000n);
    expect(await entryCount()).toBe(entries);
    // A member who never had money cannot be debited either.
    const empty = await createMember(database.db);
    const none = await postEntry(database.db, {
      merchantId: MERCHANT_ID,
      currency: CURRENCY,
      type: 'adjustment',
      idempotencyKey: `overdraft-${empty}`,
      postings: [
        { account: { kind: 'member_main', memberId: empty }, amount: -1n },
        { account: { kind: 'house' }, amount: 1n },
      ],
    }).catch((e) => e);
    expect(errorCode(none)).toBe('INSUFFICIENT_BALANCE');
  });

  it('writes a single entry again after its connection lost the prepared statements', async () => {
    const member = await createMember(database.db);
    await fund(database.db, member, 1_000n);
    // Something (a pooler's reset, an operator) deallocated the statements on every connection.
    const client = (database.db as { $client?: unknown }).$client;
    if (client instanceof pg.Pool) {
      const idle = await Promise.all(
        Array.from({ length: client.idleCount }, () => client.connect()),
      );
      for (const connection of idle) await connection.query('deallocate all');
      idle.forEach((connection) => connection.release());
    } else {
      await database.db.execute(sql.raw('deallocate all'));
    }
    for (let n = 1; n <= 3; n += 1) {
      const result = await fund(database.db, member, 1_000n, `after-deallocate-${member}-${n}`);
      expect(result.replayed).toBe(false);
    }
    expect(await balance(member)).toBe(4_000n);
    expect(isClean(await reconcileLedger(database.db))).toBe(true);
  });

  it('refuses entries that do not sum to zero', async () => {
    const member = await createMember(database.db);
    const request: EntryRequest = {
      merchantId: MERCHANT_ID,
      currency: CURRENCY,
      type: 'adjustment',
      idempotencyKey: `unbalanced-${member}`,
      postings: [
        { account: { kind: 'member_main', memberId: member }, amount: 100n },
        { account: { kind: 'house' }, amount: -99n },
      ],
    };
    await expect(postEntry(database.db, request)).rejects.toThrow(/sum to zero/);
    await expect(
      postEntry(database.db, { ...request, postings: [request.postings[0]!] }),
    ).rejects.toThrow(/sum to zero/);
    expect(await balance(member)).toBe(0n);
  });

  it('refuses, in the database itself, postings that leave an entry unbalanced', async () => {
    const member = await createMember(database.db);
    const { entryId, lines } = await fund(database.db, member, 1_000n);
    const [account] = lines.map((line) => line.accountId);
    const insert = (amounts: bigint[]) =>
      sql`insert into ledger_postings (entry_id, account_id, amount, balance_after)
          select ${entryId}, ${account}, a, 0 from unnest(${`{${amounts.join(',')}}`}::bigint[]) a`;
    // One posting more on an existing entry, or two that cancel out only across two statements.
    // Drizzle wraps the database error; its cause carries PostgreSQL's message.
    const refusal = (error: unknown) => String((error as { cause?: Error }).cause?.message);
    expect(refusal(await database.db.execute(insert([5n])).catch((e: unknown) => e))).toMatch(
      /does not sum to zero/,
    );
    const split = await database.db
      .transaction(async (tx) => {
        await tx.execute(insert([5n]));
        await tx.execute(insert([-5n]));
      })
      .catch((e: unknown) => e);
    expect(refusal(split)).toMatch(/does not sum to zero/);
    // A set that sums to zero within one statement is what every writer sends (then undone).
    const undo = new Error('undo');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(insert([5n, -5n]));
        throw undo;
      }),
    ).rejects.toBe(undo);
    expect(isClean(await reconcileLedger(database.db))).toBe(true);
  });

  it('holds a withdrawal, then posts or voids it exactly once', async () => {
    const member = await createMember(database.db);
    await fund(database.db, member, 10_000n);
    const hold = (key: string, amount: bigint) =>
      placeHold(database.db, {
        merchantId: MERCHANT_ID,
        currency: CURRENCY,
        type: 'withdrawal',
        idempotencyKey: key,
        memberId: member,
        source: { kind: 'member_main', memberId: member },
        holdKind: 'withdrawals_pending',
        amount,
      });
    const paid = await hold(`hold-a-${member}`, 3_000n);
    const released = await hold(`hold-b-${member}`, 2_000n);
    expect(await balance(member)).toBe(5_000n);
    expect((await hold(`hold-a-${member}`, 3_000n)).holdId).toBe(paid.holdId);
    expect(await balance(member)).toBe(5_000n);

    const post = () =>
      settleHold(database.db, {
        holdId: paid.holdId,
        outcome: 'post',
        to: [{ kind: 'payments_in_transit', amount: 3_000n }],
        type: 'withdrawal',
        idempotencyKey: `pay-${paid.holdId}`,
      });
    const posted = await post();
    expect((await post()).entryId).toBe(posted.entryId);
    const voidPaid = await settleHold(database.db, {
      holdId: paid.holdId,
      outcome: 'void',
      type: 'withdrawal_release',
      idempotencyKey: `release-${paid.holdId}`,
    }).catch((e) => e);
    expect(errorCode(voidPaid)).toBe('HOLD_NOT_PENDING');
    expect(await balance(member)).toBe(5_000n);

    await settleHold(database.db, {
      holdId: released.holdId,
      outcome: 'void',
      type: 'withdrawal_release',
      idempotencyKey: `release-${released.holdId}`,
    });
    expect(await balance(member)).toBe(7_000n);
    const report = await reconcileLedger(database.db);
    expect(report.holdMismatches).toEqual([]);
    expect(isClean(report)).toBe(true);
  });

  it('keeps the journal immutable and member balances at or above zero in the database', async () => {
    const member = await createMember(database.db);
    const { entryId } = await fund(database.db, member, 100n);
    await expect(
      database.db
        .update(ledgerPostings)
        .set({ amount: 1n })
        .where(eq(ledgerPostings.entryId, entryId)),
    ).rejects.toThrow();
    await expect(
      database.db.delete(ledgerEntries).where(eq(ledgerEntries.id, entryId)),
    ).rejects.toThrow();
    await expect(database.db.execute(sql`truncate ledger_postings`)).rejects.toThrow();
    await expect(
      database.db.delete(ledgerAccounts).where(eq(ledgerAccounts.memberId, member)),
    ).rejects.toThrow();
    await expect(
      database.db
        .update(ledgerAccounts)
        .set({ balance: -1n })
        .where(eq(ledgerAccounts.memberId, member)),
    ).rejects.toThrow();
  });

  it('reconciliation names an account whose cached balance was changed behind its back', async () => {
    const member = await createMember(database.db);
    await fund(database.db, member, 100n);
    await database.db
      .update(ledgerAccounts)
      .set({ balance: 150n })
      .where(eq(ledgerAccounts.memberId, member));
    const report = await reconcileLedger(database.db);
    expect(report.balanceMismatches).toEqual([
      expect.objectContaining({ cached: 150n, journal: 100n }),
    ]);
    expect(isClean(report)).toBe(false);
    await database.db
      .update(ledgerAccounts)
      .set({ balance: 100n })
      .where(eq(ledgerAccounts.memberId, member));
    expect(isClean(await reconcileLedger(database.db))).toBe(true);
  });

  it('reconciliation names postings that point at no account (the journal has no foreign keys)', async () => {
    const member = await createMember(database.db);
    const { entryId } = await fund(database.db, member, 100n);
    const undo = new Error('undo');
    const seen = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into ledger_postings (entry_id, account_id, amount, balance_after)
                             values (${entryId}, -1, 5, 5), (${entryId}, -2, -5, -5)`);
        const report = await reconcileLedger(tx);
        expect(report.orphanPostings).toHaveLength(2);
        expect(isClean(report)).toBe(false);
        throw undo;
      })
      .catch((error: unknown) => error);
    expect(seen).toBe(undo);
    expect(isClean(await reconcileLedger(database.db))).toBe(true);
  });
});
