import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { members, sessions } from '../../db/schema/index.js';

export function insertSession(db: Db, values: typeof sessions.$inferInsert) {
  return db.insert(sessions).values(values).returning({ id: sessions.id });
}

/** The live session of a token hash with its member, or undefined. */
export async function findLiveSession(db: Db, tokenHash: string, idleMinutes: number) {
  const [row] = await db
    .select({ session: sessions, member: members })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > now()`,
        sql`${sessions.lastSeenAt} > now() - make_interval(mins => ${idleMinutes})`,
      ),
    );
  return row;
}

/** Moves the idle deadline; skipped when the last move was under a minute ago. */
export function touchSession(db: Db, sessionId: number) {
  return db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(eq(sessions.id, sessionId), sql`${sessions.lastSeenAt} < now() - interval '1 minute'`),
    );
}

export function revokeSession(db: Db, sessionId: number) {
  return db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
