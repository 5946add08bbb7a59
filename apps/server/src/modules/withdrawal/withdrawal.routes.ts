import {
  BindPayoutAccountRequest,
  PayoutAccount,
  PayoutAccountIdParams,
  PayoutAccountList,
  Withdrawal,
  WithdrawalIdParams,
  WithdrawalListQuery,
  WithdrawalPage,
  WithdrawalReceiptRequest,
  WithdrawInfo,
  WithdrawRequest,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { normalizeIp } from '../../lib/client-ip.js';
import { ACCOUNT_ROLES, allow, signedIn } from '../../lib/guards.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { ledgerPublisher } from '../realtime/index.js';
import {
  bindAccount,
  confirmReceipt,
  getWithdrawal,
  listAccounts,
  listWithdrawals,
  removeAccount,
  requestWithdrawal,
  withdrawInfo,
  type WithdrawCaller,
} from './withdrawal.service.js';

const tags = ['withdraw'];
/** One proof image of at most 5 MB, base64-encoded, plus the fields. */
const RECEIPT_BODY_LIMIT = 8 * 1024 * 1024;

function caller(req: FastifyRequest): WithdrawCaller {
  return {
    merchant: req.ctx.merchant,
    auth: signedIn(req, ACCOUNT_ROLES),
    ip: normalizeIp(req.ip),
  };
}

/** Withdrawals of members and agents (trial accounts are refused: IN_NEED_TRUE_ACCOUNT). */
export const withdrawalRoutes: FastifyPluginAsyncZod<{ db: Db; limiter: RateLimiter }> = async (
  app,
  { db, limiter },
) => {
  const onRequest = allow(...ACCOUNT_ROLES);
  app.get(
    '/wps/withdraw/info',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Balance, limits, what is left today and bonus turnover owed',
        tags,
        value: WithdrawInfo,
      }),
    },
    async (req) => ok(await withdrawInfo(db, caller(req))),
  );
  app.get(
    '/wps/withdraw/accounts',
    {
      onRequest,
      schema: memberRoute({
        summary: "The member's bound payout accounts and the KYC name they must carry",
        tags,
        value: PayoutAccountList,
      }),
    },
    async (req) => ok(await listAccounts(db, caller(req))),
  );
  app.put(
    '/wps/withdraw/accounts',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Bind a bank or e-wallet payout account (name = KYC real name when KYC is on)',
        tags,
        body: BindPayoutAccountRequest,
        value: PayoutAccount,
      }),
    },
    async (req) => ok(await bindAccount(db, caller(req), req.body)),
  );
  app.delete(
    '/wps/withdraw/accounts/:id',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Remove a bound payout account',
        tags,
        params: PayoutAccountIdParams,
        value: z.null(),
      }),
    },
    async (req) => {
      await removeAccount(db, caller(req), req.params.id);
      return ok(null);
    },
  );
  app.put(
    '/wps/withdraw',
    {
      config: { moneyAction: true },
      onRequest,
      schema: memberRoute({
        summary: 'Request a withdrawal: payment password, limits, turnover; holds the amount',
        tags,
        body: WithdrawRequest,
        value: Withdrawal,
      }),
    },
    async (req) =>
      ok(
        await requestWithdrawal(
          { db, limiter },
          caller(req),
          req.body,
          ledgerPublisher(req.server.realtime),
        ),
      ),
  );
  app.get(
    '/wps/withdraw/list',
    {
      onRequest,
      schema: memberRoute({
        summary: "The member's own withdrawals, newest first",
        tags,
        querystring: WithdrawalListQuery,
        value: WithdrawalPage,
      }),
    },
    async (req) => ok(await listWithdrawals(db, signedIn(req).member.id, req.query)),
  );
  app.get(
    '/wps/withdraw/:id',
    {
      onRequest,
      schema: memberRoute({
        summary: "One of the member's own withdrawals",
        tags,
        params: WithdrawalIdParams,
        value: Withdrawal,
      }),
    },
    async (req) => ok(await getWithdrawal(db, signedIn(req).member.id, req.params.id)),
  );
  app.post(
    '/wps/withdraw/:id/receipt',
    {
      bodyLimit: RECEIPT_BODY_LIMIT,
      onRequest,
      schema: memberRoute({
        summary: 'Confirm a paid withdrawal: received, partly or not received (with proof); once',
        tags,
        params: WithdrawalIdParams,
        body: WithdrawalReceiptRequest,
        value: Withdrawal,
      }),
    },
    async (req) => ok(await confirmReceipt(db, caller(req), req.params.id, req.body)),
  );
};
