import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerHolds,
  ledgerPostings,
} from '../../db/schema/index.js';
import { BATCH_CHECK_FAILED, literal, type RawRow } from '../../lib/batch-sql.js';
import type { AccountAddress } from './accounts.js';

export { BATCH_CHECK_FAILED, literal, type RawRow };

export type EntryRow = typeof ledgerEntries.$inferSelect;
export type HoldRow = typeof ledgerHolds.$inferSelect;
export type AccountRow = typeof ledgerAccounts.$inferSelect;

export type StoredPosting = {
  accountId: number;
  kind: string;
  memberId: number | null;
  vendorCode: string;
  shard: number;
  amount: bigint;
  balanceAfter: bigint;
};

/** Inserts the entry unless its idempotency key is taken; null when it is (a replay or a reuse). */
export async function insertEntry(
  tx: Db,
  row: typeof ledgerEntries.$inferInsert,
): Promise<EntryRow | null> {
  const [inserted] = await tx
    .insert(ledgerEntries)
    .values(row)
    .onConflictDoNothing({ target: [ledgerEntries.merchantId, ledgerEntries.idempotencyKey] })
    .returning();
  return inserted ?? null;
}

export async function findEntryByKey(
  tx: Db,
  merchantId: number,
  idempotencyKey: string,
): Promise<EntryRow | null> {
  const [row] = await tx
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.merchantId, merchantId),
        eq(ledgerEntries.idempotencyKey, idempotencyKey),
      ),
    );
  return row ?? null;
}

export async function postingsOf(tx: Db, entryId: number): Promise<StoredPosting[]> {
  return tx
    .select({
      accountId: ledgerPostings.accountId,
      kind: ledgerAccounts.kind,
      memberId: ledgerAccounts.memberId,
      vendorCode: ledgerAccounts.vendorCode,
      shard: ledgerAccounts.shard,
      amount: ledgerPostings.amount,
      balanceAfter: ledgerPostings.balanceAfter,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(eq(ledgerPostings.entryId, entryId))
    .orderBy(asc(ledgerPostings.id));
}

type Scope = { merchantId: number; currency: string };

function identityOf(scope: Scope, address: AccountAddress) {
  return and(
    eq(ledgerAccounts.merchantId, scope.merchantId),
    eq(ledgerAccounts.currency, scope.currency),
    eq(ledgerAccounts.kind, address.kind),
    address.memberId === null
      ? sql`${ledgerAccounts.memberId} is null`
      : eq(ledgerAccounts.memberId, address.memberId),
    eq(ledgerAccounts.vendorCode, address.vendorCode),
    eq(ledgerAccounts.shard, address.shard),
  );
}

/**
 * Adds `delta` to the account's cached balance (creating the account on its first credit) and
 * returns the row after it; the row stays locked until the transaction ends. Null when a member
 * account would go below zero: then nothing changed.
 */
export async function applyDelta(
  tx: Db,
  scope: Scope,
  address: AccountAddress,
  delta: bigint,
): Promise<{ id: number; balance: bigint } | null> {
  if (address.memberId !== null && delta < 0n) {
    const [row] = await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${delta}` })
      .where(and(identityOf(scope, address), sql`${ledgerAccounts.balance} + ${delta} >= 0`))
      .returning({ id: ledgerAccounts.id, balance: ledgerAccounts.balance });
    return row ?? null;
  }
  const [row] = await tx
    .insert(ledgerAccounts)
    .values({ ...scope, ...address, balance: delta })
    .onConflictDoUpdate({
      target: [
        ledgerAccounts.merchantId,
        ledgerAccounts.currency,
        ledgerAccounts.kind,
        ledgerAccounts.memberId,
        ledgerAccounts.vendorCode,
        ledgerAccounts.shard,
      ],
      set: { balance: sql`"ledger_accounts"."balance" + excluded."balance"` },
    })
    .returning({ id: ledgerAccounts.id, balance: ledgerAccounts.balance });
  return row!;
}

/** The cached balance of one account row; 0 when it was never opened. */
export async function balanceAt(tx: Db, scope: Scope, address: AccountAddress): Promise<bigint> {
  const [row] = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(identityOf(scope, address));
  return row?.balance ?? 0n;
}

export async function insertPostings(
  tx: Db,
  rows: { entryId: number; accountId: number; amount: bigint; balanceAfter: bigint }[],
): Promise<void> {
  await tx.insert(ledgerPostings).values(rows);
}

export async function insertHold(
  tx: Db,
  row: typeof ledgerHolds.$inferInsert,
): Promise<HoldRow | null> {
  const [inserted] = await tx
    .insert(ledgerHolds)
    .values(row)
    .onConflictDoNothing({ target: ledgerHolds.placeEntryId })
    .returning();
  return inserted ?? null;
}

export async function findHoldByPlaceEntry(tx: Db, entryId: number): Promise<HoldRow | null> {
  const [row] = await tx.select().from(ledgerHolds).where(eq(ledgerHolds.placeEntryId, entryId));
  return row ?? null;
}

/** The hold, locked until the transaction ends. */
export async function lockHold(tx: Db, holdId: number): Promise<HoldRow | null> {
  const [row] = await tx.select().from(ledgerHolds).where(eq(ledgerHolds.id, holdId)).for('update');
  return row ?? null;
}

export async function markHoldSettled(
  tx: Db,
  holdId: number,
  status: 'posted' | 'voided',
  settleEntryId: number,
): Promise<void> {
  await tx
    .update(ledgerHolds)
    .set({ status, settleEntryId, settledAt: sql`now()` })
    .where(eq(ledgerHolds.id, holdId));
}

export async function accountsByIds(tx: Db, ids: number[]): Promise<AccountRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids));
}

/** Every account that belongs to the member, in one currency. */
export async function memberAccounts(
  tx: Db,
  merchantId: number,
  memberId: number,
  currency: string,
): Promise<AccountRow[]> {
  return tx
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.merchantId, merchantId),
        eq(ledgerAccounts.memberId, memberId),
        eq(ledgerAccounts.currency, currency),
      ),
    )
    .orderBy(asc(ledgerAccounts.id));
}

/** A merchant account's balance: the sum of its shards. */
export async function merchantAccountBalance(
  tx: Db,
  merchantId: number,
  currency: string,
  kind: string,
): Promise<bigint> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::text` })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.merchantId, merchantId),
        eq(ledgerAccounts.currency, currency),
        eq(ledgerAccounts.kind, kind),
        sql`${ledgerAccounts.memberId} is null`,
      ),
    );
  return BigInt(row?.total ?? '0');
}

