import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bonusGrants } from '../../db/schema/index.js';
import type { RawRow } from '../ledger/ledger.repository.js';
import { sessionOn } from '../ledger/session.js';
import * as repo from './turnover.repository.js';

export { turnoverStatements } from './turnover.repository.js';

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
    .where(
      and(
        eq(bonusGrants.merchantId, merchantId),
        eq(bonusGrants.memberId, memberId),
        eq(bonusGrants.status, 'active'),
      ),
    );
  return BigInt(row?.left ?? 0);
}

export type TurnoverResult = {
  /** The part of the bet counted towards grants (the rest was owed to none). */
  applied: bigint;
  /** Grants this bet completed. */
  completed: number[];
};

type Grant = repo.StoredGrant & { dirty: boolean; completed: boolean };

const memberKey = (merchantId: number, memberId: number) => `${merchantId}|${memberId}`;

/**
 * Bonus turnover, the one rule (decision 021): a valid bet counts towards the member's active
 * grants, the oldest first, each up to what it still needs; a grant whose turnover is reached is
 * completed; turnover beyond every active grant is not kept for later grants. A caller that
 * writes many bets in one transaction (the vendor call batch) reserves the betting members,
 * sends `lockStatement` with its reads (grants are locked after the ledger's accounts, in every
 * path), `record`s each bet in order, and sends `writeStatement` with its writes;
 * `recordTurnoverIn` is a batch of one.
 */
export class TurnoverSet {
  private readonly members = new Map<string, { merchantId: number; memberId: number }>();
  private grants = new Map<string, Grant[]>();

  /** Registers a member whose bets the batch may count. */
  reserve(merchantId: number, memberId: number): void {
    this.members.set(memberKey(merchantId, memberId), { merchantId, memberId });
  }

  /** Reads and locks the reserved members' active grants (none reserved: null, nothing to send). */
  lockStatement(): string | null {
    return this.members.size === 0 ? null : repo.lockGrantsSql([...this.members.values()]);
  }

  /** Takes the rows of `lockStatement`. */
  load(rows: RawRow[]): void {
    this.grants = new Map();
    const merchantOf = new Map([...this.members.values()].map((m) => [m.memberId, m.merchantId]));
    for (const grant of repo.parseGrants(rows)) {
      const key = memberKey(merchantOf.get(grant.memberId)!, grant.memberId);
      const list = this.grants.get(key) ?? [];
      list.push({ ...grant, dirty: false, completed: false });
      this.grants.set(key, list);
    }
  }

  /** Counts a valid bet of a reserved member (in memory, until `writeStatement`). */
  record(merchantId: number, memberId: number, validBet: bigint): TurnoverResult {
    if (validBet <= 0n) return { applied: 0n, completed: [] };
    if (!this.members.has(memberKey(merchantId, memberId))) {
      throw new Error('bonus: turnover of a member not reserved before the grants were read');
    }
    let left = validBet;
    const completed: number[] = [];
    for (const grant of this.grants.get(memberKey(merchantId, memberId)) ?? []) {
      if (left === 0n) break;
      if (grant.completed) continue;
      const need = grant.required - grant.done;
      const add = need < left ? need : left;
      left -= add;
      grant.done += add;
      grant.dirty = true;
      if (add === need) {
        grant.completed = true;
        completed.push(grant.id);
      }
    }
    return { applied: validBet - left, completed };
  }

  /** Writes every grant the recorded bets changed (none: null, nothing to send). */
  writeStatement(): string | null {
    const changed = [...this.grants.values()].flat().filter((grant) => grant.dirty);
    return changed.length === 0 ? null : repo.updateGrantsSql(changed);
  }
}

/**
 * Counts a valid bet towards the member's active grants, inside the bet's transaction: a
 * `TurnoverSet` of one bet (the rule is there).
 */
export async function recordTurnoverIn(
  tx: Db,
  merchantId: number,
  memberId: number,
  validBet: bigint,
): Promise<TurnoverResult> {
  if (validBet <= 0n) return { applied: 0n, completed: [] };
  const set = new TurnoverSet();
  set.reserve(merchantId, memberId);
  const run = sessionOn(tx, repo.turnoverStatements);
  set.load((await run([set.lockStatement()!]))[0]!);
  const result = set.record(merchantId, memberId, validBet);
  const write = set.writeStatement();
  if (write) await run([write]);
  return result;
}
