import type { Db } from '../../db/client.js';
import type { GameSessionRevocation } from '../../db/schema/index.js';
import { revokeGameSessions } from '../vendor-wallet/index.js';
import * as repo from './sessions.repository.js';

/**
 * Ends every session of the member and every open game at once (decision 018): self-exclusion,
 * lock, restriction and a password change or reset; the vendor wallet then refuses new bets on
 * those games while wins and rollbacks of rounds already placed still pay. `keepSessionId` is the
 * session that made the change, when it goes on.
 */
export async function endMemberSessions(
  db: Db,
  memberId: number,
  reason: GameSessionRevocation,
  keepSessionId?: number,
): Promise<void> {
  await repo.revokeMemberSessions(db, memberId, keepSessionId);
  await revokeGameSessions(db, memberId, reason);
}
