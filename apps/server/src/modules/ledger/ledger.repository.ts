import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ledgerAccounts, ledgerEntries, ledgerHolds } from '../../db/schema/index.js';
import { BATCH_CHECK_FAILED, literal, type RawRow } from '../../lib/batch-sql.js';
import { PreparedStatements } from '../../lib/prepared-statements.js';
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

type Scope = { merchantId: number; currency: string };

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
// The set-based statements (`LedgerSetBatch`): each reads or writes the rows of many entries at
// once. They are prepared once per connection (`ledgerStatements`, see `sessions.ts`) and executed
// with their lists as arguments written in the text (`EXECUTE name(lists)`), so that a statement
// can ride with BEGIN or COMMIT in one round trip (the simple query protocol takes no parameters)
// and is parsed and planned once per connection, not on every entry. Keys joined against large
// tables travel as arrays (a generic plan finds them by index for lists of any length), the rest
// as JSON.

const json = (value: unknown) => `${literal(JSON.stringify(value))}::json`;
const bigints = (values: (number | bigint)[]) => `'{${values.join(',')}}'::bigint[]`;

/** The ledger's set-based statements, prepared on each connection that runs them. */
export const ledgerStatements = new PreparedStatements();

// Arrays, not JSON: a generic plan of json_to_recordset expects 100 keys and reads the whole
// table to join them; unnest of an array expects 10 and finds each by the unique index.
const execFindKeys = ledgerStatements.add(
  'ledger_find_keys',
  ['integer[]', 'text[]'],
  `select e.id::text as id, e.merchant_id, e.idempotency_key, e.request_hash,
          e.created_at::text as created_at
     from unnest($1, $2) as x(m, k)
     join ledger_entries e on e.merchant_id = x.m and e.idempotency_key = x.k`,
);

/** The entries already written under any of these keys (by the unique index, one each). */
export function findEntriesByKeysSql(keys: { merchantId: number; idempotencyKey: string }[]) {
  return execFindKeys(
    `'{${keys.map((key) => key.merchantId).join(',')}}'::integer[]`,
    `array[${keys.map((key) => literal(key.idempotencyKey)).join(',')}]::text[]`,
  );
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

// Each slot finds its row through the identity index (a member's by member_id, a merchant
// account's by member_id is null); FOR UPDATE takes the locks as the sorted rows come out.
const execLockAccounts = ledgerStatements.add(
  'ledger_lock_accounts',
  ['json'],
  `select x.ord, a.id::text as id, a.balance::text as balance
     from json_to_recordset($1) as ${SLOT_COLUMNS}
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
      for update of a`,
);

/**
 * Locks the existing rows among `slots` in the order of their `ord` (the ledger's one lock
 * order) and answers their id and balance; rows that do not exist are missing from the answer.
 */
export function lockAccountsSql(slots: AccountSlot[]): string {
  return execLockAccounts(slotsJson(slots));
}

const execOpenAccounts = ledgerStatements.add(
  'ledger_open_accounts',
  ['json'],
  `insert into ledger_accounts (merchant_id, currency, kind, member_id, vendor_code, shard)
   select merchant_id, currency, kind, member_id, vendor_code, shard
     from json_to_recordset($1) as ${SLOT_COLUMNS}
    order by ord
   on conflict (merchant_id, currency, kind, member_id, vendor_code, shard) do nothing`,
);

/**
 * Opens the rows among `slots` that do not exist yet (balance 0); existing rows are only looked
 * up in the identity index, not written. The lock statement that follows locks them all.
 */
export function openAccountsSql(slots: AccountSlot[]): string {
  return execOpenAccounts(slotsJson(slots));
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

const execPostingsOf = ledgerStatements.add(
  'ledger_postings_of',
  ['bigint[]'],
  `select p.entry_id::text as entry_id, p.account_id::text as account_id, a.kind,
          a.member_id, a.vendor_code, a.shard, p.amount::text as amount,
          p.balance_after::text as balance_after
     from ledger_postings p join ledger_accounts a on a.id = p.account_id
    where p.entry_id = any($1)
    order by p.id`,
);

/** The postings of many entries, each entry's in the order they were written. */
export function postingsOfEntriesSql(entryIds: number[]): string {
  return execPostingsOf(bigints(entryIds));
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

// $1 the entries (n is the position), $2-$4 each account's id, change and expected balance after,
// $5 the postings (n the entry's position).
const execWriteBatch = ledgerStatements.add(
  'ledger_write_batch',
  ['json', 'bigint[]', 'bigint[]', 'bigint[]', 'json'],
  `with batch as (
     select * from json_to_recordset($1) as e(n integer, merchant_id integer,
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
       from unnest($2, $3, $4) as x(id, d, e)
      where a.id = x.id
     returning a.balance = x.e as as_expected
   ),
   posted as (
     insert into ledger_postings (entry_id, account_id, amount, balance_after)
     select written.id, p.account_id, p.amount::bigint, p.balance_after::bigint
       from json_to_recordset($5) as p(n integer, i integer,
              account_id bigint, amount text, balance_after text)
       join written on written.n = p.n
      order by p.i
     returning 1
   ),
   checked as materialized (
     -- Division by zero (BATCH_CHECK_FAILED) unless every entry and balance is as decided.
     select 1 / (case when (select count(*) from written) = json_array_length($1)
                       and (select count(*) from changed where as_expected) = cardinality($2)
                       and (select count(*) from posted) = json_array_length($5)
                      then 1 else 0 end) as ok
   )
   -- From checked outward: the check runs even when no entry was written.
   select checked.ok, written.n, written.id::text as id,
          written.created_at::text as created_at
     from checked left join written on true
    order by written.n`,
);

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
  return execWriteBatch(
    json(
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
    ),
    bigints(deltas.map((row) => row.id)),
    bigints(deltas.map((row) => row.delta)),
    bigints(deltas.map((row) => row.expected)),
    json(
      postings.map((row, i) => ({
        n: row.entry,
        i,
        account_id: row.accountId,
        amount: row.amount.toString(),
        balance_after: row.balanceAfter.toString(),
      })),
    ),
  );
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
