import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { columnsEqual } from '../../db/columns-equal.js';
import { bonusGrants } from '../../db/schema/index.js';

/**
 * The valid-bet turnover the member still owes on their active bonuses (minor units); a
 * withdrawal is refused while it is above zero.
 */
export async function remainingTurnover(
  db: Db,
  merchantId: number,
  memberId: number,
): Promise<bigint> {
  const [row] = await db
    .select({
      left: sql<string>`coalesce(sum(greatest(${bonusGrants.turnoverRequired} - ${bonusGrants.turnoverDone}, 0)), 0)`,
    })
    .from(bonusGrants)
    .where(columnsEqual(bonusGrants, { merchantId, memberId, status: 'active' }));
  return BigInt(row?.left ?? 0);
}
