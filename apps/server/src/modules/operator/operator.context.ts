import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { bearerToken, headerValue } from '../../lib/request-headers.js';
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
