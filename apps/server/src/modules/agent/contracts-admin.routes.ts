import {
  AdminContract,
  AdminContractPage,
  AdminContractQuery,
  AdminContractSettings,
  ContractOfferRequest,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { operatorActor, operatorAllow, signedInOperator } from '../operator/operator.guards.js';
import {
  adminContracts,
  contractSettings,
  offerToTopAgent,
  updateContractSettings,
} from './contracts-admin.service.js';
import type { ContractDeps } from './contracts.service.js';

const tags = ['admin-agents'];

/**
 * Agent contracts in the back office (decision 014): reading needs `members.read`; the tier
 * tables and offers to top-level agents are commercial terms, `system.write` (owner).
 */
export const adminContractRoutes: FastifyPluginAsyncZod<ContractDeps> = async (app, deps) => {
  const read = operatorAllow('members.read');
  const write = operatorAllow('system.write');
  app.get(
    '/admin/api/agents/contract-settings',
    {
      onRequest: read,
      schema: memberRoute({
        summary: "The merchant's contract tiers and maximum rates",
        tags,
        value: AdminContractSettings,
      }),
    },
    async (req) => ok(await contractSettings(deps.db, signedInOperator(req).merchant.id)),
  );
  app.put(
    '/admin/api/agents/contract-settings',
    {
      onRequest: write,
      schema: memberRoute({
        summary: "Replace the merchant's contract tiers and maximum rates; audited",
        tags,
        body: AdminContractSettings,
        value: AdminContractSettings,
      }),
    },
    async (req) => ok(await updateContractSettings(deps.db, operatorActor(req), req.body)),
  );
  app.get(
    '/admin/api/agents/contracts',
    {
      onRequest: read,
      schema: memberRoute({
        summary: "The merchant's agent contracts, newest first",
        tags,
        querystring: AdminContractQuery,
        value: AdminContractPage,
      }),
    },
    async (req) => ok(await adminContracts(deps.db, signedInOperator(req).merchant.id, req.query)),
  );
  app.post(
    '/admin/api/agents/contracts',
    {
      onRequest: write,
      schema: memberRoute({
        summary: 'Offer a contract to a top-level agent (answered in its agent centre); audited',
        tags,
        body: ContractOfferRequest,
        value: AdminContract,
      }),
    },
    async (req) => ok(await offerToTopAgent(deps, operatorActor(req), req.body)),
  );
};
