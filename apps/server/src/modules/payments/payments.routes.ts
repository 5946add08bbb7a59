import { ErrorEnvelope, GatewayCallbackAck, successEnvelope } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { ok } from '../../lib/route-schema.js';
import { publishLedgerResult } from '../realtime/index.js';
import type { GatewayRegistry } from './gateway.js';
import { handleCallback, type CallbackSettler } from './payments.service.js';

/**
 * The platform's callback route for payment gateways: public (no session), trusted only by the
 * gateway's signature over the raw body, which is why this scope reads JSON as text.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  gateways: GatewayRegistry;
  settle: CallbackSettler;
}> = async (app, { db, gateways, settle }) => {
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, body),
  );
  app.post(
    '/wps/payments/callback/:gateway',
    {
      config: { moneyAction: true },
      schema: {
        summary: 'Payment gateway callback (signed; credits a deposit or ends a payout once)',
        description:
          'The raw JSON body as the gateway signed it. Sandbox: headers x-sandbox-timestamp, ' +
          'x-sandbox-nonce and x-sandbox-signature = hex HMAC-SHA256 of "<timestamp>.<nonce>.<body>".',
        tags: ['payments'],
        params: z.object({ gateway: z.string().min(1).max(32) }),
        body: z.string().max(64 * 1024),
        response: {
          200: successEnvelope(GatewayCallbackAck),
          '4XX': ErrorEnvelope,
          '5XX': ErrorEnvelope,
        },
      },
    },
    async (req) =>
      ok(
        await handleCallback(
          db,
          gateways,
          settle,
          {
            gatewayCode: req.params.gateway,
            headers: req.headers as Record<string, string | undefined>,
            rawBody: req.body,
          },
          (merchantId, currency, entry) =>
            publishLedgerResult(req.server.realtime, merchantId, currency, entry),
        ),
      ),
  );
};
