/**
 * A payment gateway as the platform uses it (decision 009): it collects a deposit on its own
 * checkout page and reports the result by a signed callback; later it pays withdrawals out. Each
 * gateway has an adapter behind this interface; only the callback credits money.
 */

export type CreatePaymentRequest = {
  merchantCode: string;
  /** The platform's reference of the payment: the deposit id. */
  orderId: string;
  amount: bigint;
  currency: string;
  /** The platform's callback route for this gateway (path; the gateway knows the origin). */
  callbackPath: string;
  /** Where the gateway sends the browser back after paying or cancelling. */
  returnUrl: string;
};

export type CreatedPayment = {
  /** The gateway's id of the payment; unique per gateway. */
  paymentId: string;
  /** The gateway's checkout page. */
  redirectUrl: string;
};

/** What a verified callback says. */
export type CallbackEvent = {
  merchantCode: string;
  paymentId: string;
  orderId: string;
  amount: bigint;
  currency: string;
  status: 'paid' | 'failed';
  nonce: string;
  /** What the callback is about: a payment (deposit, the default) or a payout (withdrawal). */
  kind?: 'payment' | 'payout';
};

export type CallbackRejection = 'malformed' | 'bad_signature' | 'stale_timestamp';

export type CallbackCheck =
  | { ok: true; event: CallbackEvent }
  | { ok: false; reason: CallbackRejection; paymentId: string | null; nonce: string | null };

export type PayoutRequest = {
  merchantCode: string;
  /** The platform's reference: the withdrawal id. */
  orderId: string;
  amount: bigint;
  currency: string;
  payee: { method: string; name: string; account: string; bank: string | null };
  /** The platform's callback route for this gateway, for a payout that ends later. */
  callbackPath: string;
};

export type PayoutResult = {
  payoutId: string;
  /** paid: money sent; pending: a callback will tell; failed: nothing sent. */
  status: 'paid' | 'pending' | 'failed';
  /** Why a payout failed, as the gateway says it. */
  reason?: string;
};

export interface PaymentGateway {
  readonly code: string;
  /** Creates (idempotently, by merchant and order id) a payment the member completes. */
  createPayment(request: CreatePaymentRequest): Promise<CreatedPayment>;
  /**
   * Checks a callback exactly as received (headers lower-cased, raw body): signature, freshness,
   * shape. Amount and currency against the deposit are the caller's check.
   */
  verifyCallback(input: {
    headers: Record<string, string | undefined>;
    rawBody: string;
    now: Date;
  }): CallbackCheck;
  /**
   * Sends money to a payee (withdrawals); idempotent by merchant and order id. A `pending` result
   * is settled later by the gateway's signed callback (kind `payout`) on `callbackPath`.
   */
  payout?(request: PayoutRequest): Promise<PayoutResult>;
}

/** The gateways this server can use, by code; a channel whose gateway is missing is unavailable. */
export type GatewayRegistry = ReadonlyMap<string, PaymentGateway>;

export function callbackPathOf(gatewayCode: string): string {
  return `/wps/payments/callback/${gatewayCode}`;
}
