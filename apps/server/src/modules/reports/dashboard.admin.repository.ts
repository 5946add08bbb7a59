import type { DashboardQueueId, OperatorPermission } from '@app/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

/**
 * The pending queues of the dashboard, each a count and the arrival of its oldest item, in one
 * statement (one snapshot). Each queue is what its own page lists as waiting:
 * - deposits and withdrawals: status `pending` (deposits_queue_idx, withdrawals_queue_idx);
 * - kyc: submissions waiting for a decision (status N), by their last submission;
 * - risk: risk-queue items (restricted-person matches found by an import, a login or a KYC
 *   submission) of members still active whose list entry is still live, by the item's arrival;
 * - agentTerminations: agents' termination requests still pending (operator answers them);
 * - settlementFailures: agent settlements held back and still open (the operator retries them).
 */
export const QUEUE_PERMISSION: Record<DashboardQueueId, OperatorPermission> = {
  deposits: 'payments.deposits',
  withdrawals: 'payments.withdrawals',
  kyc: 'kyc.review',
  risk: 'risk.manage',
  agentTerminations: 'system.write',
  settlementFailures: 'system.write',
};

function queueSql(id: DashboardQueueId, merchantId: number): SQL {
  switch (id) {
    case 'deposits':
      return sql`select count(*) as n, min(created_at) as oldest from deposits
                  where merchant_id = ${merchantId} and status = 'pending'`;
    case 'withdrawals':
      return sql`select count(*) as n, min(created_at) as oldest from withdrawals
                  where merchant_id = ${merchantId} and status = 'pending'`;
    case 'kyc':
      return sql`select count(*) as n, min(updated_at) as oldest from kyc_profiles
                  where merchant_id = ${merchantId} and status = 'N'`;
    case 'risk':
      return sql`select count(*) as n, min(q.created_at) as oldest
                   from risk_queue_items q
                   join members m on m.id = q.member_id and m.status = 'active'
                   join restricted_persons r on r.id = q.restricted_person_id
                    and (r.expires_at is null or r.expires_at > now())
                  where q.merchant_id = ${merchantId}`;
    case 'agentTerminations':
      return sql`select count(*) as n, min(created_at) as oldest from agent_contract_requests
                  where merchant_id = ${merchantId} and type = 'termination'
                    and status = 'pending' and requested_by is not null`;
    case 'settlementFailures':
      return sql`select count(*) as n, min(first_seen_at) as oldest from agent_settlement_failures
                  where merchant_id = ${merchantId} and status = 'open'`;
  }
}

export type QueueRow = {
  id: DashboardQueueId;
  count: number;
  oldest: Date | null;
  age: number | null;
};

export async function queues(
  db: Db,
  merchantId: number,
  ids: readonly DashboardQueueId[],
): Promise<QueueRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows(
    db,
    sql.join(
      ids.map(
        (id, i) =>
          sql`select ${id}::text as id, ${i}::int as position, q.n::int as count,
                     q.oldest, floor(extract(epoch from (now() - q.oldest)))::int as age
                from (${queueSql(id, merchantId)}) q`,
      ),
      sql` union all `,
    ),
  );
  return rows
    .sort((a, b) => Number(a.position) - Number(b.position))
    .map((row) => ({
      id: String(row.id) as DashboardQueueId,
      count: Number(row.count),
      oldest: row.oldest == null ? null : new Date(row.oldest as string | Date),
      age: row.age == null ? null : Math.max(0, Number(row.age)),
    }));
}