// Set-based statements of the batcher (batcher.ts): one statement for many entries or accounts.
// Each list travels as one JSON literal inside the statement text, so that the batcher can send
// a statement together with BEGIN or COMMIT in one round trip (the simple query protocol takes
// no parameters). `literal` quotes it; the statements are otherwise fixed text.

const json = (value: unknown) => `${literal(JSON.stringify(value))}::json`;

/** The entries already written under any of these keys (by the unique index, one each). */
export function findEntriesByKeysSql(keys: { merchantId: number; idempotencyKey: string }[]) {
  return `select e.id::text as id, e.merchant_id, e.idempotency_key, e.request_hash,
                 e.created_at::text as created_at
            from json_to_recordset(${json(keys.map((key) => ({ m: key.merchantId, k: key.idempotencyKey })))})
                 as x(m integer, k text)
            cross join lateral (select * from ledger_entries l
                                 where l.merchant_id = x.m and l.idempotency_key = x.k) as e`;
}

export type StoredKey = {
  id: number;
  merchantId: number;
  idempotencyKey: string;
  requestHash: string;
  createdAt: Date;
};

export function parseStoredKeys(rows: RawRow[]): StoredKey[] {
  return rows.map((row) => ({
    id: Number(row.id),
    merchantId: Number(row.merchant_id),
    idempotencyKey: String(row.idempotency_key),
    requestHash: String(row.request_hash),
    createdAt: new Date(String(row.created_at)),
  }));
}

/** A row of `ledger_accounts` by its identity, with the position it is locked in. */
export type AccountSlot = Scope & AccountAddress & { ord: number };

