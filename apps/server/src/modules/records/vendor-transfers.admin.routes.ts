import {
  AdminIdParams,
  AdminVendorTransfer,
  AdminVendorTransferPage,
  AdminVendorTransferQuery,
  ResolveVendorTransferRequest,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { operatorActor, operatorAllow, signedInOperator } from '../operator/index.js';
import { ledgerPublisher } from '../realtime/index.js';
import { listVendorTransfers, resolveVendorTransfer } from './vendor-transfers.admin.service.js';

const tags = ['admin-payments'];

/**
 * Transfer-wallet moves in the back office (issue 5): the list (unresolved by default) and the
 * resolution of an unresolved one. Both need `members.adjust`, the permission of manual balance
 * adjustments (finance and owner): resolving moves a member's money.
 */
export const adminVendorTransferRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const adjust = operatorAllow('members.adjust');
  app.get(
    '/admin/api/vendor-transfers',
    {
      onRequest: adjust,
      schema: memberRoute({
        summary:
          "The merchant's vendor (transfer-wallet) transfers, newest first; unresolved by default",
        tags,
        querystring: AdminVendorTransferQuery,
        value: AdminVendorTransferPage,
      }),
    },
    async (req) => ok(await listVendorTransfers(db, signedInOperator(req).merchant.id, req.query)),
  );
  app.post(
    '/admin/api/vendor-transfers/:id/resolve',
    {
      config: { moneyAction: true },
      onRequest: adjust,
      schema: memberRoute({
        summary:
          'End an unresolved vendor transfer with what the vendor did: its money leaves transit; audited',
        tags,
        params: AdminIdParams,
        body: ResolveVendorTransferRequest,
        value: AdminVendorTransfer,
      }),
    },
    async (req) =>
      ok(
        await resolveVendorTransfer(
          db,
          operatorActor(req),
          req.params.id,
          req.body,
          ledgerPublisher(req.server.realtime),
        ),
      ),
  );
};
