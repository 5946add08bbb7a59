import {
  AdminContract,
  AdminContractPage,
  AdminContractQuery,
  AdminContractNote,
  AdminContractReason,
  AdminContractSettings,
  ContractIdParams,
  ContractOfferRequest,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { operatorActor, operatorAllow, signedInOperator } from '../operator/index.js';
import {
  adminContracts,
  answerTerminationAsOperator,
  contractSettings,
  endContract,
  offerToTopAgent,
  resetCarry,
  updateContractSettings,
  withdrawOfferAsOperator,
} from './contracts.admin.service.js';
import type { ContractDeps } from './contracts.service.js';

const tags = ['admin-agents'];

/**
 * Agent contracts in the back office (decision 014): reading needs `members.read`; the tier
 * tables, offers to top-level agents and the actions on contracts (end, answer a termination
 * request, withdraw an offer, reset a dividend carry) are commercial terms, `system.write`
 * (owner). Each action is audited and told to the agents concerned.
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
      config: { moneyAction: true },
      schema: memberRoute({
        summary: 'Offer a contract to a top-level agent (answered in its agent centre); audited',
        tags,
        body: ContractOfferRequest,
        value: AdminContract,
      }),
    },
    async (req) => ok(await offerToTopAgent(deps, operatorActor(req), req.body)),
  );
  const action = (
    path: string,
    summary: string,
    run: (req: {
      params: { id: number };
      body: { reason?: string | undefined };
    }) => (actor: ReturnType<typeof operatorActor>) => Promise<AdminContract>,
    body: typeof AdminContractReason | typeof AdminContractNote,
  ) =>
    app.post(
      `/admin/api/agents/contracts/:id/${path}`,
      {
        config: { moneyAction: true },
        onRequest: write,
        schema: memberRoute({
          summary,
          tags,
          params: ContractIdParams,
          body,
          value: AdminContract,
        }),
      },
      async (req) => ok(await run(req)(operatorActor(req))),
    );
  action(
    'end',
    'End a contract in force (reason required); settled as a termination; audited',
    (req) => (actor) => endContract(deps, actor, req.params.id, req.body.reason ?? ''),
    AdminContractReason,
  );
  action(
    'termination/accept',
    "Accept a top-level agent's termination request (the contract ends); audited",
    (req) => (actor) =>
      answerTerminationAsOperator(deps, actor, req.params.id, true, req.body.reason || null),
    AdminContractNote,
  );
  action(
    'termination/reject',
    "Decline a top-level agent's termination request (the contract stays in force); audited",
    (req) => (actor) =>
      answerTerminationAsOperator(deps, actor, req.params.id, false, req.body.reason || null),
    AdminContractNote,
  );
  action(
    'withdraw',
    'Withdraw an offer still waiting for the agent; audited',
    (req) => (actor) =>
      withdrawOfferAsOperator(deps, actor, req.params.id, req.body.reason || null),
    AdminContractNote,
  );
  action(
    'carry/reset',
    "Reset a dividend contract's carry to 0 (reason required); audited with the old value",
    (req) => (actor) => resetCarry(deps, actor, req.params.id, req.body.reason ?? ''),
    AdminContractReason,
  );
};
