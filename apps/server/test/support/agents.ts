import type { Db } from '../../src/db/client.js';
import { agentContracts } from '../../src/db/schema/index.js';
import { MERCHANT_ID } from './ledger.js';

/**
 * An active daily salary contract written straight to the table, as if offered and accepted at
 * `acceptedAt` (now by default): from `uplineId` (null: the operator) to `downlineId`.
 */
export async function activeDailySalary(
  db: Db,
  contract: { uplineId: number | null; downlineId: number; ratesBp: number[]; acceptedAt?: Date },
): Promise<number> {
  const acceptedAt = contract.acceptedAt ?? new Date();
  const [row] = await db
    .insert(agentContracts)
    .values({
      merchantId: MERCHANT_ID,
      kind: 'daily_salary',
      uplineId: contract.uplineId,
      downlineId: contract.downlineId,
      terms: { ratesBp: contract.ratesBp },
      status: 'active',
      acceptedAt,
      createdAt: acceptedAt,
    })
    .returning({ id: agentContracts.id });
  return row!.id;
}
