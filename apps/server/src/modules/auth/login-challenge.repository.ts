import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginChallenges } from '../../db/schema/index.js';

export type LoginChallengeRow = typeof loginChallenges.$inferSelect;

export async function insertChallenge(
  db: Db,
  row: typeof loginChallenges.$inferInsert,
): Promise<string> {
  const [challenge] = await db
    .insert(loginChallenges)
    .values(row)
    .returning({ id: loginChallenges.id });
  return challenge!.id;
}

/** Not consumed, not expired and with tries left. */
function liveChallengeWhere(challengeId: string, maxAttempts: number) {
  return and(
    eq(loginChallenges.id, challengeId),
    isNull(loginChallenges.consumedAt),
    gt(loginChallenges.expiresAt, sql`now()`),
    lt(loginChallenges.attempts, maxAttempts),
  );
}

/** The live challenge, read only. */
export async function findLiveChallenge(
  db: Db,
  challengeId: string,
  maxAttempts: number,
): Promise<LoginChallengeRow | undefined> {
  const [challenge] = await db
    .select()
    .from(loginChallenges)
    .where(liveChallengeWhere(challengeId, maxAttempts));
  return challenge;
}

/** Counts one more try of a live challenge and returns it; undefined when it is not live. */
export async function reserveChallengeAttempt(
  db: Db,
  challengeId: string,
  maxAttempts: number,
): Promise<LoginChallengeRow | undefined> {
  const [challenge] = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(liveChallengeWhere(challengeId, maxAttempts))
    .returning();
  return challenge;
}

/** Marks the challenge consumed; false when another request consumed it first. */
export async function consumeChallenge(db: Db, challengeId: string): Promise<boolean> {
  const [used] = await db
    .update(loginChallenges)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(loginChallenges.id, challengeId), isNull(loginChallenges.consumedAt)))
    .returning({ id: loginChallenges.id });
  return used !== undefined;
}
