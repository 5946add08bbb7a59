import { parseAmount } from '@app/shared';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { ledgerAccounts, ledgerEntries } from '../../db/schema/index.js';

/**
 * Reads of the ledger's tables for other modules (decision 022: only the ledger touches its
 * tables). Each answers one question a report, a list or a limit asks; none writes.
 */

/**
 * The cached main wallet balance of each of these members (0 before their first movement), read
 * for these members only (one page of a list, not every row an offset skips).
 */
export async function mainBalancesOf(
  db: Db,
  scope: { merchantId: number; currency: string },
  memberIds: number[],
): Promise<Map<number, bigint>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .select({ memberId: ledgerAccounts.memberId, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        inArray(ledgerAccounts.memberId, memberIds),
        eq(ledgerAccounts.merchantId, scope.merchantId),
        eq(ledgerAccounts.currency, scope.currency),
        eq(ledgerAccounts.kind, 'member_main'),
      ),
    );
  const balances = new Map<number, bigint>();
  for (const row of rows) {
    balances.set(row.memberId!, (balances.get(row.memberId!) ?? 0n) + row.balance);
  }
  return balances;
}

/** True once any money moved for the merchant (its accounts are in the current currency). */
export async function hasLedgerEntries(db: Db, merchantId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.merchantId, merchantId))
    .limit(1);
  return row !== undefined;
}

/** What the member sent from their main wallet in entries of this type since `since`. */
export async function sentFromMainSince(
  db: Db,
  query: { merchantId: number; currency: string; memberId: number; type: string; since: Date },
): Promise<bigint> {
  const result: unknown = await db.execute(sql`
    select coalesce(sum(-p.amount), 0)::text as sent
    from ledger_entries e
    join ledger_postings p on p.entry_id = e.id
    join ledger_accounts a on a.id = p.account_id
    where e.member_id = ${query.memberId}
      and e.created_at >= ${query.since.toISOString()}::timestamptz
      and e.merchant_id = ${query.merchantId}
      and e.currency = ${query.currency}
      and e.type = ${query.type}
      and a.member_id = ${query.memberId}
      and a.kind = 'member_main'
      and p.amount < 0
  `);
  // Both drivers answer a raw query with `{ rows }`.
  const rows = (result as { rows: { sent: string }[] }).rows;
  return BigInt(rows[0]?.sent ?? '0');
}

export type LedgerLineRow = {
  id: number;
  entryId: number;
  createdAt: Date;
  entryType: string;
  accountKind: string;
  vendorCode: string;
  amount: bigint;
  balanceAfter: bigint;
  idempotencyKey: string;
  reference: unknown;
};

/** Postings on the member's accounts, newest first, and how many there are (the back office's
 * ledger tab of a member). */
export async function memberLedgerLines(
  db: Db,
  merchantId: number,
  memberId: number,
  window: { limit: number; offset: number },
): Promise<{ rows: LedgerLineRow[]; total: number }> {
  const mine = sql`mine as (select id, kind, vendor_code from ledger_accounts
                             where merchant_id = ${merchantId} and member_id = ${memberId})`;
  const [found, totals] = await Promise.all([
    queryRows(
      db,
      sql`with ${mine}
        select p.id::int as id, e.id::int as entry_id, e.created_at, e.type, a.kind, a.vendor_code,
               p.amount::text as amount, p.balance_after::text as balance_after,
               e.idempotency_key, e.reference
          from ledger_postings p
          join mine a on a.id = p.account_id
          join ledger_entries e on e.id = p.entry_id
         order by p.id desc
         limit ${window.limit} offset ${window.offset}`,
    ),
    queryRows(
      db,
      sql`with ${mine} select count(*)::int as total from ledger_postings p join mine a on a.id = p.account_id`,
    ),
  ]);
  return {
    rows: found.map((row) => ({
      id: Number(row.id),
      entryId: Number(row.entry_id),
      createdAt: new Date(row.created_at as string | Date),
      entryType: String(row.type),
      accountKind: String(row.kind),
      vendorCode: (row.vendor_code as string | null) ?? '',
      amount: BigInt(row.amount as string),
      balanceAfter: BigInt(row.balance_after as string),
      idempotencyKey: String(row.idempotency_key),
      reference: row.reference ?? null,
    })),
    total: Number(totals[0]?.total ?? 0),
  };
}

