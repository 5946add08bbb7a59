import {
  OperatorRole,
  type AdminAuditPage,
  type AdminAuditQuery,
  type AdminOperator,
  type CreateOperatorRequest,
  type CreatedOperator,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { inTransaction } from '../../lib/transaction.js';
import { hashPassword } from '../auth/password.js';
import {
  auditAction,
  isoOrNull,
  pageWindow,
  type OperatorActor,
} from '../backoffice/operator-action.js';
import * as operatorRepo from '../operator/operator.repository.js';
import { generatePassword, type OperatorRow } from '../operator/operator.service.js';
import * as repo from './admin-operators.repository.js';

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

/** A new operator with a generated password, answered once; TOTP is enrolled at first login. */
export async function createOperator(
  db: Db,
  actor: OperatorActor,
  request: CreateOperatorRequest,
): Promise<CreatedOperator> {
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  try {
    const operator = await inTransaction(db, async (tx) => {
      const row = await operatorRepo.insertOperator(tx, {
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
      return row;
    });
    return { operator: toOperator(operator), password };
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
 * Resets the second factor of an operator who lost its authenticator: the secret is forgotten,
 * every session ends, and the next sign-in with the password must enrol a new authenticator.
 * Never the caller itself; an operator without an authenticator is refused and left unchanged.
 */
export async function resetOperatorTotp(
  db: Db,
  actor: OperatorActor,
  operatorId: number,
): Promise<AdminOperator> {
  if (operatorId === actor.operatorId) throw new AppError('SELF_ACTION_FORBIDDEN');
  const row = await inTransaction(db, async (tx) => {
    const found = await repo.lockOperator(tx, actor.merchantId, operatorId);
    if (!found) throw new AppError('NOT_FOUND');
    if (found.totpSecret === null) throw new AppError('TOTP_NOT_ENROLLED');
    await repo.clearTotp(tx, operatorId);
    await repo.revokeSessions(tx, operatorId);
    await auditAction(tx, actor, {
      action: 'operator.totp_reset',
      subjectType: 'operator',
      subjectId: operatorId,
      before: { username: found.username, totpEnrolled: true },
      after: { username: found.username, totpEnrolled: false, sessionsRevoked: true },
    });
    return { ...found, totpSecret: null, totpPendingSecret: null, totpLastStep: null };
  });
  return toOperator(row);
}

export async function auditPage(
  db: Db,
  merchantId: number,
  query: AdminAuditQuery,
): Promise<AdminAuditPage> {
  const { rows, total } = await repo.pageAudit(db, merchantId, query, pageWindow(query));
  return {
    items: rows.map(({ entry, actorName }) => ({
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
    })),
    page: query.page,
    size: query.size,
    total,
  };
}
