import {
  AdminWithdrawalPage,
  AdminWithdrawalQuery,
  RejectWithdrawalRequest,
  Withdrawal,
  WithdrawalIdParams,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { imageRoute, memberRoute, ok, sendImage } from '../../lib/route-schema.js';
import { operatorActor, operatorAllow, signedInOperator } from '../operator/index.js';
import type { GatewayRegistry } from '../payments/index.js';
import { ledgerPublisher } from '../realtime/index.js';
import {
  approveWithdrawal,
  retryPayout,
  rejectWithdrawal,
  withdrawalProof,
  withdrawalQueue,
} from './withdrawal.service.js';

const tags = ['admin-withdrawals'];

/** The back office's withdrawal queue and decisions (permission payments.withdrawals). */
export const withdrawalAdminRoutes: FastifyPluginAsyncZod<{
  db: Db;
  gateways: GatewayRegistry;
}> = async (app, { db, gateways }) => {
  const onRequest = operatorAllow('payments.withdrawals');
  app.get(
    '/admin/api/withdrawals',
    {
      onRequest,
      schema: memberRoute({
        summary: "The merchant's withdrawals, oldest first, filtered by status, with receipts",
        tags,
        querystring: AdminWithdrawalQuery,
        value: AdminWithdrawalPage,
      }),
    },
    async (req) => ok(await withdrawalQueue(db, signedInOperator(req).merchant.id, req.query)),
  );
  app.post(
    '/admin/api/withdrawals/:id/approve',
    {
      config: { moneyAction: true },
      onRequest,
      schema: memberRoute({
        summary: 'Approve a pending withdrawal: pays it out through the gateway, once',
        tags,
        params: WithdrawalIdParams,
        value: Withdrawal,
      }),
    },
    async (req) =>
      ok(
        await approveWithdrawal(
          { db, gateways },
          {
            ...operatorActor(req),
            withdrawalId: req.params.id,
          },
          ledgerPublisher(req.server.realtime),
        ),
      ),
  );
  app.post(
    '/admin/api/withdrawals/:id/retry-payout',
    {
      config: { moneyAction: true },
      onRequest,
      schema: memberRoute({
        summary: 'Ask the gateway again about a payout whose call got no answer (same order id)',
        tags,
        params: WithdrawalIdParams,
        value: Withdrawal,
      }),
    },
    async (req) =>
      ok(
        await retryPayout(
          { db, gateways },
          { ...operatorActor(req), withdrawalId: req.params.id },
          ledgerPublisher(req.server.realtime),
        ),
      ),
  );
  app.post(
    '/admin/api/withdrawals/:id/reject',
    {
      config: { moneyAction: true },
      onRequest,
      schema: memberRoute({
        summary: 'Reject a pending withdrawal with a reason; the held amount goes back',
        tags,
        params: WithdrawalIdParams,
        body: RejectWithdrawalRequest,
        value: Withdrawal,
      }),
    },
    async (req) =>
      ok(
        await rejectWithdrawal(
          db,
          {
            ...operatorActor(req),
            withdrawalId: req.params.id,
            reason: req.body.reason,
          },
          ledgerPublisher(req.server.realtime),
        ),
      ),
  );
  app.get(
    '/admin/api/withdrawals/:id/proof',
    {
      onRequest,
      schema: imageRoute({
        summary: "The member's proof image of a partly or not received withdrawal (JPEG)",
        tags,
        params: WithdrawalIdParams,
      }),
    },
    async (req, reply) =>
      sendImage(reply, await withdrawalProof(db, signedInOperator(req).merchant.id, req.params.id)),
  );
};
