import { createHash } from 'node:crypto';
import type { VendorStatus } from '@app/shared';

/**
 * Answer bodies and ids shared by the one-call path (vendor-wallet.service.ts) and the batched
 * path (vendor-batcher.ts): both must send the same bytes for the same call.
 */

/** Trial accounts (SPEC section 6) never play for money. */
export const TRIAL_TYPE = 4;

export type AnswerFields = {
  request_uuid: unknown;
  user: unknown;
  currency: string | null;
  balance: bigint | null;
};

/** The answer body, fields always in the documented order. */
export function answerBody(
  status: VendorStatus,
  fields: AnswerFields,
  extra?: Record<string, unknown>,
): string {
  return JSON.stringify({
    status,
    request_uuid: typeof fields.request_uuid === 'string' ? fields.request_uuid : null,
    user: typeof fields.user === 'string' ? fields.user : null,
    currency: fields.currency,
    balance: fields.balance === null ? null : Number(fields.balance),
    ...extra,
  });
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function statusOf(body: string): VendorStatus {
  return (JSON.parse(body) as { status: VendorStatus }).status;
}

/** The ledger idempotency key of a vendor movement. */
export function vendorLedgerKey(credentialId: number, kind: string, transactionUuid: string) {
  return `vendor:${credentialId}:${kind}:${transactionUuid}`;
}
