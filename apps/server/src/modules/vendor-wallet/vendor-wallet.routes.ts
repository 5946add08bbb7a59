import {
  VENDOR_API_PREFIX,
  VENDOR_CODE_HEADER,
  VENDOR_SIGNATURE_HEADER,
  VendorBalanceRequest,
  VendorBetRequest,
  VendorRollbackRequest,
  VendorUserInfoResponse,
  VendorWalletResponse,
  VendorWinRequest,
  type VendorCall,
} from '@app/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { MerchantResolver } from '../merchant/index.js';
import type { DoorSwitches } from '../system/index.js';
import { publishLedgerResult } from '../realtime/index.js';
import { handleVendorCall, type VendorCalls } from './vendor-wallet.service.js';

const ROUTES: { call: VendorCall; summary: string; body: z.ZodType; answer: z.ZodType }[] = [
  {
    call: 'user/info',
    summary: 'Vendor: the member’s display name and main wallet balance (valid token)',
    body: VendorBalanceRequest,
    answer: VendorUserInfoResponse,
  },
  {
    call: 'user/balance',
    summary: 'Vendor: the member’s main wallet balance (valid token)',
    body: VendorBalanceRequest,
    answer: VendorWalletResponse,
  },
  {
    call: 'transaction/bet',
    summary: 'Vendor: takes a stake, once per transaction_uuid (valid token)',
    body: VendorBetRequest,
    answer: VendorWalletResponse,
  },
  {
    call: 'transaction/win',
    summary: 'Vendor: pays a win against a bet, once per transaction_uuid (no token expiry)',
    body: VendorWinRequest,
    answer: VendorWalletResponse,
  },
  {
    call: 'transaction/rollback',
    summary: 'Vendor: cancels a bet and returns its stake, once (no token expiry)',
    body: VendorRollbackRequest,
    answer: VendorWalletResponse,
  },
];

const Headers = z.object({
  [VENDOR_CODE_HEADER]: z.string().describe('The vendor code (vassalage)'),
  [VENDOR_SIGNATURE_HEADER]: z
    .string()
    .describe('Hex HMAC-SHA256 of the raw body with the vendor secret (or base64 RSA-SHA256)'),
  merchant: z.string().optional().describe('Merchant code; otherwise resolved by host'),
});

const DESCRIPTION =
  'Signed server-to-server call of a game vendor (docs/vendor-wallet-api.md). Always HTTP 200 ' +
  'with a `status`: RS_OK, RS_ERROR_INVALID_PARTNER, RS_ERROR_INVALID_SIGNATURE, ' +
  'RS_ERROR_WRONG_SYNTAX, RS_ERROR_WRONG_TYPES, RS_ERROR_INVALID_TOKEN, RS_ERROR_TOKEN_EXPIRED, ' +
  'RS_ERROR_INVALID_USER, RS_ERROR_USER_DISABLED, RS_ERROR_INVALID_GAME, ' +
  'RS_ERROR_WRONG_CURRENCY, RS_ERROR_NOT_ENOUGH_MONEY (with the real balance), ' +
  'RS_ERROR_DUPLICATE_TRANSACTION, RS_ERROR_TRANSACTION_DOES_NOT_EXIST, ' +
  'RS_ERROR_TRANSACTION_ROLLED_BACK, RS_ERROR_BET_ALREADY_SETTLED, RS_ERROR_ROUND_CLOSED, ' +
  'RS_ERROR_UNKNOWN. A replay of a transaction_uuid answers the stored bytes.';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) || undefined;
}

/**
 * The vendor wallet API under /vendor-api/v1/: public (no member session), trusted only by the
 * signature over the raw body, which is why this scope reads JSON as text and answers the
 * service's bytes unchanged (the schemas document the bodies; the service checks them).
 */
export const vendorWalletRoutes: FastifyPluginAsync<{
  db: Db;
  resolveMerchant: MerchantResolver;
  /** Opens the vendors' secrets (stored sealed) to check signatures. */
  secrets: SecretBox;
  /** The app's cached door switches (a bet waits for the end of a maintenance). */
  switches: DoorSwitches;
  /** The vendor wallet's process state (its batcher and memos), built once by buildApp. */
  calls: VendorCalls;
}> = async (app, { db, secrets, switches, calls, resolveMerchant }) => {
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, body),
  );
  for (const route of ROUTES) {
    app.post(
      `${VENDOR_API_PREFIX}/${route.call}`,
      {
        schema: {
          summary: route.summary,
          description: DESCRIPTION,
          tags: ['vendor-wallet'],
          headers: Headers,
          body: route.body,
          response: { 200: route.answer },
        },
        validatorCompiler: () => (value: unknown) => ({ value }),
        serializerCompiler: () => (value) => value as string,
      },
      async (request, reply) => {
        const merchant = await resolveMerchant({
          headerCode: header(request, 'merchant'),
          host: request.hostname,
        }).catch(() => null);
        const result = await handleVendorCall(
          { db, secrets, switches, calls },
          {
            // An unknown merchant has no credentials: the call is answered RS_ERROR_INVALID_PARTNER.
            merchantId: merchant?.id ?? 0,
            vendorCode: header(request, VENDOR_CODE_HEADER),
            path: route.call,
            rawBody: typeof request.body === 'string' ? request.body : '',
            signature: header(request, VENDOR_SIGNATURE_HEADER),
          },
        );
        if (result.error) request.log.error({ err: result.error }, 'vendor wallet call failed');
        if (result.entry && result.currency) {
          await publishLedgerResult(
            request.server.realtime,
            result.merchantId,
            result.currency,
            result.entry,
          );
        }
        return reply.type('application/json').send(result.body);
      },
    );
  }
};
