import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { columnsEqual } from '../../db/columns-equal.js';
import { bonusGrants } from '../../db/schema/index.js';
import type { RawRow } from '../../lib/batch-sql.js';
import type { PreparedStatements } from '../../lib/prepared-statements.js';

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

export type StoredGrant = { id: number; memberId: number; required: bigint; done: bigint };

const ints = (values: number[]) => `'{${values.join(',')}}'::integer[]`;
const bigints = (values: (number | bigint)[]) => `'{${values.join(',')}}'::bigint[]`;
const bools = (values: boolean[]) => `'{${values.join(',')}}'::boolean[]`;

/**
 * The set-based statements of turnover for a caller that writes many members' bets in one
 * transaction (the vendor call batch), declared in the caller's set of prepared statements: the
 * active grants of many members locked in the one order (`lockActiveGrants`'), and their new
 * turnover written in one statement that fails (BATCH_CHECK_FAILED) unless every grant is found.
 */
export function turnoverStatementsIn(set: PreparedStatements) {
  const execLock = set.add(
    'bonus_lock_grants',
    ['integer[]', 'integer[]'],
    `select g.id::text as id, g.member_id, g.turnover_required::text as required,
            g.turnover_done::text as done
       from unnest($1, $2) as x(m, mem)
       join bonus_grants g on g.merchant_id = x.m and g.member_id = x.mem
      where g.status = 'active'
      order by g.member_id, g.created_at, g.id
        for update of g`,
  );
  const execUpdate = set.add(
    'bonus_update_grants',
    ['bigint[]', 'bigint[]', 'boolean[]', 'bigint'],
    `with done as (
       update bonus_grants g
          set turnover_done = x.done,
              status = case when x.fin then 'completed' else g.status end,
              completed_at = case when x.fin then now() else g.completed_at end
         from unnest($1, $2, $3) as x(id, done, fin)
        where g.id = x.id
        returning 1
     ) select 1 / (case when (select count(*) from done) = $4 then 1 else 0 end) as ok`,
  );
  return {
    /** The active grants of these members, locked oldest first. */
    lockGrantsSql: (members: { merchantId: number; memberId: number }[]) =>
      execLock(
        ints(members.map((row) => row.merchantId)),
        ints(members.map((row) => row.memberId)),
      ),
    parseGrants: (rows: RawRow[]): StoredGrant[] =>
      rows.map((row) => ({
        id: Number(row.id),
        memberId: Number(row.member_id),
        required: BigInt(row.required as string),
        done: BigInt(row.done as string),
      })),
    /** The turnover of grants after the bets; completed ones are closed. */
    updateGrantsSql: (grants: { id: number; done: bigint; completed: boolean }[]) =>
      execUpdate(
        bigints(grants.map((grant) => grant.id)),
        bigints(grants.map((grant) => grant.done)),
        bools(grants.map((grant) => grant.completed)),
        grants.length,
      ),
  };
}
