import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { appendAudit, type AuditEntry } from '../audit/index.js';
import { operatorActor, signedInOperator } from './operator.guards.js';

/** Who acts in a back-office request (operatorActor): the merchant it works on, the operator, the IP. */
export type OperatorActor = { merchantId: number; operatorId: number; ip: string };

/**
 * Writes the audit entry of an operator action (issue 7: who, what, before, after, IP, time).
 * Called inside the action's transaction, so the change and its entry commit together.
 */
export function auditAction(
  db: Db,
  actor: OperatorActor,
  entry: Pick<AuditEntry, 'action' | 'subjectType' | 'before' | 'after'> & {
    subjectId: string | number;
  },
): Promise<void> {
  return appendAudit(db, {
    merchantId: actor.merchantId,
    actorType: 'operator',
    actorId: String(actor.operatorId),
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: String(entry.subjectId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.ip,
  });
}

/** LIMIT and OFFSET of a back-office page. */
export function pageWindow(query: { page: number; size: number }): {
  limit: number;
  offset: number;
} {
  return { limit: query.size, offset: (query.page - 1) * query.size };
}

/** An optional instant as the API sends it. */
export function isoOrNull(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

/** The actor of a signed-in operator's request, with the currency of the merchant it works on. */
export function actorOf(request: FastifyRequest): OperatorActor & { currency: string } {
  return { ...operatorActor(request), currency: signedInOperator(request).merchant.currency };
}
