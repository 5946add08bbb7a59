import {
  formatAmount,
  parseAmount,
  type AdjustmentSettings,
  type AdminAdjustment,
  type AdminAdjustmentPage,
  type AdminAdjustmentQuery,
  type CreateAdjustmentRequest,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { auditAction, isoOrNull, pageWindow, type OperatorActor } from '../operator/index.js';
import {
  mainBalance,
  postEntryIn,
  tellEntry,
  type EntryListener,
  type EntryResult,
} from '../ledger/index.js';
import * as members from './member.admin.repository.js';
import * as repo from './adjustment.admin.repository.js';

/**
 * Manual balance adjustments (issue 7): the member's main wallet against the merchant's house
 * account, double-entry through the ledger (entry type `adjustment`, key `adjustment:<id>`).
 * Above the merchant's threshold a second operator with `members.adjust` must approve; the
 * requester never decides its own.
 */

/** The threshold of a merchant that never set one: 10,000.00 (minor units). */
export const DEFAULT_APPROVAL_THRESHOLD = 1_000_000n;

type Actor = OperatorActor & { currency: string };

function abs(n: bigint): bigint {
  return n < 0n ? -n : n;
}

function toAdjustment(view: repo.AdjustmentView): AdminAdjustment {
  const { row } = view;
  return {
    id: row.id,
    memberId: row.memberId,
    username: view.username,
    amount: formatAmount(row.amount),
    reason: row.reason,
    status: row.status as AdminAdjustment['status'],
    requestedBy: { id: row.requestedBy, username: view.requestedByName },
    requestedAt: row.requestedAt.toISOString(),
    decidedBy:
      row.decidedBy === null ? null : { id: row.decidedBy, username: view.decidedByName ?? '' },
    decidedAt: isoOrNull(row.decidedAt),
    decisionReason: row.decisionReason,
    ledgerEntryId: row.ledgerEntryId,
  };
}

async function view(db: Db, merchantId: number, id: number): Promise<AdminAdjustment> {
  const found = await repo.findAdjustment(db, merchantId, id);
  if (!found) throw new AppError('NOT_FOUND');
  return toAdjustment(found);
}

export async function approvalThreshold(db: Db, merchantId: number): Promise<bigint> {
  return (await repo.findThreshold(db, merchantId)) ?? DEFAULT_APPROVAL_THRESHOLD;
}

/**
 * Posts the adjustment's entry and audits it with the member's balance before and after.
 * `decision` is the approver's; null when the request applied at once (under the threshold).
 */
async function apply(
  tx: Db,
  actor: Actor,
  row: repo.AdjustmentRow,
  decision: { reason: string } | null,
): Promise<EntryResult> {
  const decisionReason = decision?.reason ?? null;
  const before = await mainBalance(tx, row.merchantId, row.memberId, row.currency);
  const entry = await postEntryIn(tx, {
    merchantId: row.merchantId,
    currency: row.currency,
    type: 'adjustment',
    idempotencyKey: `adjustment:${row.id}`,
    memberId: row.memberId,
    reference: { adjustmentId: row.id, reason: row.reason },
    postings: [
      { account: { kind: 'member_main', memberId: row.memberId }, amount: row.amount },
      { account: { kind: 'house' }, amount: -row.amount },
    ],
  });
  await repo.updateAdjustment(tx, row.id, {
    status: 'applied',
    ledgerEntryId: entry.entryId,
    decidedBy: decision ? actor.operatorId : null,
    decidedAt: new Date(),
    decisionReason,
  });
  await auditAction(tx, actor, {
    action: decision ? 'member.adjustment_approved' : 'member.adjustment_applied',
    subjectType: 'balance_adjustment',
    subjectId: row.id,
    before: { status: row.status, memberId: row.memberId, balance: formatAmount(before) },
    after: {
      status: 'applied',
      memberId: row.memberId,
      amount: formatAmount(row.amount),
      currency: row.currency,
      reason: row.reason,
      balance: formatAmount(before + row.amount),
      ledgerEntryId: entry.entryId,
      ...(decisionReason === null ? {} : { decisionReason }),
    },
  });
  return entry;
}

function tell(listener: EntryListener | undefined, actor: Actor, entry: EntryResult | null) {
  return tellEntry(listener, actor.merchantId, actor.currency, entry);
}

/**
 * An operator asks for an adjustment: applied at once up to the threshold, else left pending for
 * a second operator. A debit the wallet cannot cover is INSUFFICIENT_BALANCE and leaves nothing.
 * The same `requestId` again answers the first request (DUPLICATE_TRANSACTION if it differs).
 */
export async function requestAdjustment(
  db: Db,
  actor: Actor,
  memberId: number,
  request: CreateAdjustmentRequest,
  onCredit?: EntryListener,
): Promise<AdminAdjustment> {
  const negative = request.amount.startsWith('-');
  const magnitude = parseAmount(negative ? request.amount.slice(1) : request.amount);
  if (magnitude === null || magnitude === 0n) throw new AppError('VALIDATION_ERROR');
  const amount = negative ? -magnitude : magnitude;
  let entry: EntryResult | null = null;
  const id = await inTransaction(db, async (tx) => {
    const member = await members.findAccount(tx, actor.merchantId, memberId);
    if (!member) throw new AppError('NOT_FOUND');
    const row = await repo.insertAdjustment(tx, {
      merchantId: actor.merchantId,
      memberId,
      currency: actor.currency,
      amount,
      reason: request.reason,
      status: 'pending',
      requestId: request.requestId,
      requestedBy: actor.operatorId,
    });
    if (!row) {
      const first = await repo.findByRequestId(tx, actor.merchantId, request.requestId);
      if (!first || first.memberId !== memberId || first.amount !== amount) {
        throw new AppError('DUPLICATE_TRANSACTION');
      }
      return first.id;
    }
    if (abs(amount) <= (await approvalThreshold(tx, actor.merchantId))) {
      entry = await apply(tx, actor, row, null);
    } else {
      await auditAction(tx, actor, {
        action: 'member.adjustment_requested',
        subjectType: 'balance_adjustment',
        subjectId: row.id,
        after: {
          status: 'pending',
          memberId,
          amount: formatAmount(amount),
          currency: row.currency,
          reason: request.reason,
        },
      });
    }
    return row.id;
  });
  await tell(onCredit, actor, entry);
  return view(db, actor.merchantId, id);
}

/** Locks a pending adjustment another operator asked for, or says why it cannot be decided. */
async function lockDecidable(tx: Db, actor: Actor, id: number) {
  const row = await repo.lockAdjustment(tx, actor.merchantId, id);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status !== 'pending')
    throw new AppError('ADJUSTMENT_NOT_PENDING', { status: row.status });
  if (row.requestedBy === actor.operatorId) return null;
  return row;
}

