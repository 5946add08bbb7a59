import {
  ConsolidatedContractInfo,
  ContractAcceptRequest,
  ContractAcceptResult,
  ContractIdParams,
  ContractListQuery,
  ContractOfferRequest,
  ContractPage,
  ContractTierTables,
  ContractView,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allow, signedIn } from '../../lib/guards.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import {
  acceptContract,
  answerTermination,
  consolidatedInfo,
  contractDetail,
  listContracts,
  offerContract,
  rejectContract,
  requestTermination,
  tierTables,
  withdrawOffer,
  type ContractCaller,
  type ContractDeps,
} from './contracts.service.js';

const tags = ['agent'];
const Empty = z.object({}).default({});

/**
 * Agent contracts (SPEC sections 3, 4 and 7: dividend, daily, hourly and real-time salary
 * contracts under /wps/relay/): agents only; every record answered is the caller's own (as the
 * upline that gave it or the downline that holds it), any other id answers CONTRACT_NOT_FOUND.
 * Trial accounts get IN_NEED_TRUE_ACCOUNT, members FORBIDDEN (the guards).
 */
export const contractRoutes: FastifyPluginAsyncZod<ContractDeps> = async (app, deps) => {
  const caller = (req: Parameters<typeof signedIn>[0]): ContractCaller => ({
    merchant: req.ctx.merchant,
    member: signedIn(req, ['agent']).member,
    log: req.log,
    ip: req.ctx.ip,
  });
  const agentOnly = allow('agent');

  app.get(
    '/wps/relay/contracts',
    {
      onRequest: agentOnly,
      schema: memberRoute({
        summary: "The caller's contracts, given and received, newest first",
        tags,
        querystring: ContractListQuery,
        value: ContractPage,
      }),
    },
    async (req) => ok(await listContracts(deps.db, caller(req), req.query)),
  );
  app.get(
    '/wps/relay/contracts/consolidated',
    {
      onRequest: agentOnly,
      schema: memberRoute({
        summary:
          'Consolidated contract info: dailysalreqtype, divtypereq, contracthoursalreq, realtimesalreqtype',
        tags,
        value: ConsolidatedContractInfo,
      }),
    },
    async (req) => ok(await consolidatedInfo(deps.db, caller(req))),
  );
  app.get(
    '/wps/relay/contracts/tiers',
    {
      onRequest: agentOnly,
      schema: memberRoute({
        summary: "The merchant's contract tiers and maximum rates (offer form)",
        tags,
        value: ContractTierTables,
      }),
    },
    async (req) => ok(await tierTables(deps.db, caller(req).merchant.id)),
  );
  app.get(
    '/wps/relay/contracts/:id',
    {
      onRequest: agentOnly,
      schema: memberRoute({
        summary: "One of the caller's contracts",
        tags,
        params: ContractIdParams,
        value: ContractView,
      }),
    },
    async (req) => ok(await contractDetail(deps.db, caller(req), req.params.id)),
  );
  app.post(
    '/wps/relay/contracts',
    {
      config: { moneyAction: true },
      onRequest: agentOnly,
      schema: memberRoute({
        summary: 'Offer a contract to a direct downline agent',
        tags,
        body: ContractOfferRequest,
        value: ContractView,
      }),
    },
    async (req) => ok(await offerContract(deps, caller(req), req.body)),
  );
  app.post(
    '/wps/relay/contracts/:id/accept',
    {
      config: { moneyAction: true },
      onRequest: agentOnly,
      schema: memberRoute({
        summary: 'Accept an offered contract (confirmEnds after CONTRACT_CONFLICT)',
        tags,
        params: ContractIdParams,
        body: ContractAcceptRequest,
        value: ContractAcceptResult,
      }),
    },
    async (req) => ok(await acceptContract(deps, caller(req), req.params.id, req.body)),
  );
  app.post(
    '/wps/relay/contracts/:id/reject',
    {
      config: { moneyAction: true },
      onRequest: agentOnly,
      schema: memberRoute({
        summary: 'Reject an offered contract',
        tags,
        params: ContractIdParams,
        body: Empty,
        value: ContractView,
      }),
    },
    async (req) => ok(await rejectContract(deps, caller(req), req.params.id)),
  );
  app.post(
    '/wps/relay/contracts/:id/termination',
    {
      config: { moneyAction: true },
      onRequest: agentOnly,
      schema: memberRoute({
        summary: 'Ask the other side to terminate a contract in force',
        tags,
        params: ContractIdParams,
        body: Empty,
        value: ContractView,
      }),
    },
    async (req) => ok(await requestTermination(deps, caller(req), req.params.id)),
  );
  app.post(
    '/wps/relay/contracts/:id/termination/accept',
    {
      config: { moneyAction: true },
      onRequest: agentOnly,
      schema: memberRoute({
        summary: "Accept the other side's termination request",
        tags,
        params: ContractIdParams,
        body: Empty,
        value: ContractView,
      }),
    },
    async (req) => ok(await answerTermination(deps, caller(req), req.params.id, true)),
  );
  app.post(
    '/wps/relay/contracts/:id/termination/reject',
    {
      config: { moneyAction: true },
      onRequest: agentOnly,
      schema: memberRoute({
        summary: "Decline the other side's termination request (the contract stays in force)",
        tags,
        params: ContractIdParams,
        body: Empty,
        value: ContractView,
      }),
    },
    async (req) => ok(await answerTermination(deps, caller(req), req.params.id, false)),
  );
  app.post(
    '/wps/relay/contracts/:id/withdraw',
    {
      config: { moneyAction: true },
      onRequest: agentOnly,
      schema: memberRoute({
        summary: 'Withdraw an offer the caller made that is still waiting for an answer',
        tags,
        params: ContractIdParams,
        body: Empty,
        value: ContractView,
      }),
    },
    async (req) => ok(await withdrawOffer(deps, caller(req), req.params.id)),
  );
};
