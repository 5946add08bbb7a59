import {
  DownlineTransferInfo,
  DownlineTransferRequest,
  MemberTransferResult,
  UplineTransferInfo,
  UplineTransferRequest,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_ROLES, allow, signedIn } from '../../lib/guards.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { publishLedgerResult } from '../realtime/index.js';
import {
  downlineTransferInfo,
  transferToDownline,
  transferToUpline,
  uplineTransferInfo,
  type TransferDeps,
} from './transfer.service.js';

const tags = ['wallet'];

const caller = (req: Parameters<typeof signedIn>[0]) => ({
  merchant: req.ctx.merchant,
  member: signedIn(req).member,
  ip: req.ctx.ip,
});

/**
 * Member-to-member transfers inside an agent tree, an account to its upline (SPEC section 6).
 * Trial accounts are refused by the guards (IN_NEED_TRUE_ACCOUNT).
 */
export const transferRoutes: FastifyPluginAsyncZod<TransferDeps> = async (app, deps) => {
  app.get(
    '/wps/v2/wallets/transfer/upline',
    {
      onRequest: allow(...ACCOUNT_ROLES),
      schema: memberRoute({
        summary: "The caller's upline, balance and transfer limits (transferUpline page)",
        tags,
        value: UplineTransferInfo,
      }),
    },
    async (req) => ok(await uplineTransferInfo(deps.db, caller(req))),
  );
  app.post(
    '/wps/v2/wallets/transfer/upline',
    {
      config: { startsPlayOrMoney: true, moneyAction: true },
      onRequest: allow(...ACCOUNT_ROLES),
      schema: memberRoute({
        summary: 'Send money from the main wallet to the direct upline',
        tags,
        body: UplineTransferRequest,
        value: MemberTransferResult,
      }),
    },
    async (req) => {
      const { merchant } = req.ctx;
      const { result, entry } = await transferToUpline(deps, caller(req), req.body);
      await publishLedgerResult(req.server.realtime, merchant.id, merchant.currency, entry);
      return ok(result);
    },
  );
};

/**
 * An agent's transfers to their own downline (SPEC section 6): one of the agent programme's doors
 * (decision 020), registered where the app composes them.
 */
export const downlineTransferRoutes: FastifyPluginAsyncZod<TransferDeps> = async (app, deps) => {
  app.get(
    '/wps/v2/wallets/transfer/downline',
    {
      onRequest: allow('agent'),
      schema: memberRoute({
        summary: "An agent's balance and limits for transfers to their downline",
        tags,
        value: DownlineTransferInfo,
      }),
    },
    async (req) => ok(await downlineTransferInfo(deps.db, caller(req))),
  );
  app.post(
    '/wps/v2/wallets/transfer/downline',
    {
      config: { startsPlayOrMoney: true, moneyAction: true },
      onRequest: allow('agent'),
      schema: memberRoute({
        summary: 'An agent sends money to an account of their own downline (any depth)',
        tags,
        body: DownlineTransferRequest,
        value: MemberTransferResult,
      }),
    },
    async (req) => {
      const { merchant } = req.ctx;
      const { result, entry } = await transferToDownline(deps, caller(req), req.body);
      await publishLedgerResult(req.server.realtime, merchant.id, merchant.currency, entry);
      return ok(result);
    },
  );
};