/** The requester tried to decide its own adjustment: audited like any refused attempt. */
async function refuseOwn(db: Db, actor: Actor, id: number, decision: string): Promise<never> {
  await auditAction(db, actor, {
    action: 'operator.forbidden',
    subjectType: 'balance_adjustment',
    subjectId: id,
    after: { decision, rule: 'four_eyes' },
  });
  throw new AppError('SELF_ACTION_FORBIDDEN');
}

/** A second operator approves: the entry posts now (or INSUFFICIENT_BALANCE, still pending). */
export async function approveAdjustment(
  db: Db,
  actor: Actor,
  id: number,
  reason: string,
  onCredit?: EntryListener,
): Promise<AdminAdjustment> {
  let entry: EntryResult | null = null;
  const own = await inTransaction(db, async (tx) => {
    const row = await lockDecidable(tx, actor, id);
    if (!row) return true;
    entry = await apply(tx, actor, row, { reason });
    return false;
  });
  if (own) await refuseOwn(db, actor, id, 'approve');
  await tell(onCredit, actor, entry);
  return view(db, actor.merchantId, id);
}

/** A second operator rejects: nothing moves. */
export async function rejectAdjustment(
  db: Db,
  actor: Actor,
  id: number,
  reason: string,
): Promise<AdminAdjustment> {
  const own = await inTransaction(db, async (tx) => {
    const row = await lockDecidable(tx, actor, id);
    if (!row) return true;
    await repo.updateAdjustment(tx, id, {
      status: 'rejected',
      decidedBy: actor.operatorId,
      decidedAt: new Date(),
      decisionReason: reason,
    });
    await auditAction(tx, actor, {
      action: 'member.adjustment_rejected',
      subjectType: 'balance_adjustment',
      subjectId: id,
      before: { status: 'pending' },
      after: {
        status: 'rejected',
        memberId: row.memberId,
        amount: formatAmount(row.amount),
        currency: row.currency,
        reason,
      },
    });
    return false;
  });
  if (own) await refuseOwn(db, actor, id, 'reject');
  return view(db, actor.merchantId, id);
}

export async function listAdjustments(
  db: Db,
  merchantId: number,
  query: AdminAdjustmentQuery,
): Promise<AdminAdjustmentPage> {
  const { rows, total } = await repo.pageAdjustments(db, merchantId, query, pageWindow(query));
  return { items: rows.map(toAdjustment), page: query.page, size: query.size, total };
}

export async function adjustmentSettings(db: Db, merchantId: number): Promise<AdjustmentSettings> {
  return { approvalThreshold: formatAmount(await approvalThreshold(db, merchantId)) };
}

export async function updateAdjustmentSettings(
  db: Db,
  actor: Actor,
  approvalThresholdText: string,
): Promise<AdjustmentSettings> {
  const threshold = parseAmount(approvalThresholdText);
  if (threshold === null) throw new AppError('VALIDATION_ERROR');
  await inTransaction(db, async (tx) => {
    const before = await approvalThreshold(tx, actor.merchantId);
    await repo.saveThreshold(tx, actor.merchantId, threshold, actor.operatorId);
    await auditAction(tx, actor, {
      action: 'adjustment_settings.update',
      subjectType: 'merchant',
      subjectId: actor.merchantId,
      before: { approvalThreshold: formatAmount(before) },
      after: { approvalThreshold: formatAmount(threshold) },
    });
  });
  return adjustmentSettings(db, actor.merchantId);
}
