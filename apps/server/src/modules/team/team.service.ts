import type { Db } from '../../db/client.js';
import * as repo from './team.repository.js';

/**
 * The agent a new account registers under: the agent of the affiliate code the visitor gave, or,
 * without one, of the affiliate code of the agent's own domain the visitor registers on. Null
 * when neither names an agent of this merchant.
 */
export async function uplineForRegistration(
  db: Db,
  merchantId: number,
  request: { affiliateCode?: string | undefined; domain?: string | undefined },
): Promise<number | null> {
  let code = request.affiliateCode?.trim() || null;
  if (!code && request.domain) {
    code = await repo.domainAffiliateCode(db, merchantId, request.domain.trim().toLowerCase());
  }
  if (!code) return null;
  return repo.agentOfAffiliateCode(db, merchantId, code);
}

/**
 * Puts a new account into its merchant's tree: its own depth-0 row, then one row for every
 * ancestor of the upline (the upline itself at depth 1). Runs inside the caller's transaction,
 * right after the account's insert.
 */
export function attachToTree(
  ...args: Parameters<typeof repo.attachToTree>
): ReturnType<typeof repo.attachToTree> {
  return repo.attachToTree(...args);
}

/** The account's direct upline, or undefined at the top of a tree. */
export function directUpline(
  ...args: Parameters<typeof repo.directUpline>
): ReturnType<typeof repo.directUpline> {
  return repo.directUpline(...args);
}

/**
 * The account in `ancestorId`'s downline with this username (any depth), or undefined: no such
 * account and an account outside the downline look the same.
 */
export function findInDownline(
  ...args: Parameters<typeof repo.findInDownline>
): ReturnType<typeof repo.findInDownline> {
  return repo.findInDownline(...args);
}

/** Whether the account has anyone below it. */
export function hasDownline(
  ...args: Parameters<typeof repo.hasDownline>
): ReturnType<typeof repo.hasDownline> {
  return repo.hasDownline(...args);
}

/**
 * Moves `memberId` with its whole subtree under `uplineId` (null: to the top of a tree), as
 * decision 011 describes: the rows linking the subtree to its old ancestors go, the cross
 * product of the new upline's ancestors and the subtree comes in, and `upline_id` changes. Runs
 * in the caller's transaction. False (nothing changed) when the new upline is the account itself
 * or in its subtree: checked under the merchant's move lock, so no concurrent move slips by.
 */
export function moveSubtree(
  ...args: Parameters<typeof repo.moveSubtree>
): ReturnType<typeof repo.moveSubtree> {
  return repo.moveSubtree(...args);
}