/**
 * The id of the entry with this idempotency key, as an SQL expression for a set-based statement
 * that must stay one statement (the vendor wallet's batch writes its transaction rows with the
 * entries the statement before wrote). The arguments are column expressions of the caller's
 * statement (never values); null when the key is null or no entry has it.
 */
export function entryIdByKeyExpression(columns: { merchantId: string; key: string }): string {
  return `(select l.id from ledger_entries l
              where ${columns.key} is not null and l.merchant_id = ${columns.merchantId}
                and l.idempotency_key = ${columns.key})`;
}

/**
 * The ledger's read model for reports: `from … where …` clauses over its journal that a report
 * puts in its own select, with the aliases `e` (ledger_entries: member_id, type, created_at,
 * reference), `p` (ledger_postings: id, amount, balance_after) and `a` (ledger_accounts: kind,
 * vendor_code). Only the ledger module names its tables (decision 022).
 */
export type PostingScope = {
  merchantId: number;
  currency: string;
  /** [start, end) instants. */
  start: Date;
  end: Date;
};

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

function createdIn(column: SQL, scope: PostingScope): SQL {
  return sql`${column} >= ${at(scope.start)} and ${column} < ${at(scope.end)}`;
}

function listOf(values: readonly string[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/** Postings on members' accounts of the merchant's entries of these types within the range. */
export function memberPostingsFrom(scope: PostingScope, types: readonly string[]): SQL {
  return sql`from ledger_entries e
    join ledger_postings p on p.entry_id = e.id
    join ledger_accounts a on a.id = p.account_id and a.member_id is not null
   where e.merchant_id = ${scope.merchantId} and e.currency = ${scope.currency}
     and e.type in (${listOf(types)})
     and ${createdIn(sql`e.created_at`, scope)}`;
}

/**
 * The postings on members' accounts of each member's first deposit ever (in this currency), when
 * it falls within the range; the first deposit entry is `f` (id, created_at) instead of `e`.
 */
export function firstDepositPostingsFrom(scope: PostingScope): SQL {
  return sql`from (
          select distinct on (e.member_id) e.id, e.created_at
            from ledger_entries e
           where e.merchant_id = ${scope.merchantId} and e.currency = ${scope.currency}
             and e.type = 'deposit' and e.member_id is not null
           order by e.member_id, e.created_at, e.id) f
    join ledger_postings p on p.entry_id = f.id
    join ledger_accounts a on a.id = p.account_id and a.member_id is not null
   where ${createdIn(sql`f.created_at`, scope)}`;
}

/**
 * Postings on the own accounts of the members of `team` (a relation with an `id` column, named
 * in the query's `with`) within the range: entries about a member (by the entry's member, through
 * the ledger_entries (member_id, created_at) index) and their postings on that member's accounts.
 * With `types`, of those entry types only; with `recordView`, the vendor-wallet side of a wallet
 * move is left out, as in the member's own record.
 */
export function teamPostingsFrom(
  team: SQL,
  scope: PostingScope,
  options: { types: readonly string[] | null; recordView: boolean },
): SQL {
  return sql`from ${team}
      join ledger_entries e on e.member_id = ${team}.id
      join ledger_postings p on p.entry_id = e.id
      join ledger_accounts a on a.id = p.account_id and a.member_id = e.member_id
     where ${createdIn(sql`e.created_at`, scope)} and e.merchant_id = ${scope.merchantId}
       and e.currency = ${scope.currency}
       ${options.recordView ? sql`and not (e.type = 'vendor_transfer' and a.kind = 'member_vendor')` : sql``}
       ${options.types ? sql`and e.type in (${listOf(options.types)})` : sql``}`;
}

/** Postings on one member's own accounts of entries of these types within the range. */
export function accountPostingsFrom(
  scope: PostingScope,
  memberId: number,
  types: readonly string[],
): SQL {
  return sql`from ledger_accounts a
      join ledger_postings p on p.account_id = a.id
      join ledger_entries e on e.id = p.entry_id
     where a.merchant_id = ${scope.merchantId} and a.member_id = ${memberId}
       and a.currency = ${scope.currency}
       and ${createdIn(sql`e.created_at`, scope)} and e.type in (${listOf(types)})`;
}

/**
 * The member's account record (the records module's pages): the member's rows of the ledger
 * journal. Every query starts from the caller's own accounts (ledger_accounts by member), so no
 * other member's posting can appear; an agent or upline transfer shows on both members' records
 * because each sees the posting on their account. A row names its counterpart (another member's
 * username, or the vendor) and, for a withdrawal's hold, the withdrawal it holds for.
 */

export type RecordScope = {
  merchantId: number;
  memberId: number;
  currency: string;
  /** The merchant's time zone: the days rows are grouped by. */
  timeZone: string;
  /** [start, end) instants. */
  start: Date;
  end: Date;
};

function recordAccounts(scope: RecordScope): SQL {
  return sql`mine as (
    select id, kind, vendor_code from ledger_accounts
     where merchant_id = ${scope.merchantId} and member_id = ${scope.memberId}
       and currency = ${scope.currency})`;
}

function recordRange(scope: RecordScope): SQL {
  return sql`e.created_at >= ${scope.start.toISOString()}::timestamptz
         and e.created_at < ${scope.end.toISOString()}::timestamptz`;
}

/**
 * The rows of the account record: postings on the member's accounts within the range (and of
 * the given entry types). A move between the main wallet and a vendor wallet is one row, its
 * main-wallet side.
 */
function recordFilter(scope: RecordScope, types: readonly string[] | null): SQL {
  return sql`${recordRange(scope)}
    and not (e.type = 'vendor_transfer' and a.kind = 'member_vendor')
    ${types ? sql`and e.type in (${listOf(types)})` : sql``}`;
}

export type RecordRow = {
  id: number;
  createdAt: Date;
  type: string;
  amount: bigint;
  balanceAfter: bigint;
  accountKind: string;
  vendorCode: string;
  gameCategory: string | null;
  reference: string | null;
  counterpart: string | null;
  /** The channel fee the member bore on a deposit. */
  fee: bigint | null;
};

export async function memberRecordRows(
  db: Db,
  scope: RecordScope,
  types: readonly string[] | null,
  page: { limit: number; offset: number },
): Promise<RecordRow[]> {
  const found = await queryRows(
    db,
    sql`with ${recordAccounts(scope)}
      select p.id::int as id, e.created_at as created_at, e.type as type,
             p.amount::text as amount, p.balance_after::text as balance_after,
             a.kind as account_kind, a.vendor_code as vendor_code,
             e.reference->>'gameCategory' as game_category,
             case when e.reference->>'feeBearer' = 'member' then e.reference->>'fee' end as fee,
             coalesce(e.reference->>'depositId', e.reference->>'withdrawalId',
                      e.reference->>'roundId', e.reference->>'transferId',
                      -- A withdrawal's hold is written before its row, which keeps the entry id.
                      case when e.type = 'withdrawal' then
                        (select w.id::text from withdrawals w
                          where w.member_id = ${scope.memberId} and w.hold_entry_id = e.id)
                      end) as reference,
             coalesce(
               (select case when a2.member_id <> ${scope.memberId} then m2.username
                            else nullif(a2.vendor_code, '') end
                  from ledger_postings p2
                  join ledger_accounts a2 on a2.id = p2.account_id
                  left join members m2 on m2.id = a2.member_id
                 where p2.entry_id = e.id and p2.id <> p.id and a2.member_id is not null
                 order by p2.id
                 limit 1),
               e.reference->>'vendorCode') as counterpart
        from ledger_postings p
        join mine a on a.id = p.account_id
        join ledger_entries e on e.id = p.entry_id
       where ${recordFilter(scope, types)}
       order by e.created_at desc, p.id desc
       limit ${page.limit} offset ${page.offset}`,
  );
  return found.map((row) => ({
    id: Number(row.id),
    createdAt: new Date(row.created_at as string | Date),
    type: String(row.type),
    amount: BigInt(row.amount as string),
    balanceAfter: BigInt(row.balance_after as string),
    accountKind: String(row.account_kind),
    vendorCode: (row.vendor_code as string | null) ?? '',
    gameCategory: (row.game_category as string | null) ?? null,
    reference: (row.reference as string | null) ?? null,
    counterpart: (row.counterpart as string | null) ?? null,
    fee: typeof row.fee === 'string' ? parseAmount(row.fee) : null,
  }));
}

export async function memberRecordTotals(
  db: Db,
  scope: RecordScope,
  types: readonly string[] | null,
): Promise<{ count: number; totalIn: bigint; totalOut: bigint }> {
  const [row] = await queryRows(
    db,
    sql`with ${recordAccounts(scope)}
      select count(*)::int as count,
             coalesce(sum(case when p.amount > 0 then p.amount else 0 end), 0)::text as total_in,
             coalesce(sum(case when p.amount < 0 then p.amount else 0 end), 0)::text as total_out
        from ledger_postings p
        join mine a on a.id = p.account_id
        join ledger_entries e on e.id = p.entry_id
       where ${recordFilter(scope, types)}`,
  );
  return {
    count: Number(row?.count ?? 0),
    totalIn: BigInt((row?.total_in as string | undefined) ?? '0'),
    totalOut: BigInt((row?.total_out as string | undefined) ?? '0'),
  };
}

/** The day of an entry in the merchant's time zone (a bound IANA name), as yyyy-MM-dd. */
const recordDay = (scope: RecordScope) =>
  sql`to_char(e.created_at at time zone ${scope.timeZone}::text, 'YYYY-MM-DD')`;

export type GameRow = { day: string; category: string; stake: bigint; payout: bigint };

/**
 * Stakes and payouts of the member's game entries per day of the merchant's time zone and game category: a stake is
 * what `bet` entries took from the member's accounts less what `bet_release` gave back; a payout
 * is what `payout` entries credited. Summed in SQL as bigint.
 */
export async function memberGameRows(
  db: Db,
  scope: RecordScope,
  unknownCategory: string,
): Promise<GameRow[]> {
  const found = await queryRows(
    db,
    sql`with ${recordAccounts(scope)}
      select ${recordDay(scope)} as day,
             coalesce(nullif(e.reference->>'gameCategory', ''), ${unknownCategory}) as category,
             coalesce(sum(case when e.type in ('bet', 'bet_release') then -p.amount else 0 end), 0)::text as stake,
             coalesce(sum(case when e.type = 'payout' then p.amount else 0 end), 0)::text as payout
        from ledger_postings p
        join mine a on a.id = p.account_id
        join ledger_entries e on e.id = p.entry_id
       where ${recordRange(scope)} and e.type in ('bet', 'bet_release', 'payout')
       group by 1, 2
       order by 1 desc, 2`,
  );
  return found.map((row) => ({
    day: String(row.day),
    category: String(row.category),
    stake: BigInt(row.stake as string),
    payout: BigInt(row.payout as string),
  }));
}

/** Net amounts of the member's postings per entry type within the range. */
export async function memberTotalsByType(
  db: Db,
  scope: RecordScope,
  types: readonly string[],
): Promise<Map<string, bigint>> {
  const found = await queryRows(
    db,
    sql`with ${recordAccounts(scope)}
      select e.type as type, coalesce(sum(p.amount), 0)::text as total
        from ledger_postings p
        join mine a on a.id = p.account_id
        join ledger_entries e on e.id = p.entry_id
       where ${recordRange(scope)} and e.type in (${listOf(types)})
       group by 1`,
  );
  return new Map(found.map((row) => [String(row.type), BigInt(row.total as string)]));
}
