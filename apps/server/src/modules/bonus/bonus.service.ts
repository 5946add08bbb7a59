import type { Db } from '../../db/client.js';
import { postEntryIn, type EntryResult } from '../ledger/index.js';
import * as repo from './bonus.repository.js';
import type { BonusGrant } from './bonus.repository.js';

export type { BonusGrant } from './bonus.repository.js';

export type GrantBonusRequest = {
  merchantId: number;
  memberId: number;
  currency: string;
  /** welcome, promotion, rebate, adjustment... */
  kind: string;
  title: { EN: string; TL: string };
  /** Minor units, above zero. */
  amount: bigint;
  /** Unique per merchant, like every ledger key ("bonus:welcome:<memberId>"). */
  idempotencyKey: string;
} & (
  | {
      /** Valid bets asked: `amount` times this (two decimals at most: 1.5 is fine). */
      turnoverMultiplier: number;
      turnoverRequired?: never;
    }
  | { turnoverRequired: bigint; turnoverMultiplier?: never }
);

export type GrantBonusResult = { grant: BonusGrant; entry: EntryResult };

function requiredTurnover(request: GrantBonusRequest): bigint {
  if (request.turnoverRequired !== undefined) return request.turnoverRequired;
  const hundredths = Math.round(request.turnoverMultiplier * 100);
  if (!Number.isFinite(hundredths) || hundredths < 0) {
    throw new Error('bonus: the turnover multiplier must be zero or more');
  }
  // Rounded up: the member never owes less than the multiplier says.
  return (request.amount * BigInt(hundredths) + 99n) / 100n;
}

/**
 * Pays a bonus inside the caller's transaction: a ledger entry of type `bonus` from the
 * merchant's bonus account to the member's main wallet, and the grant with its turnover
 * requirement. Idempotent by `idempotencyKey`: the same request again returns the original grant
 * and moves nothing; the same key with a different request is DUPLICATE_TRANSACTION.
 */
export async function grantBonusIn(tx: Db, request: GrantBonusRequest): Promise<GrantBonusResult> {
  if (request.amount <= 0n) throw new Error('bonus: the amount must be above zero');
  const turnoverRequired = requiredTurnover(request);
  if (turnoverRequired < 0n) throw new Error('bonus: the turnover must be zero or more');
  const entry = await postEntryIn(tx, {
    merchantId: request.merchantId,
    currency: request.currency,
    type: 'bonus',
    idempotencyKey: request.idempotencyKey,
    memberId: request.memberId,
    // Everything the grant holds, so a reuse of the key with another grant is told apart.
    reference: {
      kind: request.kind,
      title: request.title,
      turnoverRequired: turnoverRequired.toString(),
    },
    postings: [
      { account: { kind: 'bonus' }, amount: -request.amount },
      { account: { kind: 'member_main', memberId: request.memberId }, amount: request.amount },
    ],
  });
  if (entry.replayed) {
    const grant = await repo.findGrantByEntry(tx, entry.entryId);
    if (grant) return { grant, entry };
  }
  const done = turnoverRequired === 0n;
  const grant = await repo.insertGrant(tx, {
    merchantId: request.merchantId,
    memberId: request.memberId,
    currency: request.currency,
    kind: request.kind,
    title: request.title,
    amount: request.amount,
    turnoverRequired,
    status: done ? 'completed' : 'active',
    ledgerEntryId: entry.entryId,
    createdAt: entry.createdAt,
    completedAt: done ? entry.createdAt : null,
  });
  return { grant, entry };
}

export type TurnoverResult = {
  /** The part of the bet counted towards grants (the rest was owed to none). */
  applied: bigint;
  /** Grants this bet completed. */
  completed: number[];
};

/**
 * The turnover rule, the one both the single bet (`recordTurnoverIn`) and the vendor call batch
 * apply: a valid bet counts towards the member's active grants (given oldest first), each up to
 * what it still needs; a grant whose turnover is reached is completed. Turnover beyond every
 * active grant is not kept for later grants. Answers each grant's new turnover.
 */
export function spreadTurnover(
  grants: readonly { id: number; required: bigint; done: bigint }[],
  validBet: bigint,
): { id: number; done: bigint; completed: boolean }[] {
  const changes: { id: number; done: bigint; completed: boolean }[] = [];
  let left = validBet > 0n ? validBet : 0n;
  for (const grant of grants) {
    if (left === 0n) break;
    const need = grant.required - grant.done;
    const add = need < left ? need : left;
    left -= add;
    changes.push({ id: grant.id, done: grant.done + add, completed: add === need });
  }
  return changes;
}

/** Counts a valid bet towards the member's active grants, inside the bet's transaction. */
export async function recordTurnoverIn(
  tx: Db,
  merchantId: number,
  memberId: number,
  validBet: bigint,
): Promise<TurnoverResult> {
  if (validBet <= 0n) return { applied: 0n, completed: [] };
  const grants = await repo.lockActiveGrants(tx, merchantId, memberId);
  const changes = spreadTurnover(grants, validBet);
  for (const change of changes) {
    await repo.setTurnoverDone(tx, change.id, change.done, change.completed);
  }
  const before = new Map(grants.map((grant) => [grant.id, grant.done]));
  return {
    applied: changes.reduce((sum, change) => sum + change.done - before.get(change.id)!, 0n),
    completed: changes.filter((change) => change.completed).map((change) => change.id),
  };
}