function slotsJson(slots: AccountSlot[]): string {
  return json(
    slots.map((slot) => ({
      ord: slot.ord,
      merchant_id: slot.merchantId,
      currency: slot.currency,
      kind: slot.kind,
      member_id: slot.memberId,
      vendor_code: slot.vendorCode,
      shard: slot.shard,
    })),
  );
}

// currency as char(3), like the column: then the identity index serves the lookup.
const SLOT_COLUMNS = `x(ord integer, merchant_id integer, currency char(3), kind text,
                        member_id integer, vendor_code text, shard integer)`;

/**
 * Locks the existing rows among `slots` in the order of their `ord` (the ledger's one lock
 * order) and answers their id and balance; rows that do not exist are missing from the answer.
 */
export function lockAccountsSql(slots: AccountSlot[]): string {
  // Each slot finds its row through the identity index (a member's by member_id, a merchant
  // account's by member_id is null); FOR UPDATE takes the locks as the sorted rows come out.
  return `select x.ord, a.id::text as id, a.balance::text as balance
            from json_to_recordset(${slotsJson(slots)}) as ${SLOT_COLUMNS}
            cross join lateral (
              select b.id from ledger_accounts b
               where x.member_id is not null and b.merchant_id = x.merchant_id
                 and b.currency = x.currency and b.kind = x.kind and b.member_id = x.member_id
                 and b.vendor_code = x.vendor_code and b.shard = x.shard
              union all
              select b.id from ledger_accounts b
               where x.member_id is null and b.merchant_id = x.merchant_id
                 and b.currency = x.currency and b.kind = x.kind and b.member_id is null
                 and b.vendor_code = x.vendor_code and b.shard = x.shard
            ) as found
            join ledger_accounts a on a.id = found.id
           order by x.ord
             for update of a`;
}

/**
 * Opens the rows among `slots` that do not exist yet (balance 0); existing rows are only looked
 * up in the identity index, not written. The lock statement that follows locks them all.
 */
export function openAccountsSql(slots: AccountSlot[]): string {
  return `insert into ledger_accounts (merchant_id, currency, kind, member_id, vendor_code, shard)
          select merchant_id, currency, kind, member_id, vendor_code, shard
            from json_to_recordset(${slotsJson(slots)}) as ${SLOT_COLUMNS}
           order by ord
          on conflict (merchant_id, currency, kind, member_id, vendor_code, shard) do nothing`;
}

export function parseLockedAccounts(
  rows: RawRow[],
): { ord: number; id: number; balance: bigint }[] {
  return rows.map((row) => ({
    ord: Number(row.ord),
    id: Number(row.id),
    balance: BigInt(row.balance as string),
  }));
}

export function slotIdentity(slot: Scope & AccountAddress): string {
  return [
    slot.merchantId,
    slot.currency,
    slot.kind,
    slot.memberId ?? '',
    slot.vendorCode,
    slot.shard,
  ].join('|');
}

/** The postings of many entries, each entry's in the order they were written. */
export function postingsOfEntriesSql(entryIds: number[]): string {
  return `select p.entry_id::text as entry_id, p.account_id::text as account_id, a.kind,
                 a.member_id, a.vendor_code, a.shard, p.amount::text as amount,
                 p.balance_after::text as balance_after
            from ledger_postings p join ledger_accounts a on a.id = p.account_id
           where p.entry_id in (select value::bigint from json_array_elements_text(${json(entryIds)}))
           order by p.id`;
}

export function parsePostingsOfEntries(rows: RawRow[]): Map<number, StoredPosting[]> {
  const byEntry = new Map<number, StoredPosting[]>();
  for (const row of rows) {
    const entryId = Number(row.entry_id);
    const list = byEntry.get(entryId) ?? [];
    list.push({
      accountId: Number(row.account_id),
      kind: String(row.kind),
      memberId: row.member_id === null ? null : Number(row.member_id),
      vendorCode: String(row.vendor_code),
      shard: Number(row.shard),
      amount: BigInt(row.amount as string),
      balanceAfter: BigInt(row.balance_after as string),
    });
    byEntry.set(entryId, list);
  }
  return byEntry;
}

export type BatchEntryRow = {
  merchantId: number;
  currency: string;
  type: string;
  idempotencyKey: string;
  requestHash: string;
  memberId: number | null;
  reference: unknown;
};

