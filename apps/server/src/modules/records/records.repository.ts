import { parseAmount } from '@app/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

/**
 * The member's rows of the ledger journal, read in SQL. Every query starts from the caller's own
 * accounts (ledger_accounts by member), so no other member's posting can appear; an agent or
 * upline transfer shows on both members' records because each sees the posting on their account.
 */

export type Scope = {
  merchantId: number;
  memberId: number;
  currency: string;
  /** The merchant's time zone: the days rows are grouped by. */
  timeZone: string;
  /** [start, end) instants. */
  start: Date;
  end: Date;
};

function mine(scope: Scope): SQL {
  return sql`mine as (
    select id, kind, vendor_code from ledger_accounts
     where merchant_id = ${scope.merchantId} and member_id = ${scope.memberId}
       and currency = ${scope.currency})`;
}

function inRange(scope: Scope): SQL {
  return sql`e.created_at >= ${scope.start.toISOString()}::timestamptz
         and e.created_at < ${scope.end.toISOString()}::timestamptz`;
}

function list(values: readonly string[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/**
 * The rows of the account record: postings on the member's accounts within the range (and of
 * the given entry types). A move between the main wallet and a vendor wallet is one row, its
 * main-wallet side.
 */
function recordFilter(scope: Scope, types: readonly string[] | null): SQL {
  return sql`${inRange(scope)}
    and not (e.type = 'vendor_transfer' and a.kind = 'member_vendor')
    ${types ? sql`and e.type in (${list(types)})` : sql``}`;
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

export async function recordRows(
  db: Db,
  scope: Scope,
  types: readonly string[] | null,
  page: { limit: number; offset: number },
): Promise<RecordRow[]> {
  const found = await queryRows(
    db,
    sql`with ${mine(scope)}
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

export async function recordTotals(
  db: Db,
  scope: Scope,
  types: readonly string[] | null,
): Promise<{ count: number; totalIn: bigint; totalOut: bigint }> {
  const [row] = await queryRows(
    db,
    sql`with ${mine(scope)}
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
const entryDay = (scope: Scope) =>
  sql`to_char(e.created_at at time zone ${scope.timeZone}::text, 'YYYY-MM-DD')`;

export type GameRow = { day: string; category: string; stake: bigint; payout: bigint };

/**
 * Stakes and payouts of the member's game entries per day of the merchant's time zone and game category: a stake is
 * what `bet` entries took from the member's accounts less what `bet_release` gave back; a payout
 * is what `payout` entries credited. Summed in SQL as bigint.
 */
export async function gameRows(db: Db, scope: Scope, unknownCategory: string): Promise<GameRow[]> {
  const found = await queryRows(
    db,
    sql`with ${mine(scope)}
      select ${entryDay(scope)} as day,
             coalesce(nullif(e.reference->>'gameCategory', ''), ${unknownCategory}) as category,
             coalesce(sum(case when e.type in ('bet', 'bet_release') then -p.amount else 0 end), 0)::text as stake,
             coalesce(sum(case when e.type = 'payout' then p.amount else 0 end), 0)::text as payout
        from ledger_postings p
        join mine a on a.id = p.account_id
        join ledger_entries e on e.id = p.entry_id
       where ${inRange(scope)} and e.type in ('bet', 'bet_release', 'payout')
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
export async function totalsByType(
  db: Db,
  scope: Scope,
  types: readonly string[],
): Promise<Map<string, bigint>> {
  const found = await queryRows(
    db,
    sql`with ${mine(scope)}
      select e.type as type, coalesce(sum(p.amount), 0)::text as total
        from ledger_postings p
        join mine a on a.id = p.account_id
        join ledger_entries e on e.id = p.entry_id
       where ${inRange(scope)} and e.type in (${list(types)})
       group by 1`,
  );
  return new Map(found.map((row) => [String(row.type), BigInt(row.total as string)]));
}
