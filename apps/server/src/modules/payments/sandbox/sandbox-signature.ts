import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { isDevelopmentMode } from '../../../config/env.js';

/**
 * How the sandbox gateway signs its callbacks, as real gateways do: HMAC-SHA256 with the
 * merchant's secret over `<timestamp>.<nonce>.<raw body>`, sent in headers beside the body.
 */
export const SANDBOX_HEADERS = {
  timestamp: 'x-sandbox-timestamp',
  nonce: 'x-sandbox-nonce',
  signature: 'x-sandbox-signature',
} as const;

/** Callbacks older or newer than this are refused (seconds). */
export const SANDBOX_TOLERANCE_SECONDS = 300;

/** Used in development and test when SANDBOX_PAY_SECRET is not set; never in production. */
export const SANDBOX_DEVELOPMENT_KEY = 'sandbox-pay-development-key-not-for-production';

/**
 * The key of the sandbox gateway for this configuration, or null when it is off: a gateway that
 * credits without money exists only in an explicit development mode.
 */
export function sandboxKey(env: {
  NODE_ENV: string;
  SANDBOX_PAY_SECRET?: string | undefined;
}): string | null {
  if (!isDevelopmentMode(env.NODE_ENV)) return null;
  return env.SANDBOX_PAY_SECRET || SANDBOX_DEVELOPMENT_KEY;
}

/** Each merchant's callback secret, derived from the gateway key. */
export function merchantSecret(key: string, merchantCode: string): string {
  return createHmac('sha256', key).update(`sandbox-pay/merchant/${merchantCode}`).digest('hex');
}

export function signature(secret: string, timestamp: string, nonce: string, rawBody: string) {
  return createHmac('sha256', secret).update(`${timestamp}.${nonce}.${rawBody}`).digest('hex');
}

export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export type SignedCallback = { headers: Record<string, string>; body: string };

/** A callback body signed for the merchant named in it, as the sandbox sends it. */
export function signCallback(
  key: string,
  payload: { merchantCode: string } & Record<string, unknown>,
  options: { now?: Date; nonce?: string } = {},
): SignedCallback {
  const body = JSON.stringify(payload);
  const timestamp = String(Math.floor((options.now ?? new Date()).getTime() / 1000));
  const nonce = options.nonce ?? randomUUID();
  return {
    headers: {
      'content-type': 'application/json',
      [SANDBOX_HEADERS.timestamp]: timestamp,
      [SANDBOX_HEADERS.nonce]: nonce,
      [SANDBOX_HEADERS.signature]: signature(
        merchantSecret(key, payload.merchantCode),
        timestamp,
        nonce,
        body,
      ),
    },
    body,
  };
}
