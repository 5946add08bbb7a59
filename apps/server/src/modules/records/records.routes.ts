import {
  BetRecordPage,
  BetRecordQuery,
  BonusPage,
  BonusQuery,
  ProfitQuery,
  ProfitReport,
  TransactionPage,
  TransactionQuery,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { ACCOUNT_ROLES, allow, signedIn } from '../../lib/guards.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { listBonuses } from '../bonus/index.js';
import { listBets } from './bets.service.js';
import { listTransactions, profitReport } from './records.service.js';

const tags = ['records'];

/**
 * The member's money records (SPEC section 7, member transactions under /wps/relay/): account
 * record, profit and loss, bonuses. Members and agents read only their own; trial accounts are
 * refused (IN_NEED_TRUE_ACCOUNT).
 */
export const recordsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const onRequest = allow(...ACCOUNT_ROLES);
  const owner = (req: Parameters<typeof signedIn>[0]) => ({
    merchant: req.ctx.merchant,
    memberId: signedIn(req, ACCOUNT_ROLES).member.id,
  });

  app.get(
    '/wps/relay/member/transactions',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Account record: the movements of the caller’s wallets, newest first',
        tags,
        querystring: TransactionQuery,
        value: TransactionPage,
      }),
    },
    async (req) => ok(await listTransactions(db, owner(req), req.query)),
  );
  app.get(
    '/wps/relay/member/profit',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Profit and loss per day (Asia/Manila) and game category',
        tags,
        querystring: ProfitQuery,
        value: ProfitReport,
      }),
    },
    async (req) => ok(await profitReport(db, owner(req), req.query)),
  );
  app.get(
    '/wps/relay/member/bets',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Betting records: the caller’s game rounds with bet, win and profit, newest first',
        tags,
        querystring: BetRecordQuery,
        value: BetRecordPage,
      }),
    },
    async (req) => ok(await listBets(db, { ...owner(req), language: req.ctx.language }, req.query)),
  );
  app.get(
    '/wps/relay/member/bonuses',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Bonus details: bonuses received and the turnover they still ask',
        tags,
        querystring: BonusQuery,
        value: BonusPage,
      }),
    },
    async (req) =>
      ok(await listBonuses(db, { ...owner(req), language: req.ctx.language }, req.query)),
  );
};
