import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { members, sessions } from '../../db/schema/index.js';

/**
 * Which of `sessionIds` are still live (not revoked, not past absolute or idle expiry, of an
 * active account), without moving their idle deadline: an open socket is not activity.
 */
export async function liveSessionIds(
  db: Db,
  sessionIds: number[],
  idleMinutes: number,
): Promise<Set<number>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(
        inArray(sessions.id, sessionIds),
        isNull(sessions.revokedAt),
        eq(members.status, 'active'),
        sql`${sessions.expiresAt} > now()`,
        sql`${sessions.lastSeenAt} > now() - make_interval(mins => ${idleMinutes})`,
      ),
    );
  return new Set(rows.map((row) => row.id));
}
