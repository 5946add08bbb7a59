import { ErrorEnvelope } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import {
  CHECKOUT_PAGE_CSP,
  checkoutPage,
  finishCheckout,
  finishPayout,
  type CallbackDelivery,
} from './sandbox.service.js';

const tags = ['sandbox-pay'];
const Params = z.object({ paymentId: z.string().min(1).max(64) });
const PayoutParams = z.object({ payoutId: z.string().min(1).max(64) });
const PayoutFinished = z.object({
  status: z.string(),
  callbackStatus: z.number().int().nullable(),
});
const errors = { '4XX': ErrorEnvelope, '5XX': ErrorEnvelope };

/**
 * The sandbox gateway's own pages (decision 009): public like a real gateway's checkout, no
 * platform session. Its callbacks are signed and checked exactly as a real gateway's.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<{
  db: Db;
  key: string;
  deliver: CallbackDelivery;
}> = async (app, { db, key, deliver }) => {
  app.get(
    '/sandbox-pay/checkout/:paymentId',
    {
      schema: {
        summary: 'Sandbox gateway: checkout page (HTML) with Pay and Cancel',
        tags,
        params: Params,
        response: { 200: z.string().describe('text/html'), ...errors },
      },
    },
    async (req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', CHECKOUT_PAGE_CSP)
        .send(await checkoutPage(db, req.params.paymentId)),
  );
  for (const [action, outcome] of [
    ['pay', 'paid'],
    ['cancel', 'cancelled'],
  ] as const) {
    app.post(
      `/sandbox-pay/checkout/:paymentId/${action}`,
      {
        schema: {
          summary: `Sandbox gateway: ${action} (sends the signed callback, redirects back)`,
          tags,
          params: Params,
          response: errors,
        },
      },
      async (req, reply) => {
        const back = await finishCheckout(db, key, deliver, req.params.paymentId, outcome);
        return reply.redirect(back, 303);
      },
    );
  }
  // The sandbox's payout desk: a pending payout (payee account ending in 0002) is finished here.
  for (const [action, outcome] of [
    ['complete', 'paid'],
    ['fail', 'failed'],
  ] as const) {
    app.post(
      `/sandbox-pay/payouts/:payoutId/${action}`,
      {
        schema: {
          summary: `Sandbox gateway: ${action} a pending payout (sends the signed payout callback)`,
          tags,
          params: PayoutParams,
          response: { 200: PayoutFinished, ...errors },
        },
      },
      async (req) => {
        const done = await finishPayout(db, key, deliver, req.params.payoutId, outcome);
        return { status: done.status, callbackStatus: done.delivered?.status ?? null };
      },
    );
  }
};
