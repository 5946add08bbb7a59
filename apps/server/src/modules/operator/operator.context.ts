import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import {
  authenticateOperator,
  type OperatorDeps,
  type SignedInOperator,
} from './operator.service.js';

/** What the operator guards read: the database (for audit) and the resolved operator, if any. */
export type OperatorRequestContext = { db: Db; auth: SignedInOperator | null };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on /admin/api routes only; null elsewhere. */
    operatorContext: OperatorRequestContext | null;
  }
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) || undefined;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = headerValue(request, 'authorization');
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
}

/**
 * Resolves the operator of every request in `admin` (the /admin/api scope) from its bearer
 * token. Member sessions live in another table, so a member token never resolves here.
 */
export function registerOperatorContext(admin: FastifyInstance, deps: OperatorDeps): void {
  admin.decorateRequest<OperatorRequestContext | null>('operatorContext', null);
  admin.addHook('onRequest', async (request) => {
    const auth = await authenticateOperator(deps, bearerToken(request), {
      merchantHeader: headerValue(request, 'merchant'),
      host: request.hostname,
    });
    request.operatorContext = { db: deps.db, auth };
  });
}
