import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { LedgerListener } from '../payment-orders/index.js';
import type { CallbackEvent, GatewayRegistry } from './gateway.js';
import * as repo from './payments.repository.js';

/** Verdicts after which the gateway is answered 200 (it must not send the callback again). */
const ACCEPTED = new Set(['credited', 'paid', 'failed', 'duplicate', 'replayed']);

/** What the owning module made of a verified callback; logged with the callback. */
export type CallbackSettlement = {
  verdict: string;
  merchantId: number | null;
  depositId: number | null;
};

/**
 * Settles a verified callback at the module that owns the order: a payout's at withdrawals, any
 * other at deposits. That dispatch is composition, so the app passes it in (src/payment-callbacks.ts).
 */
export type CallbackSettler = (
  db: Db,
  gatewayCode: string,
  event: CallbackEvent,
  onLedger?: LedgerListener,
) => Promise<CallbackSettlement>;

export type CallbackInput = {
  gatewayCode: string;
  headers: Record<string, string | undefined>;
  rawBody: string;
  now?: Date;
};

/**
 * A gateway's callback, exactly as received: its signature, age and nonce are checked by the
 * gateway's adapter, then its amount and currency against the deposit, which is credited once.
 * Every callback is logged with its verdict; a refused one answers CALLBACK_REJECTED.
 */
export async function handleCallback(
  db: Db,
  gateways: GatewayRegistry,
  settle: CallbackSettler,
  input: CallbackInput,
  onCredit?: LedgerListener,
): Promise<{ verdict: string }> {
  const gateway = gateways.get(input.gatewayCode);
  if (!gateway) throw new AppError('NOT_FOUND');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers)) {
    if (value !== undefined && (name.startsWith('x-') || name === 'content-type')) {
      headers[name] = value.slice(0, 200);
    }
  }
  const base = { gatewayCode: gateway.code, headers, body: input.rawBody.slice(0, 10_000) };
  const check = gateway.verifyCallback({
    headers: input.headers,
    rawBody: input.rawBody,
    now: input.now ?? new Date(),
  });
  if (!check.ok) {
    await repo.logCallback(db, {
      ...base,
      paymentId: check.paymentId,
      nonce: check.nonce,
      signatureValid: check.reason === 'stale_timestamp',
      verdict: check.reason,
    });
    throw new AppError('CALLBACK_REJECTED', { reason: check.reason });
  }
  const { event } = check;
  const signed = { ...base, paymentId: event.paymentId, nonce: event.nonce, signatureValid: true };
  if (await repo.nonceSeen(db, gateway.code, event.nonce)) {
    await repo.logCallback(db, { ...signed, verdict: 'replayed' });
    return { verdict: 'duplicate' };
  }
  const result = await settle(db, gateway.code, event, onCredit);
  await repo.logCallback(db, {
    ...signed,
    merchantId: result.merchantId,
    depositId: result.depositId,
    verdict: result.verdict,
  });
  if (!ACCEPTED.has(result.verdict)) {
    throw new AppError('CALLBACK_REJECTED', { reason: result.verdict });
  }
  return { verdict: result.verdict };
}
