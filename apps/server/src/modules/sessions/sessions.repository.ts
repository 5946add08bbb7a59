import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';

/** Ends every session of a member (password change, lock, self-exclusion). */
export function revokeMemberSessions(db: Db, memberId: number, exceptSessionId?: number) {
  return db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.memberId, memberId),
        isNull(sessions.revokedAt),
        exceptSessionId === undefined ? undefined : sql`${sessions.id} <> ${exceptSessionId}`,
      ),
    );
}
