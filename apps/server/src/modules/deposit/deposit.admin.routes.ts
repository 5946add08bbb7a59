import {
  AdminDepositPage,
  AdminDepositQuery,
  Deposit,
  DepositIdParams,
  RejectDepositRequest,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { normalizeIp } from '../../lib/client-ip.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { operatorAllow, signedInOperator } from '../operator/operator.guards.js';
import { publishLedgerResult } from '../realtime/publish-ledger.js';
import { approveDeposit, depositQueue, rejectDeposit } from './deposit.service.js';

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
      onRequest,
      schema: memberRoute({
        summary: 'Approve a manual deposit: credits the member once',
        tags,
        params: DepositIdParams,
        value: Deposit,
      }),
    },
    async (req) => {
      const auth = signedInOperator(req);
      return ok(
        await approveDeposit(
          db,
          {
            merchantId: auth.merchant.id,
            depositId: req.params.id,
            operatorId: auth.operator.id,
            ip: normalizeIp(req.ip),
          },
          (merchantId, currency, entry) =>
            publishLedgerResult(req.server.realtime, merchantId, currency, entry),
        ),
      );
    },
  );
  app.post(
    '/admin/api/deposits/:id/reject',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Reject a manual deposit with a reason; nothing moves',
        tags,
        params: DepositIdParams,
        body: RejectDepositRequest,
        value: Deposit,
      }),
    },
    async (req) => {
      const auth = signedInOperator(req);
      return ok(
        await rejectDeposit(db, {
          merchantId: auth.merchant.id,
          depositId: req.params.id,
          operatorId: auth.operator.id,
          ip: normalizeIp(req.ip),
          reason: req.body.reason,
        }),
      );
    },
  );
};
