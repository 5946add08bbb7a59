import {
  AffiliateLink,
  AffiliateLinkDeleted,
  AffiliateLinkList,
  AffiliateLinkParams,
  CreateDownlineRequest,
  DownlineIdParams,
  DownlineListQuery,
  DownlinePage,
  DownlineView,
  TeamTreePage,
  TeamTreeQuery,
  TeamTreeSearchQuery,
  TeamTreeSearchResult,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allow, signedIn } from '../../lib/guards.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import type { AuthDeps } from '../auth/index.js';
import {
  createAffiliateLink,
  createDownline,
  deleteAffiliateLink,
  downlineDetail,
  listAffiliateLinks,
  listDownlines,
  searchTeamTree,
  teamTree,
  type TeamCaller,
} from './agent-team.service.js';

const tags = ['agent'];
const Empty = z.object({}).default({});

/**
 * The agent centre's registerCenter and downlineManagmentView (issue 8): agents only; trial
 * accounts get IN_NEED_TRUE_ACCOUNT and members FORBIDDEN (the guards). Every account and code
 * answered is the caller's own; any other answers as unknown.
 */
export const agentTeamRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  const caller = (req: Parameters<typeof signedIn>[0]): TeamCaller => ({
    ctx: req.ctx,
    member: signedIn(req, ['agent']).member,
    log: req.log,
  });
  const agentOnly = allow('agent');

  app.get(
    '/wps/agent/downlines',
    {
      onRequest: agentOnly,
      schema: memberRoute({
        summary: "The caller's downline: direct by default, every level with depth=all",
        tags,
        querystring: DownlineListQuery,
        value: DownlinePage,
      }),
    },
    async (req) => ok(await listDownlines(deps.db, caller(req), req.query)),
  );
  app.get(
    '/wps/agent/downlines/:id',
    {
      onRequest: agentOnly,
      schema: memberRoute({
        summary: "One account of the caller's downline",
        tags,
        params: DownlineIdParams,
        value: DownlineView,
      }),
    },
    async (req) => ok(await downlineDetail(deps.db, caller(req), req.params.id)),
  );
  app.post(
    '/wps/agent/downlines',
    {
      // A registration by the agent: refused while maintenance, a region rule or self-exclusion applies.
      config: { startsPlayOrMoney: true },
      onRequest: agentOnly,
      schema: memberRoute({
        summary: 'Create a member or sub-agent account directly under the caller',
        tags,
        body: CreateDownlineRequest,
        value: DownlineView,
      }),
    },
    async (req) => ok(await createDownline(deps, caller(req), req.body)),
  );
  app.get(
    '/wps/agent/team/tree',
    {
      onRequest: agentOnly,
      schema: memberRoute({
        summary: "One level of the caller's team hierarchy: the direct downline of a node",
        tags,
        querystring: TeamTreeQuery,
        value: TeamTreePage,
      }),
    },
    async (req) => ok(await teamTree(deps.db, caller(req), req.query)),
  );
  app.get(
    '/wps/agent/team/tree/search',
    {
      onRequest: agentOnly,
      schema: memberRoute({
        summary: "An account of the caller's downline by username, with the path down to it",
        tags,
        querystring: TeamTreeSearchQuery,
        value: TeamTreeSearchResult,
      }),
    },
    async (req) => ok(await searchTeamTree(deps.db, caller(req), req.query.account)),
  );
  app.get(
    '/wps/agent/affiliate-links',
    {
      onRequest: agentOnly,
      schema: memberRoute({
        summary: "The caller's affiliate codes with their registrations",
        tags,
        value: AffiliateLinkList,
      }),
    },
    async (req) => ok(await listAffiliateLinks(deps.db, caller(req))),
  );
  app.post(
    '/wps/agent/affiliate-links',
    {
      onRequest: agentOnly,
      schema: memberRoute({
        summary: 'Create a new affiliate code for the caller',
        tags,
        body: Empty,
        value: AffiliateLink,
      }),
    },
    async (req) => ok(await createAffiliateLink(deps, caller(req))),
  );
  app.delete(
    '/wps/agent/affiliate-links/:code',
    {
      onRequest: agentOnly,
      schema: memberRoute({
        summary: "Delete one of the caller's affiliate codes",
        tags,
        params: AffiliateLinkParams,
        value: AffiliateLinkDeleted,
      }),
    },
    async (req) => ok(await deleteAffiliateLink(deps.db, caller(req), req.params.code)),
  );
};
