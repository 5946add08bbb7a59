import {
  Deposit,
  DepositChannelList,
  DepositIdParams,
  DepositListQuery,
  DepositPage,
  ManualDepositRequest,
  OnlineDepositCreated,
  OnlineDepositRequest,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { ACCOUNT_ROLES, allow, signedIn } from '../../lib/guards.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import type { GatewayRegistry } from '../payments/index.js';
import {
  createManualDeposit,
  createOnlineDeposit,
  getDeposit,
  listChannels,
  listDeposits,
  type DepositCaller,
} from './deposit.service.js';

const tags = ['deposit'];
/** One receipt image of at most 5 MB, base64-encoded, plus the fields. */
const MANUAL_BODY_LIMIT = 8 * 1024 * 1024;

function caller(req: FastifyRequest): DepositCaller {
  return {
    merchant: req.ctx.merchant,
    memberId: signedIn(req).member.id,
    language: req.ctx.language,
  };
}

/** Deposits of members and agents (trial accounts are refused: IN_NEED_TRUE_ACCOUNT). */
export const depositRoutes: FastifyPluginAsyncZod<{ db: Db; gateways: GatewayRegistry }> = async (
  app,
  { db, gateways },
) => {
  const onRequest = allow(...ACCOUNT_ROLES);
  app.get(
    '/wps/deposit/channels',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Deposit channels the member may use, with limits',
        tags,
        value: DepositChannelList,
      }),
    },
    async (req) => ok(await listChannels(db, gateways, caller(req))),
  );
  app.put(
    '/wps/deposit/manual',
    {
      config: { startsPlayOrMoney: true },
      bodyLimit: MANUAL_BODY_LIMIT,
      onRequest,
      schema: memberRoute({
        summary: 'Manual deposit: amount, reference and receipt image (data URL); idempotent',
        tags,
        body: ManualDepositRequest,
        value: Deposit,
      }),
    },
    async (req) => ok(await createManualDeposit(db, gateways, caller(req), req.body)),
  );
  app.put(
    '/wps/deposit/online',
    {
      config: { startsPlayOrMoney: true },
      onRequest,
      schema: memberRoute({
        summary: 'Online deposit: creates the gateway payment; the browser goes to redirectUrl',
        tags,
        body: OnlineDepositRequest,
        value: OnlineDepositCreated,
      }),
    },
    async (req) => ok(await createOnlineDeposit(db, gateways, caller(req), req.body)),
  );
  app.get(
    '/wps/deposit/list',
    {
      onRequest,
      schema: memberRoute({
        summary: "The member's own deposits, newest first",
        tags,
        querystring: DepositListQuery,
        value: DepositPage,
      }),
    },
    async (req) => ok(await listDeposits(db, signedIn(req).member.id, req.query)),
  );
  app.get(
    '/wps/deposit/:id',
    {
      onRequest,
      schema: memberRoute({
        summary: "One of the member's own deposits",
        tags,
        params: DepositIdParams,
        value: Deposit,
      }),
    },
    async (req) => ok(await getDeposit(db, signedIn(req).member.id, req.params.id)),
  );
};
