import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** What the member sent from their main wallet in entries of this type since `since`. */
export async function sentToday(
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
