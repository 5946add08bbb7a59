import { randomBytes } from 'node:crypto';
import { formatAmount, parseAmount } from '@app/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type {
  CallbackCheck,
  CreatePaymentRequest,
  CreatedPayment,
  PaymentGateway,
  PayoutRequest,
  PayoutResult,
} from '../gateway.js';
import * as repo from './sandbox.repository.js';
import {
  merchantSecret,
  SANDBOX_HEADERS,
  SANDBOX_TOLERANCE_SECONDS,
  signature,
  signatureMatches,
} from './sandbox-signature.js';

export const SANDBOX_GATEWAY_CODE = 'sandbox';

/** The body of a sandbox callback (amount as the member API writes it: "100.00"). */
export const SandboxCallbackBody = z.object({
  merchantCode: z.string().min(1).max(32),
  paymentId: z.string().min(1).max(64),
  orderId: z.string().min(1).max(64),
  amount: z.string().max(24),
  currency: z.string().length(3),
  status: z.enum(['paid', 'failed']),
  /** payout for a withdrawal's payout; absent or payment for a deposit. */
  kind: z.enum(['payment', 'payout']).optional(),
});
export type SandboxCallbackBody = z.infer<typeof SandboxCallbackBody>;

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

/** Reads a JSON object leniently, for logging what a refused callback claimed. */
function claimed(rawBody: string): { paymentId: string | null } {
  try {
    const value: unknown = JSON.parse(rawBody);
    const paymentId = (value as { paymentId?: unknown })?.paymentId;
    return { paymentId: typeof paymentId === 'string' ? paymentId.slice(0, 64) : null };
  } catch {
    return { paymentId: null };
  }
}

/** The adapter of the in-server sandbox gateway (its pages and callbacks: sandbox.routes.ts). */
export function createSandboxGateway(db: Db, key: string): PaymentGateway {
  return {
    code: SANDBOX_GATEWAY_CODE,

    async createPayment(request: CreatePaymentRequest): Promise<CreatedPayment> {
      const row = await repo.insertOrFind(db, {
        id: newId('sbx'),
        kind: 'payment',
        merchantCode: request.merchantCode,
        orderId: request.orderId,
        amount: request.amount,
        currency: request.currency,
        callbackPath: request.callbackPath,
        returnUrl: request.returnUrl,
      });
      return { paymentId: row.id, redirectUrl: `/sandbox-pay/checkout/${row.id}` };
    },

    verifyCallback({ headers, rawBody, now }): CallbackCheck {
      const timestamp = headers[SANDBOX_HEADERS.timestamp] ?? '';
      const nonce = headers[SANDBOX_HEADERS.nonce] ?? '';
      const given = headers[SANDBOX_HEADERS.signature] ?? '';
      const { paymentId } = claimed(rawBody);
      const refuse = (reason: 'malformed' | 'bad_signature' | 'stale_timestamp') =>
        ({ ok: false, reason, paymentId, nonce: nonce ? nonce.slice(0, 64) : null }) as const;
      if (!/^\d{1,12}$/.test(timestamp) || !/^[A-Za-z0-9-]{8,64}$/.test(nonce) || !given) {
        return refuse('malformed');
      }
      let body: SandboxCallbackBody;
      try {
        const parsed = SandboxCallbackBody.safeParse(JSON.parse(rawBody));
        if (!parsed.success) return refuse('malformed');
        body = parsed.data;
      } catch {
        return refuse('malformed');
      }
      const expected = signature(merchantSecret(key, body.merchantCode), timestamp, nonce, rawBody);
      if (!signatureMatches(expected, given)) return refuse('bad_signature');
      const age = Math.abs(now.getTime() / 1000 - Number(timestamp));
      if (age > SANDBOX_TOLERANCE_SECONDS) return refuse('stale_timestamp');
      const amount = parseAmount(body.amount);
      if (amount === null) return refuse('malformed');
      return {
        ok: true,
        event: {
          merchantCode: body.merchantCode,
          paymentId: body.paymentId,
          orderId: body.orderId,
          amount,
          currency: body.currency,
          status: body.status,
          nonce,
          kind: body.kind ?? 'payment',
        },
      };
    },

    /**
     * Pays out, once per order. The payee's account number picks the sandbox's answer (so every
     * path can be exercised): ending in 0001 the payout fails at once, ending in 0002 it stays
     * pending until the sandbox's payout page completes or fails it (signed callback), ending in
     * 0003 the first call takes the order and pays it but the answer is lost (a timeout: the
     * caller must ask again), anything else is paid at once.
     */
    async payout(request: PayoutRequest): Promise<PayoutResult> {
      const outcome = sandboxPayoutOutcome(request.payee.account);
      const id = newId('sbxo');
      const row = await repo.insertOrFind(db, {
        id,
        kind: 'payout',
        merchantCode: request.merchantCode,
        orderId: request.orderId,
        amount: request.amount,
        currency: request.currency,
        status: outcome === 'lost' ? 'paid' : outcome,
        callbackPath: request.callbackPath,
      });
      if (outcome === 'lost' && row.id === id) throw new Error('sandbox: payout answer lost');
      if (row.status === 'pending') return { payoutId: row.id, status: 'pending' };
      if (row.status === 'paid') return { payoutId: row.id, status: 'paid' };
      return { payoutId: row.id, status: 'failed', reason: 'sandbox: payee account refused' };
    },
  };
}

/** The sandbox's answer to a payout to this account number (see `payout`). */
export function sandboxPayoutOutcome(
  accountNumber: string,
): 'paid' | 'pending' | 'failed' | 'lost' {
  if (accountNumber.endsWith('0001')) return 'failed';
  if (accountNumber.endsWith('0002')) return 'pending';
  if (accountNumber.endsWith('0003')) return 'lost';
  return 'paid';
}

/** The callback body the sandbox sends for a finished payment or payout. */
export function callbackBodyOf(
  payment: repo.SandboxPaymentRow,
  status: 'paid' | 'failed',
): SandboxCallbackBody {
  return {
    merchantCode: payment.merchantCode,
    paymentId: payment.id,
    orderId: payment.orderId,
    amount: formatAmount(payment.amount),
    currency: payment.currency,
    status,
    ...(payment.kind === 'payout' ? { kind: 'payout' as const } : {}),
  };
}
