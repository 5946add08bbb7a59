import {
  OperatorRole,
  type AdminAuditPage,
  type AdminAuditQuery,
  type AdminOperator,
  type CreateOperatorRequest,
  type CreatedOperator,
  type OperatorEnrolmentIssued,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { pageOf } from '../../db/paging.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { inTransaction } from '../../lib/transaction.js';
import { auditAction, isoOrNull, pageWindow, type OperatorActor } from './operator-action.js';
import {
  generatePassword,
  insertOperator,
  issueEnrolmentCode,
  type OperatorRow,
} from './operator.service.js';
import * as repo from './operator.admin.repository.js';
import { hashPassword } from '../../lib/password.js';

/**
 * Operator management for the merchant's owner (issue 7, decision 008: "create in the UI,
 * disable, reset TOTP") and the audit log list. Only the merchant's own operators are listed or changed;
 * platform operators are managed by the `operator:create` command.
 */

function toOperator(row: OperatorRow): AdminOperator {
  return {
    id: row.id,
    username: row.username,
    role: OperatorRole.parse(row.role),
    status: row.status === 'active' ? 'active' : 'disabled',
    totpEnrolled: row.totpSecret !== null,
    lastLoginAt: isoOrNull(row.lastLoginAt),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listOperators(db: Db, merchantId: number): Promise<AdminOperator[]> {
  return (await repo.listOperators(db, merchantId)).map(toOperator);
}

/**
 * A new operator with a generated password and a one-time enrolment code, answered once; the
 * operator enrols TOTP at its first sign-in with both.
 */
export async function createOperator(
  db: Db,
  actor: OperatorActor,
  request: CreateOperatorRequest,
): Promise<CreatedOperator> {
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  try {
    const operator = await inTransaction(db, async (tx) => {
      const row = await insertOperator(tx, {
        merchantId: actor.merchantId,
        username: request.username,
        role: request.role,
        passwordHash,
      });
      await auditAction(tx, actor, {
        action: 'operator.create',
        subjectType: 'operator',
        subjectId: row.id,
        after: { username: row.username, role: row.role, status: row.status },
      });
      return { row, enrolmentCode: await issueEnrolmentCode(tx, row.id) };
    });
    return { operator: toOperator(operator.row), password, enrolmentCode: operator.enrolmentCode };
  } catch (error) {
    if (isUniqueViolation(error, 'operators_username_unique')) throw new AppError('USERNAME_TAKEN');
    throw error;
  }
}

/** Disables (its sessions end at once) or enables an operator; never the caller itself. */
export async function setOperatorStatus(
  db: Db,
  actor: OperatorActor,
  operatorId: number,
  status: 'active' | 'disabled',
): Promise<AdminOperator> {
  if (operatorId === actor.operatorId) throw new AppError('SELF_ACTION_FORBIDDEN');
  const row = await inTransaction(db, async (tx) => {
    const found = await repo.lockOperator(tx, actor.merchantId, operatorId);
    if (!found) throw new AppError('NOT_FOUND');
    await repo.setStatus(tx, operatorId, status);
    if (status === 'disabled') await repo.revokeSessions(tx, operatorId);
    await auditAction(tx, actor, {
      action: status === 'disabled' ? 'operator.disable' : 'operator.enable',
      subjectType: 'operator',
      subjectId: operatorId,
      before: { status: found.status },
      after: { status },
    });
    return { ...found, status };
  });
  return toOperator(row);
}

/**
 * Resets the second factor of an operator who lost its authenticator, or whose enrolment code
 * expired: the secret is forgotten, every session ends, and a new one-time enrolment code
 * (answered once; any earlier one stops working) with the password enrols a new authenticator.
 * Never the caller itself.
 */
export async function resetOperatorTotp(
  db: Db,
  actor: OperatorActor,
  operatorId: number,
): Promise<OperatorEnrolmentIssued> {
  if (operatorId === actor.operatorId) throw new AppError('SELF_ACTION_FORBIDDEN');
  return inTransaction(db, async (tx) => {
    const found = await repo.lockOperator(tx, actor.merchantId, operatorId);
    if (!found) throw new AppError('NOT_FOUND');
    await repo.clearTotp(tx, operatorId);
    await repo.revokeSessions(tx, operatorId);
    const enrolmentCode = await issueEnrolmentCode(tx, operatorId);
    await auditAction(tx, actor, {
      action: 'operator.totp_reset',
      subjectType: 'operator',
      subjectId: operatorId,
      before: { username: found.username, totpEnrolled: found.totpSecret !== null },
      after: {
        username: found.username,
        totpEnrolled: false,
        sessionsRevoked: true,
        enrolmentCodeIssued: true,
      },
    });
    const row = { ...found, totpSecret: null, totpPendingSecret: null, totpLastStep: null };
    return { operator: toOperator(row), enrolmentCode };
  });
}

export async function auditPage(
  db: Db,
  merchantId: number,
  query: AdminAuditQuery,
): Promise<AdminAuditPage> {
  return pageOf(
    query,
    await repo.pageAudit(db, merchantId, query, pageWindow(query)),
    ({ entry, actorName }) => ({
      id: entry.id,
      time: entry.createdAt.toISOString(),
      actorType: entry.actorType,
      actorId: entry.actorId,
      actorName: actorName ?? null,
      action: entry.action,
      subjectType: entry.subjectType,
      subjectId: entry.subjectId,
      before: entry.before,
      after: entry.after,
      ip: entry.ip,
    }),
  );
}
