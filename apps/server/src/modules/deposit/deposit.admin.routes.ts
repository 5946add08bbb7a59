import {
  AdminDepositChannel,
  AdminDepositChannelList,
  AdminDepositPage,
  AdminDepositQuery,
  UpdateDepositChannelRequest,
  Deposit,
  DepositIdParams,
  RejectDepositRequest,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { imageRoute, memberRoute, ok, sendImage } from '../../lib/route-schema.js';
import { operatorActor, operatorAllow, signedInOperator } from '../operator/index.js';
import { ledgerPublisher } from '../realtime/index.js';
import { depositPublisher } from './deposit-events.js';
import {
  approveDeposit,
  channelConfig,
  depositQueue,
  depositReceipt,
  rejectDeposit,
  updateChannelConfig,
} from './deposit.service.js';

const tags = ['admin-deposits'];

/** The back office's deposit queue and decisions (permission payments.deposits). */
export const depositAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const onRequest = operatorAllow('payments.deposits');
  app.get(
    '/admin/api/deposits',
    {
      onRequest,
      schema: memberRoute({
        summary: "The merchant's deposits, oldest first, filtered by status",
        tags,
        querystring: AdminDepositQuery,
        value: AdminDepositPage,
      }),
    },
    async (req) => ok(await depositQueue(db, signedInOperator(req).merchant.id, req.query)),
  );
  app.post(
    '/admin/api/deposits/:id/approve',
    {
      config: { moneyAction: true },
      onRequest,
      schema: memberRoute({
        summary: 'Approve a manual deposit: credits the member once',
        tags,
        params: DepositIdParams,
        value: Deposit,
      }),
    },
    async (req) =>
      ok(
        await approveDeposit(
          db,
          {
            ...operatorActor(req),
            depositId: req.params.id,
          },
          {
            onCredit: ledgerPublisher(req.server.realtime),
            onChange: depositPublisher(req.server.realtime),
          },
        ),
      ),
  );
  app.post(
    '/admin/api/deposits/:id/reject',
    {
      config: { moneyAction: true },
      onRequest,
      schema: memberRoute({
        summary: 'Reject a manual deposit with a reason; nothing moves',
        tags,
        params: DepositIdParams,
        body: RejectDepositRequest,
        value: Deposit,
      }),
    },
    async (req) =>
      ok(
        await rejectDeposit(
          db,
          { ...operatorActor(req), depositId: req.params.id, reason: req.body.reason },
          { onChange: depositPublisher(req.server.realtime) },
        ),
      ),
  );
  app.get(
    '/admin/api/deposits/:id/receipt',
    {
      onRequest,
      schema: imageRoute({
        summary: "A manual deposit's receipt image (JPEG, re-encoded at upload)",
        tags,
        params: DepositIdParams,
      }),
    },
    async (req, reply) =>
      sendImage(reply, await depositReceipt(db, signedInOperator(req).merchant.id, req.params.id)),
  );

  const configure = operatorAllow('payments.channels');
  app.get(
    '/admin/api/deposit-channels',
    {
      onRequest: configure,
      schema: memberRoute({
        summary: "The merchant's deposit channels, enabled or not, in display order",
        tags,
        value: AdminDepositChannelList,
      }),
    },
    async (req) => ok(await channelConfig(db, signedInOperator(req).merchant.id)),
  );
  app.put(
    '/admin/api/deposit-channels/:id',
    {
      onRequest: configure,
      schema: memberRoute({
        summary: "Change a deposit channel's limits, state, names, payee or order; audited",
        tags,
        params: DepositIdParams,
        body: UpdateDepositChannelRequest,
        value: AdminDepositChannel,
      }),
    },
    async (req) =>
      ok(
        await updateChannelConfig(
          db,
          {
            ...operatorActor(req),
            channelId: req.params.id,
          },
          req.body,
        ),
      ),
  );
};
