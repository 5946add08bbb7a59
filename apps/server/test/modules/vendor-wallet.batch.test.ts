import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../../src/db/client.js';
import { gameRounds, gameTransactions, ledgerEntries } from '../../src/db/schema/index.js';
import { mainBalance } from '../../src/modules/ledger/ledger.service.js';
import { isClean, reconcileLedger } from '../../src/modules/ledger/reconcile.repository.js';
import { handleVendorCall } from '../../src/modules/vendor-wallet/vendor-wallet.service.js';
import { testDatabases } from '../support/databases.js';
import { CURRENCY, MERCHANT_ID } from '../support/ledger.js';
import {
  sign,
  testPlayer,
  openWithTestVendor,
  type TestPlayer,
  type TestVendor,
  testVendorDeps,
  vendorBatchStats,
} from '../support/vendor-wallet.js';

/**
 * The batched path of the vendor wallet (decision 007, "Vendor wallet calls in batches"): calls
 * that arrive together are answered in one transaction, each exactly as alone and in order.
 * Calls sent in one turn of the event loop (after a first call has warmed the credential and
 * game caches) land in one batch; the batcher's counters show it.
 */

type Sent = { path: string; body: string };

describe.each(testDatabases)('vendor wallet batches on $name', ({ open }) => {
  let database: DatabaseHandle;
  let vendor: TestVendor;

  beforeAll(async () => {
    ({ database, vendor } = await openWithTestVendor(open));
  }, 180_000);
  afterAll(() => database.close());

  const call = (db: Db, sent: Sent) =>
    handleVendorCall(testVendorDeps(db), {
      merchantId: MERCHANT_ID,
      vendorCode: vendor.code,
      path: sent.path,
      rawBody: sent.body,
      signature: sign(sent.body),
    });

  /** A player's calls: ids are the player's own (transaction ids are unique per vendor). */
  function calls(player: TestPlayer) {
    const id = (name: string) => `${player.username}:${name}`;
    const common = { user: player.username, token: player.token, game_code: vendor.gameCode };
    const make = (path: string, fields: Record<string, unknown>): Sent => ({
      path,
      body: JSON.stringify({ request_uuid: randomUUID(), ...common, ...fields }),
    });
    return {
      bet: (name: string, amount: number, round = 'r1', close = false) =>
        make('transaction/bet', {
          transaction_uuid: id(name),
          round,
          round_closed: close,
          amount,
          currency: CURRENCY,
        }),
      win: (name: string, of: string, amount: number, round = 'r1', close = false) =>
        make('transaction/win', {
          transaction_uuid: id(name),
          reference_transaction_uuid: id(of),
          round,
          round_closed: close,
          amount,
          currency: CURRENCY,
        }),
      rollback: (name: string, of: string, round = 'r1') =>
        make('transaction/rollback', {
          transaction_uuid: id(name),
          reference_transaction_uuid: id(of),
          round,
        }),
    };
  }

  /** Every case the batch decides in memory, in an order where each depends on the ones before. */
  function mixedSequence(player: TestPlayer): Sent[] {
    const c = calls(player);
    return [
      c.bet('a', 1_000, 'r2'),
      c.win('wa', 'a', 500, 'r2'),
      c.win('wx', 'nothing', 300),
      c.rollback('rb', 'b'),
      c.bet('b', 700),
      c.bet('c', 2_000, 'r3'),
      c.rollback('rc', 'c', 'r3'),
      c.rollback('rc2', 'c', 'r3'),
      c.rollback('ra', 'a', 'r2'),
      c.bet('d', 20_000),
      c.win('w0', 'zero', 50, 'r1', true),
      c.bet('e', 100, 'r1'),
      c.win('we', 'e', 0, 'r4'),
    ];
  }

  const summary = (body: string) => {
    const answer = JSON.parse(body) as { status: string; balance: number | null };
    return [answer.status, answer.balance] as const;
  };

  it('answers concurrent mixed calls of one member in one batch, in order, as one by one', async () => {
    const batched = await testPlayer(database.db, vendor, 10_000n);
    const single = await testPlayer(database.db, vendor, 10_000n);
    // A first call warms the caches; its bet is the one 'w0' pays.
    for (const player of [batched, single]) {
      const first = await call(database.db, calls(player).bet('zero', 100));
      expect(summary(first.body)).toEqual(['RS_OK', 9_900]);
    }

    const before = vendorBatchStats(database.db);
    const answers = await Promise.all(
      mixedSequence(batched).map((sent) => call(database.db, sent)),
    );
    const after = vendorBatchStats(database.db);
    expect(after.calls - before.calls).toBe(answers.length);
    expect(after.batches - before.batches).toBe(1);
    expect(after.fallbacks).toBe(before.fallbacks);

    expect(answers.map((answer) => summary(answer.body))).toEqual([
      ['RS_OK', 8_900],
      ['RS_OK', 9_400],
      ['RS_ERROR_TRANSACTION_DOES_NOT_EXIST', 9_400],
      ['RS_OK', 9_400],
      ['RS_ERROR_TRANSACTION_ROLLED_BACK', 9_400],
      ['RS_OK', 7_400],
      ['RS_OK', 9_400],
      ['RS_ERROR_TRANSACTION_ROLLED_BACK', 9_400],
      ['RS_ERROR_BET_ALREADY_SETTLED', 9_400],
      ['RS_ERROR_NOT_ENOUGH_MONEY', 9_400],
      ['RS_OK', 9_450],
      ['RS_ERROR_ROUND_CLOSED', 9_450],
      ['RS_ERROR_TRANSACTION_DOES_NOT_EXIST', 9_450],
    ]);
    expect(await mainBalance(database.db, MERCHANT_ID, batched.id, CURRENCY)).toBe(9_450n);

    // The one-call path (inside a caller's transaction, as the in-house game calls it) answers
    // the same sequence alike and leaves the same rounds.
    const oneByOne: string[] = [];
    for (const sent of mixedSequence(single)) {
      oneByOne.push((await database.db.transaction((tx) => call(tx as unknown as Db, sent))).body);
    }
    expect(oneByOne.map(summary)).toEqual(answers.map((answer) => summary(answer.body)));
    const rounds = async (player: TestPlayer) =>
      (
        await database.db
          .select()
          .from(gameRounds)
          .where(eq(gameRounds.memberId, player.id))
          .orderBy(gameRounds.roundId)
      ).map((round) => [
        round.roundId,
        round.betTotal,
        round.winTotal,
        round.refundTotal,
        round.betCount,
        round.winCount,
        round.rollbackCount,
        round.closed,
        round.gameCode,
      ]);
    expect(await rounds(batched)).toEqual(await rounds(single));
    const rows = async (player: TestPlayer) =>
      (
        await database.db
          .select({
            uuid: gameTransactions.transactionUuid,
            kind: gameTransactions.kind,
            state: gameTransactions.state,
            settled: gameTransactions.settled,
            amount: gameTransactions.amount,
            hasRound: sql<boolean>`${gameTransactions.roundPk} is not null`,
            hasEntry: sql<boolean>`${gameTransactions.ledgerEntryId} is not null`,
            stored: sql<boolean>`${gameTransactions.response} is not null`,
          })
          .from(gameTransactions)
          .where(eq(gameTransactions.memberId, player.id))
          .orderBy(gameTransactions.transactionUuid)
      ).map((row) => ({ ...row, uuid: row.uuid.split(':')[1] }));
    expect(await rows(batched)).toEqual(await rows(single));
    expect(isClean(await reconcileLedger(database.db))).toBe(true);
  });

  it('answers duplicates inside one batch with the same bytes and moves money once', async () => {
    const player = await testPlayer(database.db, vendor, 5_000n);
    const c = calls(player);
    await call(database.db, c.bet('warm', 0));
    const bet = c.bet('dup', 1_200, 'rd');
    const win = c.win('dupwin', 'dup', 3_000, 'rd', true);
    const reused = { ...bet, body: bet.body.replace('"amount":1200', '"amount":1300') };
    const before = vendorBatchStats(database.db);
    const answers = await Promise.all(
      [bet, bet, win, bet, reused, win, bet, bet, win].map((sent) => call(database.db, sent)),
    );
    const after = vendorBatchStats(database.db);
    expect(after.batches - before.batches).toBe(1);
    const bodies = answers.map((answer) => answer.body);
    const betBodies = [0, 1, 3, 6, 7].map((n) => bodies[n]);
    const winBodies = [2, 5, 8].map((n) => bodies[n]);
    expect(new Set(betBodies).size).toBe(1);
    expect(new Set(winBodies).size).toBe(1);
    expect(summary(betBodies[0]!)).toEqual(['RS_OK', 3_800]);
    expect(summary(winBodies[0]!)).toEqual(['RS_OK', 6_800]);
    expect(summary(bodies[4]!)).toEqual(['RS_ERROR_DUPLICATE_TRANSACTION', 6_800]);
    // Only the first of each moved money; the others are replays.
    expect(answers.filter((answer) => answer.entry !== null)).toHaveLength(2);
    expect(await mainBalance(database.db, MERCHANT_ID, player.id, CURRENCY)).toBe(6_800n);
    const entries = await database.db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.memberId, player.id), sql`${ledgerEntries.type} in ('bet', 'payout')`),
      );
    // The warm-up bet of 0 moved nothing: one bet and one payout.
    expect(entries).toHaveLength(2);
    // A later replay, in its own batch, reads the stored bytes.
    expect((await call(database.db, bet)).body).toBe(betBodies[0]);
    expect((await call(database.db, win)).body).toBe(winBodies[0]);
  });

  it('answers every call when connections lost their prepared statements, and prepares them again', async () => {
    const player = await testPlayer(database.db, vendor, 5_000n);
    const c = calls(player);
    await call(database.db, c.bet('warm', 0));
    // What a DEALLOCATE ALL, or a pooler handing over another session, leaves behind: the
    // connections the batches used know none of their statements. The pool's other idle
    // connections are held meanwhile, so that the next batches get the ones that lost them.
    const client = (database.db as { $client?: unknown }).$client;
    let lost = 1;
    const held: pg.PoolClient[] = [];
    if (client instanceof pg.Pool) {
      const idle = await Promise.all(
        Array.from({ length: client.idleCount }, () => client.connect()),
      );
      const used: pg.PoolClient[] = [];
      for (const connection of idle) {
        // The connections the vendor batch prepared its statements on (others may hold only the
        // ledger's, prepared by single entries: those prepare the batch's on first use).
        const { rows } = await connection.query<{ n: number }>(
          "select count(*)::int as n from pg_prepared_statements where name like 'vw\\_%'",
        );
        (rows[0]!.n > 0 ? used : held).push(connection);
      }
      for (const connection of used) await connection.query('deallocate all');
      used.forEach((connection) => connection.release());
      lost = used.length;
      expect(lost).toBeGreaterThan(0);
    } else {
      await database.db.execute(sql.raw('deallocate all'));
    }
    const before = vendorBatchStats(database.db);
    let balance = 5_000;
    try {
      // Each such connection fails one batch at most (answered call by call), then is replaced.
      for (let n = 0; n <= lost; n += 1) {
        balance -= 10;
        expect(summary((await call(database.db, c.bet(`lost${n}`, 10, `rl${n}`))).body)).toEqual([
          'RS_OK',
          balance,
        ]);
      }
    } finally {
      held.forEach((connection) => connection.release());
    }
    const middle = vendorBatchStats(database.db);
    expect(middle.fallbacks - before.fallbacks).toBeGreaterThanOrEqual(1);
    expect(middle.fallbacks - before.fallbacks).toBeLessThanOrEqual(lost);
    for (let n = 0; n < 3; n += 1) {
      balance -= 10;
      expect(summary((await call(database.db, c.bet(`again${n}`, 10, `ra${n}`))).body)).toEqual([
        'RS_OK',
        balance,
      ]);
    }
    expect(vendorBatchStats(database.db).fallbacks).toBe(middle.fallbacks);
    expect(await mainBalance(database.db, MERCHANT_ID, player.id, CURRENCY)).toBe(BigInt(balance));
    expect(isClean(await reconcileLedger(database.db))).toBe(true);
  });

  it('lets a failing call fail alone: the others of its batch apply, it moves nothing', async () => {
    const player = await testPlayer(database.db, vendor, 5_000n);
    const c = calls(player);
    await call(database.db, c.bet('warm', 0));
    // A database failure the service cannot foresee, for one round only.
    await database.db.execute(
      sql.raw(`create function explode_round() returns trigger language plpgsql as $$
                 begin
                   if new.round_id = 'explode' then raise exception 'round refused by test'; end if;
                   return new;
                 end $$`),
    );
    await database.db.execute(
      sql.raw(`create trigger explode_round before insert or update on game_rounds
                 for each row execute function explode_round()`),
    );
    try {
      const before = vendorBatchStats(database.db);
      const sent = [
        c.bet('ok1', 1_000, 'fine'),
        c.bet('bad', 700, 'explode'),
        c.win('okwin', 'ok1', 400, 'fine', true),
        c.bet('ok2', 300, 'fine2'),
        c.bet('poor', 90_000, 'fine3'),
      ];
      const answers = await Promise.all(sent.map((item) => call(database.db, item)));
      const after = vendorBatchStats(database.db);
      expect(after.batches - before.batches).toBe(1);
      expect(after.fallbacks - before.fallbacks).toBe(1);
      expect(answers.map((answer) => answer.status)).toEqual([
        'RS_OK',
        'RS_ERROR_UNKNOWN',
        'RS_OK',
        'RS_OK',
        'RS_ERROR_NOT_ENOUGH_MONEY',
      ]);
      expect(answers[1]!.error).toBeDefined();
      expect(summary(answers[3]!.body)).toEqual(['RS_OK', 4_100]);
      expect(await mainBalance(database.db, MERCHANT_ID, player.id, CURRENCY)).toBe(4_100n);
      // Nothing of the failed call was kept: not its row, not a ledger entry.
      const [bad] = await database.db
        .select({ id: gameTransactions.id })
        .from(gameTransactions)
        .where(
          and(
            eq(gameTransactions.memberId, player.id),
            eq(gameTransactions.transactionUuid, `${player.username}:bad`),
          ),
        );
      expect(bad).toBeUndefined();
      const [entry] = await database.db
        .select({ id: ledgerEntries.id })
        .from(ledgerEntries)
        .where(sql`${ledgerEntries.idempotencyKey} like ${`%:${player.username}:bad`}`);
      expect(entry).toBeUndefined();
    } finally {
      await database.db.execute(sql.raw('drop trigger explode_round on game_rounds'));
      await database.db.execute(sql.raw('drop function explode_round()'));
    }
    // Once the cause is gone the vendor's retry applies, in a batch again.
    const retry = await call(database.db, c.bet('bad', 700, 'explode'));
    expect(summary(retry.body)).toEqual(['RS_OK', 3_400]);
    expect(isClean(await reconcileLedger(database.db))).toBe(true);
  });
});
