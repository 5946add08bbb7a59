import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

export type ReconcileReport = {
  accounts: number;
  entries: number;
  /** Accounts whose cached balance differs from the sum of their postings. */
  balanceMismatches: { accountId: number; cached: bigint; journal: bigint }[];
  /** Entries whose postings do not sum to zero, or that have fewer than two postings. */
  unbalancedEntries: number[];
  /** Currencies whose accounts do not sum to zero over all merchants. */
  currencyImbalances: { currency: string; total: bigint }[];
  /** Member accounts below zero (the CHECK constraint makes this impossible; checked anyway). */
  negativeMemberAccounts: number[];
  /** Holding accounts whose balance differs from the holds still pending on them. */
  holdMismatches: { accountId: number; balance: bigint; pending: bigint }[];
  /** Postings whose entry or account does not exist (the journal has no foreign keys). */
  orphanPostings: number[];
  /** Entries whose merchant or member does not exist. */
  orphanEntries: number[];
};

/**
 * Recomputes every balance from the journal and reports each difference; an empty report (see
 * `isClean`) means the cached balances, the entries and the holds all agree.
 */
export async function reconcileLedger(db: Db): Promise<ReconcileReport> {
  const [counts] = await queryRows(
    db,
    sql`select (select count(*) from ledger_accounts)::int as accounts,
               (select count(*) from ledger_entries)::int as entries`,
  );
  const mismatches = await queryRows(
    db,
    sql`select a.id, a.balance::text as cached, coalesce(sum(p.amount), 0)::text as journal
          from ledger_accounts a left join ledger_postings p on p.account_id = a.id
         group by a.id
        having a.balance <> coalesce(sum(p.amount), 0)
         order by a.id`,
  );
  const unbalanced = await queryRows(
    db,
    sql`select e.id from ledger_entries e left join ledger_postings p on p.entry_id = e.id
         group by e.id
        having coalesce(sum(p.amount), 0) <> 0 or count(p.id) < 2
         order by e.id`,
  );
  const currencies = await queryRows(
    db,
    sql`select currency, sum(balance)::text as total from ledger_accounts
         group by currency having sum(balance) <> 0`,
  );
  const negative = await queryRows(
    db,
    sql`select id from ledger_accounts where member_id is not null and balance < 0 order by id`,
  );
  const holds = await queryRows(
    db,
    sql`select a.id, a.balance::text as balance,
               coalesce(sum(h.amount) filter (where h.status = 'pending'), 0)::text as pending
          from ledger_accounts a left join ledger_holds h on h.hold_account_id = a.id
         where a.kind in ('withdrawals_pending', 'bets_open')
         group by a.id
        having a.balance <> coalesce(sum(h.amount) filter (where h.status = 'pending'), 0)
         order by a.id`,
  );
  const orphanPostings = await queryRows(
    db,
    sql`select p.id from ledger_postings p
         where not exists (select 1 from ledger_entries e where e.id = p.entry_id)
            or not exists (select 1 from ledger_accounts a where a.id = p.account_id)
         order by p.id`,
  );
  const orphanEntries = await queryRows(
    db,
    sql`select e.id from ledger_entries e
         where not exists (select 1 from merchants m where m.id = e.merchant_id)
            or (e.member_id is not null
                and not exists (select 1 from members m where m.id = e.member_id))
         order by e.id`,
  );
  return {
    accounts: Number(counts?.accounts ?? 0),
    entries: Number(counts?.entries ?? 0),
    balanceMismatches: mismatches.map((row) => ({
      accountId: Number(row.id),
      cached: BigInt(row.cached as string),
      journal: BigInt(row.journal as string),
    })),
    unbalancedEntries: unbalanced.map((row) => Number(row.id)),
    currencyImbalances: currencies.map((row) => ({
      currency: String(row.currency),
      total: BigInt(row.total as string),
    })),
    negativeMemberAccounts: negative.map((row) => Number(row.id)),
    holdMismatches: holds.map((row) => ({
      accountId: Number(row.id),
      balance: BigInt(row.balance as string),
      pending: BigInt(row.pending as string),
    })),
    orphanPostings: orphanPostings.map((row) => Number(row.id)),
    orphanEntries: orphanEntries.map((row) => Number(row.id)),
  };
}

export function isClean(report: ReconcileReport): boolean {
  return (
    report.balanceMismatches.length === 0 &&
    report.unbalancedEntries.length === 0 &&
    report.currencyImbalances.length === 0 &&
    report.negativeMemberAccounts.length === 0 &&
    report.holdMismatches.length === 0 &&
    report.orphanPostings.length === 0 &&
    report.orphanEntries.length === 0
  );
}
