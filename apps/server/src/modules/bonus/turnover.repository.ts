import { PreparedStatements } from '../../lib/prepared-statements.js';
import { bigints, bools, ints } from '../../lib/sql-literals.js';
import type { RawRow } from '../ledger/ledger.repository.js';

/**
 * The set-based statements of bonus turnover (`TurnoverSet` in turnover.ts): one statement reads
 * and locks the active grants of many members, one writes their turnover. Prepared once per
 * connection; a batch that runs them with its own statements includes this set in its own
 * (`PreparedStatements.include`). The write fails with division by zero (SQLSTATE 22012, the
 * ledger's BATCH_CHECK_FAILED) unless it changed every grant it was given.
 */
export const turnoverStatements = new PreparedStatements();

export type StoredGrant = { id: number; memberId: number; required: bigint; done: bigint };

const execLockGrants = turnoverStatements.add(
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

/** The active grants of these members, locked member by member, each member's oldest first. */
export function lockGrantsSql(members: { merchantId: number; memberId: number }[]): string {
  return execLockGrants(
    ints(members.map((row) => row.merchantId)),
    ints(members.map((row) => row.memberId)),
  );
}

export function parseGrants(rows: RawRow[]): StoredGrant[] {
  return rows.map((row) => ({
    id: Number(row.id),
    memberId: Number(row.member_id),
    required: BigInt(row.required as string),
    done: BigInt(row.done as string),
  }));
}

const execUpdateGrants = turnoverStatements.add(
  'bonus_update_grants',
  ['bigint[]', 'bigint[]', 'boolean[]', 'bigint'],
  `with done as (
     update bonus_grants g
        set turnover_done = x.done,
            status = case when x.fin then 'completed' else g.status end,
            completed_at = case when x.fin then now() else g.completed_at end
       from unnest($1, $2, $3) as x(id, done, fin)
      where g.id = x.id
      returning 1)
   select 1 / (case when (select count(*) from done) = $4 then 1 else 0 end) as ok`,
);

/** The turnover of grants after the bets counted; completed ones are closed. */
export function updateGrantsSql(
  grants: { id: number; done: bigint; completed: boolean }[],
): string {
  return execUpdateGrants(
    bigints(grants.map((grant) => grant.id)),
    bigints(grants.map((grant) => grant.done)),
    bools(grants.map((grant) => grant.completed)),
    grants.length,
  );
}
