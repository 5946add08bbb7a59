import {
  AdminIdParams,
  AdminSettlementFailureQuery,
  AdminSettlementFailurePage,
  AdminSettlementPage,
  AdminSettlementQuery,
  AdminSettlementRetryResult,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { operatorActor, operatorAllow, signedInOperator } from '../operator/index.js';
import type { Db } from '../../db/client.js';
import type { MerchantZones } from '../merchant/index.js';
import type { Realtime } from '../realtime/index.js';
import {
  listAdminSettlements,
  listSettlementFailures,
  retryFailure,
} from './settlement.admin.service.js';
import { publishSettled } from './settlement.job.js';

const tags = ['admin-agents'];

/**
 * Agent settlement in the back office (decision 014): reading the alerts and the settled periods
 * needs `members.read`; a retry pays agents, `system.write` (owner), and is audited.
 */
export const adminSettlementRoutes: FastifyPluginAsyncZod<{
  db: Db;
  zones: MerchantZones;
  realtime: Pick<Realtime, 'publishToMember' | 'publishBalance'>;
}> = async (app, deps) => {
  const read = operatorAllow('members.read');
  const write = operatorAllow('system.write');
  app.get(
    '/admin/api/agents/settlement-failures',
    {
      onRequest: read,
      schema: memberRoute({
        summary: 'Settlements held back or failed (alerts), open first',
        tags,
        querystring: AdminSettlementFailureQuery,
        value: AdminSettlementFailurePage,
      }),
    },
    async (req) =>
      ok(await listSettlementFailures(deps.db, signedInOperator(req).merchant.id, req.query)),
  );
  app.post(
    '/admin/api/agents/settlement-failures/:id/retry',
    {
      onRequest: write,
      config: { moneyAction: true },
      schema: memberRoute({
        summary: 'Settle now the held-back periods of a failure, in order; audited, pays once',
        tags,
        params: AdminIdParams,
        value: AdminSettlementRetryResult,
      }),
    },
    async (req) => {
      const { result, settled } = await retryFailure(deps, operatorActor(req), req.params.id);
      await publishSettled(deps.db, deps.realtime, settled);
      return ok(result);
    },
  );
  app.get(
    '/admin/api/agents/settlements',
    {
      onRequest: read,
      schema: memberRoute({
        summary: "The merchant's settled contract periods with figures and ledger entry",
        tags,
        querystring: AdminSettlementQuery,
        value: AdminSettlementPage,
      }),
    },
    async (req) =>
      ok(await listAdminSettlements(deps.db, signedInOperator(req).merchant.id, req.query)),
  );
};
