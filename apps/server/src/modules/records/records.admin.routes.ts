import {
  AdminBetPage,
  AdminBetQuery,
  AdminGatewayCallbackPage,
  AdminIdParams,
  GatewayCallbackQuery,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { operatorAllow, signedInOperator } from '../operator/index.js';
import { callbackLog, memberBets } from './records.admin.service.js';

/** A member's bets (members.read) and the gateway callback log (payments.channels). */
export const adminRecordRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const merchantOf = (req: Parameters<typeof signedInOperator>[0]) =>
    signedInOperator(req).merchant.id;
  app.get(
    '/admin/api/members/:id/bets',
    {
      onRequest: operatorAllow('members.read'),
      schema: memberRoute({
        summary: "The member's game rounds, newest first",
        tags: ['admin-members'],
        params: AdminIdParams,
        querystring: AdminBetQuery,
        value: AdminBetPage,
      }),
    },
    async (req) => ok(await memberBets(db, merchantOf(req), req.params.id, req.query)),
  );
  app.get(
    '/admin/api/gateway-callbacks',
    {
      onRequest: operatorAllow('payments.channels'),
      schema: memberRoute({
        summary: 'Callbacks the payment gateways sent about this merchant, newest first',
        tags: ['admin-payments'],
        querystring: GatewayCallbackQuery,
        value: AdminGatewayCallbackPage,
      }),
    },
    async (req) => ok(await callbackLog(db, merchantOf(req), req.query)),
  );
};
