import {
  ContractSettlementExportQuery,
  ContractSettlementPage,
  ContractSettlementQuery,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allow, signedIn } from '../../lib/guards.js';
import { csvRoute, sendCsv } from '../../lib/csv-reply.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { settlementsCsv } from './settlement.export.js';
import { listSettlements, type SettlementDeps } from './settlement.service.js';

/**
 * The settled periods of the caller's own contracts (SPEC section 2: dividend records, daily
 * wages, hourly and real-time salary pages): agents only, never another agent's.
 */
export const settlementRoutes: FastifyPluginAsyncZod<SettlementDeps> = async (app, deps) => {
  app.get(
    '/wps/relay/contracts/settlements',
    {
      onRequest: allow('agent'),
      schema: memberRoute({
        summary: "The settled periods of the caller's own contracts of one type, newest first",
        tags: ['agent'],
        querystring: ContractSettlementQuery,
        value: ContractSettlementPage,
      }),
    },
    async (req) =>
      ok(
        await listSettlements(
          deps,
          { merchantId: req.ctx.merchant.id, memberId: signedIn(req, ['agent']).member.id },
          req.query,
        ),
      ),
  );
  app.get(
    '/wps/relay/contracts/settlements/export',
    {
      onRequest: allow('agent'),
      schema: csvRoute({
        summary: "Every settled period of the caller's own contracts of one type, as CSV",
        tags: ['agent'],
        querystring: ContractSettlementExportQuery,
      }),
    },
    async (req, reply) =>
      sendCsv(
        reply,
        await settlementsCsv(
          deps,
          { merchantId: req.ctx.merchant.id, memberId: signedIn(req, ['agent']).member.id },
          req.query.type,
        ),
      ),
  );
};
