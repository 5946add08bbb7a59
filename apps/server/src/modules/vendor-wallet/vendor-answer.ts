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

/** A launch token as both paths read it (expiry in epoch milliseconds). */
export type SessionFacts = {
  merchantId: number;
  memberId: number;
  vendorCode: string;
  expiresAt: number;
  revokedReason: string | null;
};

/**
 * Why a balance, info or bet call on this token is refused (null: it is not), the one rule of the
 * one-call and the batched path. `maintenance` is asked of bets only; wins and rollbacks never
 * come here, so a round already placed always settles (decision 018).
 */
export function sessionRefusal(
  session: SessionFacts | undefined,
  credential: { merchantId: number; vendorCode: string },
  player: { id: number; status: string; type: number },
  maintenance: boolean,
): VendorStatus | null {
  if (
    !session ||
    session.merchantId !== credential.merchantId ||
    session.vendorCode !== credential.vendorCode
  ) {
    return 'RS_ERROR_INVALID_TOKEN';
  }
  if (session.memberId !== player.id) return 'RS_ERROR_INVALID_USER';
  // A password change ends the token like its expiry; self-exclusion, lock and restriction end
  // the member's play.
  if (session.revokedReason !== null) {
    return session.revokedReason === 'password'
      ? 'RS_ERROR_TOKEN_EXPIRED'
      : 'RS_ERROR_USER_DISABLED';
  }
  if (session.expiresAt <= Date.now()) return 'RS_ERROR_TOKEN_EXPIRED';
  if (player.status !== 'active' || player.type === TRIAL_TYPE) return 'RS_ERROR_USER_DISABLED';
  return maintenance ? 'RS_ERROR_GAME_MAINTENANCE' : null;
}