/**
 * Writes a decided batch in one statement: the entries, each (locked) account's change, and the
 * postings of every entry, `entry` being the entry's position in `entries`. The statement fails
 * (BATCH_CHECK_FAILED) when a key turned out to be taken or a balance after differs from
 * `expected`, so that it can be sent together with COMMIT. Answers the entries written.
 */
export function writeBatchSql(
  entries: BatchEntryRow[],
  deltas: { id: number; delta: bigint; expected: bigint }[],
  postings: { entry: number; accountId: number; amount: bigint; balanceAfter: bigint }[],
): string {
  const entryList = json(
    entries.map((entry, n) => ({
      n,
      merchant_id: entry.merchantId,
      currency: entry.currency,
      type: entry.type,
      idempotency_key: entry.idempotencyKey,
      request_hash: entry.requestHash,
      member_id: entry.memberId,
      reference: entry.reference,
    })),
  );
  // Arrays, not JSON: the planner knows how many rows `unnest` of a constant gives, so it finds
  // the accounts by primary key instead of scanning the table (json_to_recordset guesses 100).
  const bigints = (values: (number | bigint)[]) => `'{${values.join(',')}}'::bigint[]`;
  const deltaList = [
    bigints(deltas.map((row) => row.id)),
    bigints(deltas.map((row) => row.delta)),
    bigints(deltas.map((row) => row.expected)),
  ].join(', ');
  const postingList = json(
    postings.map((row, i) => ({
      n: row.entry,
      i,
      account_id: row.accountId,
      amount: row.amount.toString(),
      balance_after: row.balanceAfter.toString(),
    })),
  );
  return `with batch as (
            select * from json_to_recordset(${entryList}) as e(n integer, merchant_id integer,
              currency char(3), type text, idempotency_key text, request_hash char(64),
              member_id integer, reference jsonb)
          ),
          inserted as (
            insert into ledger_entries
              (merchant_id, currency, type, idempotency_key, request_hash, member_id, reference)
            select merchant_id, currency, type, idempotency_key, request_hash, member_id, reference
              from batch order by n
            on conflict (merchant_id, idempotency_key) do nothing
            returning id, merchant_id, idempotency_key, created_at
          ),
          written as (
            select batch.n, inserted.id, inserted.created_at from inserted
              join batch on batch.merchant_id = inserted.merchant_id
                        and batch.idempotency_key = inserted.idempotency_key
          ),
          changed as (
            update ledger_accounts a set balance = a.balance + x.d
              from unnest(${deltaList}) as x(id, d, e)
             where a.id = x.id
            returning a.balance = x.e as as_expected
          ),
          posted as (
            insert into ledger_postings (entry_id, account_id, amount, balance_after)
            select written.id, p.account_id, p.amount::bigint, p.balance_after::bigint
              from json_to_recordset(${postingList}) as p(n integer, i integer,
                     account_id bigint, amount text, balance_after text)
              join written on written.n = p.n
             order by p.i
            returning 1
          ),
          checked as materialized (
            -- Division by zero (BATCH_CHECK_FAILED) unless every entry and balance is as decided.
            select 1 / (case when (select count(*) from written) = ${entries.length}
                              and (select count(*) from changed where as_expected) = ${deltas.length}
                              and (select count(*) from posted) = ${postings.length}
                             then 1 else 0 end) as ok
          )
          -- From checked outward: the check runs even when no entry was written.
          select checked.ok, written.n, written.id::text as id,
                 written.created_at::text as created_at
            from checked left join written on true
           order by written.n`;
}

export function parseWrittenEntries(rows: RawRow[]): { n: number; id: number; createdAt: Date }[] {
  return rows
    .filter((row) => row.n !== null)
    .map((row) => ({
      n: Number(row.n),
      id: Number(row.id),
      createdAt: new Date(String(row.created_at)),
    }));
}

/**
 * Locks the sending member's row until the transaction ends, so that one account's transfers are
 * counted against its daily limit one at a time. FOR NO KEY UPDATE does not block rows that only
 * reference the member (the agent tree, ledger accounts).
 */
export async function lockSender(tx: Db, memberId: number): Promise<void> {
  await tx.execute(sql`select id from members where id = ${memberId} for no key update`);
}
