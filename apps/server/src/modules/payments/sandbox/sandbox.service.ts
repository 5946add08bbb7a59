import { createHash } from 'node:crypto';
import { formatDisplayAmount } from '@app/shared';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import { callbackBodyOf } from './sandbox.gateway.js';
import * as repo from './sandbox.repository.js';
import { signCallback, type SignedCallback } from './sandbox-signature.js';

/** Sends a signed callback to the platform's route and says what it answered. */
export type CallbackDelivery = (
  path: string,
  callback: SignedCallback,
) => Promise<{ status: number; body: string }>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The checkout page's own style, inline (allowed by its hash: CHECKOUT_PAGE_CSP). */
const CHECKOUT_STYLE = `
      body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; }
      .card { border: 1px solid #ccd; border-radius: 8px; padding: 1.5rem; }
      button { font-size: 1rem; padding: 0.6rem 1.2rem; margin: 0.5rem 0; width: 100%; }
      .note { color: #666; font-size: 0.85rem; }
    `;

/** The checkout page's policy: no script, its one style, forms to this origin only. */
export const CHECKOUT_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(CHECKOUT_STYLE).digest('base64')}'`,
  "img-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
].join('; ');

/** The checkout page: what is paid to whom, and the Pay and Cancel buttons. */
export async function checkoutPage(db: Db, paymentId: string): Promise<string> {
  const payment = await repo.findPayment(db, paymentId);
  if (!payment || payment.kind !== 'payment') throw new AppError('NOT_FOUND');
  const id = escapeHtml(payment.id);
  const amount = `${escapeHtml(payment.currency)} ${formatDisplayAmount(payment.amount)}`;
  const actions =
    payment.status === 'pending'
      ? `<form method="post" action="/sandbox-pay/checkout/${id}/pay">
      <button type="submit" data-testid="sandbox-pay">Pay ${amount}</button>
    </form>
    <form method="post" action="/sandbox-pay/checkout/${id}/cancel">
      <button type="submit" data-testid="sandbox-cancel">Cancel</button>
    </form>`
      : `<p data-testid="sandbox-status">This payment is ${escapeHtml(payment.status)}.</p>
    <a href="${escapeHtml(payment.returnUrl ?? '/')}">Back to the merchant</a>`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Sandbox Pay</title>
    <link rel="icon" href="data:," />
    <style>${CHECKOUT_STYLE}</style>
  </head>
  <body>
    <div class="card">
      <h1>Sandbox Pay</h1>
      <p class="note">A test payment gateway: no real money moves.</p>
      <p>Merchant: <strong>${escapeHtml(payment.merchantCode)}</strong></p>
      <p>Order: <strong>${escapeHtml(payment.orderId)}</strong></p>
      <p>Amount: <strong data-testid="sandbox-amount">${amount}</strong></p>
      ${actions}
    </div>
  </body>
</html>
`;
}

/**
 * Pay or Cancel on the checkout page: the payment is finished once, the signed callback is sent
 * to the platform (and kept, as a gateway's dashboard keeps it), and the browser goes back.
 */
export async function finishCheckout(
  db: Db,
  key: string,
  deliver: CallbackDelivery,
  paymentId: string,
  outcome: 'paid' | 'cancelled',
): Promise<string> {
  const existing = await repo.findPayment(db, paymentId);
  if (!existing || existing.kind !== 'payment') throw new AppError('NOT_FOUND');
  const payment = await repo.finishPayment(db, paymentId, outcome);
  if (payment && payment.callbackPath) {
    const callback = signCallback(
      key,
      callbackBodyOf(payment, outcome === 'paid' ? 'paid' : 'failed'),
    );
    await repo.saveCallback(db, payment.id, callback);
    await deliver(payment.callbackPath, callback);
  }
  return existing.returnUrl ?? '/';
}

/**
 * The sandbox's payout desk finishes a pending payout (paid or failed) once and sends the signed
 * callback (kind payout) to the platform, exactly as a payout gateway would.
 */
export async function finishPayout(
  db: Db,
  key: string,
  deliver: CallbackDelivery,
  payoutId: string,
  outcome: 'paid' | 'failed',
): Promise<{ status: string; delivered: { status: number; body: string } | null }> {
  const existing = await repo.findPayment(db, payoutId);
  if (!existing || existing.kind !== 'payout') throw new AppError('NOT_FOUND');
  const payout = await repo.finishPayment(db, payoutId, outcome);
  if (!payout || !payout.callbackPath) return { status: existing.status, delivered: null };
  const callback = signCallback(key, callbackBodyOf(payout, outcome));
  await repo.saveCallback(db, payout.id, callback);
  return { status: payout.status, delivered: await deliver(payout.callbackPath, callback) };
}
