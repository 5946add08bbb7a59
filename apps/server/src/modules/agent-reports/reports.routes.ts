import {
  AgentIncomePage,
  AgentIncomeQuery,
  TeamBetPage,
  TeamBetQuery,
  TeamOverview,
  TeamOverviewQuery,
  TeamTransactionPage,
  TeamTransactionQuery,
  UserLossPage,
  UserLossQuery,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { allow, signedIn } from '../../lib/guards.js';
import { csvRoute, sendCsv } from '../../lib/csv-reply.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { betsCsv, incomeCsv, lossCsv, overviewCsv, transactionsCsv } from './reports.export.js';
import {
  agentIncome,
  teamBets,
  teamOverview,
  teamTransactions,
  userLoss,
  type Caller,
} from './reports.service.js';

const tags = ['agent'];

/**
 * The agent centre's reports (issue 8; shapes in packages/shared/src/agent/reports.ts). Agents
 * only (members FORBIDDEN, trial IN_NEED_TRUE_ACCOUNT, visitors NOT_LOGGED_IN); each reads the
 * caller's own team (member_tree, any depth below them) or, for income, the caller's own accounts.
 */
export const agentReportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const onRequest = allow('agent');
  const caller = (req: FastifyRequest): Caller => ({
    merchant: req.ctx.merchant,
    agentId: signedIn(req, ['agent']).member.id,
    log: req.log,
  });

  app.get(
    '/wps/agent/report/overview',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Team overview: members, activity, deposits, withdrawals, bets and P/L',
        tags,
        querystring: TeamOverviewQuery,
        value: TeamOverview,
      }),
    },
    async (req) => ok(await teamOverview(db, caller(req), req.query)),
  );
  app.get(
    '/wps/agent/report/bets',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Team betting: the game rounds of the caller’s team, newest first',
        tags,
        querystring: TeamBetQuery,
        value: TeamBetPage,
      }),
    },
    async (req) => ok(await teamBets(db, caller(req), req.query)),
  );
  app.get(
    '/wps/agent/report/loss',
    {
      onRequest,
      schema: memberRoute({
        summary: 'User loss statement: bets, valid bets, payouts, P/L and bonuses per member',
        tags,
        querystring: UserLossQuery,
        value: UserLossPage,
      }),
    },
    async (req) => ok(await userLoss(db, caller(req), req.query)),
  );
  app.get(
    '/wps/agent/report/transactions',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Downline transaction details: the team’s account movements, newest first',
        tags,
        querystring: TeamTransactionQuery,
        value: TeamTransactionPage,
      }),
    },
    async (req) => ok(await teamTransactions(db, caller(req), req.query)),
  );
  app.get(
    '/wps/agent/report/income',
    {
      onRequest,
      schema: memberRoute({
        summary: 'My income: what the caller’s contracts paid them',
        tags,
        querystring: AgentIncomeQuery,
        value: AgentIncomePage,
      }),
    },
    async (req) => ok(await agentIncome(db, caller(req), req.query)),
  );

  // `/export` of each report above: same filters, every row of the range (page and size ignored).
  app.get(
    '/wps/agent/report/overview/export',
    {
      onRequest,
      schema: csvRoute({ summary: 'Team overview as CSV', tags, querystring: TeamOverviewQuery }),
    },
    async (req, reply) => sendCsv(reply, await overviewCsv(db, caller(req), req.query)),
  );
  app.get(
    '/wps/agent/report/bets/export',
    {
      onRequest,
      schema: csvRoute({ summary: 'Team betting as CSV', tags, querystring: TeamBetQuery }),
    },
    async (req, reply) => sendCsv(reply, await betsCsv(db, caller(req), req.query)),
  );
  app.get(
    '/wps/agent/report/loss/export',
    {
      onRequest,
      schema: csvRoute({ summary: 'User loss statement as CSV', tags, querystring: UserLossQuery }),
    },
    async (req, reply) => sendCsv(reply, await lossCsv(db, caller(req), req.query)),
  );
  app.get(
    '/wps/agent/report/transactions/export',
    {
      onRequest,
      schema: csvRoute({
        summary: 'Downline transaction details as CSV',
        tags,
        querystring: TeamTransactionQuery,
      }),
    },
    async (req, reply) => sendCsv(reply, await transactionsCsv(db, caller(req), req.query)),
  );
  app.get(
    '/wps/agent/report/income/export',
    {
      onRequest,
      schema: csvRoute({ summary: 'My income as CSV', tags, querystring: AgentIncomeQuery }),
    },
    async (req, reply) => sendCsv(reply, await incomeCsv(db, caller(req), req.query)),
  );
};
