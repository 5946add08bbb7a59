import { and, asc, count, desc, eq, gte, isNull, like, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, operatorSessions, operators } from '../../db/schema/index.js';

/** A merchant's operators and its audit log, as the back office reads and changes them. */

export async function listOperators(db: Db, merchantId: number) {
  return db
    .select()
    .from(operators)
    .where(eq(operators.merchantId, merchantId))
    .orderBy(asc(operators.id));
}

/** Locks one operator of the merchant for the rest of the transaction. */
export async function lockOperator(db: Db, merchantId: number, id: number) {
  const [row] = await db
    .select()
    .from(operators)
    .where(and(eq(operators.merchantId, merchantId), eq(operators.id, id)))
    .for('update');
  return row;
}

export async function setStatus(db: Db, id: number, status: string): Promise<void> {
  await db.update(operators).set({ status }).where(eq(operators.id, id));
}

/**
 * Forgets the operator's authenticator: the bound and any pending secret, the last used step and
 * an open enrolment, so that a new enrolment starts with the password and a new enrolment code.
 */
export async function clearTotp(db: Db, id: number): Promise<void> {
  await db
    .update(operators)
    .set({
      totpSecret: null,
      totpPendingSecret: null,
      totpLastStep: null,
      enrolmentTokenHash: null,
      enrolmentExpiresAt: null,
    })
    .where(eq(operators.id, id));
}

/** Ends every live session of the operator. */
export async function revokeSessions(db: Db, operatorId: number): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)));
}

export type AuditFilters = {
  actorType?: string | undefined;
  actorId?: string | undefined;
  action?: string | undefined;
  subjectType?: string | undefined;
  subjectId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

export async function pageAudit(
  db: Db,
  merchantId: number,
  f: AuditFilters,
  window: { limit: number; offset: number },
) {
  const where = and(
    eq(auditLog.merchantId, merchantId),
    f.actorType ? eq(auditLog.actorType, f.actorType) : undefined,
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
    // "member." names every member action; anything else is one action.
    f.action?.endsWith('.')
      ? like(auditLog.action, `${f.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      : f.action
        ? eq(auditLog.action, f.action)
        : undefined,
    f.subjectType ? eq(auditLog.subjectType, f.subjectType) : undefined,
    f.subjectId ? eq(auditLog.subjectId, f.subjectId) : undefined,
    f.from ? gte(auditLog.createdAt, new Date(f.from)) : undefined,
    f.to ? lt(auditLog.createdAt, new Date(f.to)) : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ entry: auditLog, actorName: operators.username })
      .from(auditLog)
      .leftJoin(
        operators,
        and(eq(auditLog.actorType, 'operator'), sql`${auditLog.actorId} = ${operators.id}::text`),
      )
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}
