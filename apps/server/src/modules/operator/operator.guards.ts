import type { OperatorPermission } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { normalizeIp } from '../../lib/client-ip.js';
import { appendAudit } from '../audit/index.js';
import type { SignedInOperator } from './operator.service.js';

export type { SignedInOperator } from './operator.service.js';

/**
 * An onRequest hook for /admin/api routes: only a signed-in operator whose role grants
 * `permission` gets through, before the body is read. No or expired operator token (a member
 * token is not one) is NOT_LOGGED_IN; a role without the permission is FORBIDDEN, and the
 * attempt is written to the audit log.
 */
export function operatorAllow(permission: OperatorPermission) {
  return async (request: FastifyRequest): Promise<void> => {
    const auth = signedInOperator(request);
    if (auth.permissions.includes(permission)) return;
    const db = request.operatorContext?.db;
    if (db) {
      await appendAudit(db, {
        merchantId: auth.merchant.id,
        actorType: 'operator',
        actorId: String(auth.operator.id),
        action: 'operator.forbidden',
        subjectType: 'route',
        subjectId: `${request.method} ${request.routeOptions.url ?? request.url}`,
        after: { permission, role: auth.role },
        ip: normalizeIp(request.ip),
      });
    }
    throw new AppError('FORBIDDEN', { permission });
  };
}

/**
 * The operator behind `Authorization: Bearer <operator token>` on this request, with the
 * merchant it works on: its own merchant, or for a platform super-operator the one named by the
 * `Merchant` header (else the host's, else the default). Throws NOT_LOGGED_IN when there is none.
 */
export function signedInOperator(request: FastifyRequest): SignedInOperator {
  const auth = request.operatorContext?.auth;
  if (!auth) throw new AppError('NOT_LOGGED_IN');
  return auth;
}

/** Who acts in an operator decision, as the money services and the audit take it. */
export function operatorActor(request: FastifyRequest): {
  merchantId: number;
  operatorId: number;
  ip: string;
} {
  const auth = signedInOperator(request);
  return {
    merchantId: auth.merchant.id,
    operatorId: auth.operator.id,
    ip: normalizeIp(request.ip),
  };
}

/** An onRequest hook for routes any signed-in operator may call (its own session, who am I). */
export async function anyOperator(request: FastifyRequest): Promise<void> {
  signedInOperator(request);
}
