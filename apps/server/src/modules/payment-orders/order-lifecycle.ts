import { createHash } from 'node:crypto';
import type { ErrorCode } from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { canonicalJson } from '../../lib/canonical-json.js';
import { appendAudit, type AuditEntry } from '../audit/index.js';
import { tellEntry, type EntryListener, type EntryResult } from '../ledger/index.js';

/** Told after a ledger entry of an order commits (the ledger's entry listener). */
export type LedgerListener = EntryListener;

/** A ledger entry an order's transaction wrote, to tell its listener once it commits. */
export type Posted = { merchantId: number; currency: string; entry: EntryResult };

/** Tells the listener about a committed entry; swallows the listener's failure. */
export async function tell(listener: LedgerListener | undefined, posted: Posted | null) {
  if (posted) await tellEntry(listener, posted.merchantId, posted.currency, posted.entry);
}

/** SHA-256 of what a member asked for, to tell a replay of a client request id from a reuse. */
export function requestHash(content: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}

/**
 * The earlier order under the member's client request id: the same request (returned as it is),
 * or a reuse of the id with another body (DUPLICATE_TRANSACTION).
 */
export function replayOf<R extends { requestHash: string }>(existing: R | null, hash: string) {
  if (!existing) return null;
  if (existing.requestHash !== hash) throw new AppError('DUPLICATE_TRANSACTION');
  return existing;
}

/** A locked order an operator may still decide: it exists and is in `status`, or `code` says why not. */
export function decidable<R extends { status: string }>(
  row: R | null,
  code: ErrorCode,
  status = 'pending',
): R {
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status !== status) throw new AppError(code, { status: row.status });
  return row;
}

/** An operator's decision on an order: who and from where. */
export type Decider = { operatorId: number; ip?: string | null | undefined };

/** The audit row of an operator's step on an order (approve, reject, retry), in its transaction. */
export function auditDecision(
  tx: Db,
  order: { id: number; merchantId: number },
  decider: Decider,
  entry: Pick<AuditEntry, 'action' | 'subjectType' | 'before' | 'after'>,
): Promise<void> {
  return appendAudit(tx, {
    merchantId: order.merchantId,
    actorType: 'operator',
    actorId: String(decider.operatorId),
    subjectId: String(order.id),
    ip: decider.ip ?? null,
    ...entry,
  });
}

/**
 * How a kind of order answers a gateway: the status it waits in, the statuses a paid and a
 * failed answer leave it in, and the verdict for an answer that comes after another ended it.
 */
export type GatewayStates = { open: string; paid: string; failed: string; stale: string };

/**
 * The verdict of a verified gateway answer on its (locked) order before anything moves: a
 * currency or amount other than the order's, the same answer again (duplicate), or an answer
 * after another ended it (stale); null when the order is open and the answer may settle it.
 */
export function gatewayVerdict<S extends GatewayStates>(
  order: { status: string; currency: string; amount: bigint },
  event: { currency: string; amount: bigint; status: 'paid' | 'failed' },
  states: S,
): 'currency_mismatch' | 'amount_mismatch' | 'duplicate' | S['stale'] | null {
  if (event.currency !== order.currency) return 'currency_mismatch';
  if (event.amount !== order.amount) return 'amount_mismatch';
  if (order.status === states.open) return null;
  return order.status === states[event.status] ? 'duplicate' : states.stale;
}

/** The member's image of an order; NOT_FOUND when there is none. */
export function imageOrNotFound<I>(image: I | null): I {
  if (!image) throw new AppError('NOT_FOUND');
  return image;
}
