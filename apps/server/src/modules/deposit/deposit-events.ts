import type { Realtime } from '../realtime/index.js';
import type { DepositListener } from './deposit.service.js';

/**
 * Pushes a deposit's new status to its member's sockets, so an open deposit page shows the
 * credit (or the rejection) without waiting for its next poll. Never throws (see Realtime).
 */
export function depositPublisher(realtime: Pick<Realtime, 'publishToMember'>): DepositListener {
  return ({ merchantId, memberId, depositId, status }) =>
    realtime.publishToMember(merchantId, memberId, { type: 'deposit', depositId, status });
}
