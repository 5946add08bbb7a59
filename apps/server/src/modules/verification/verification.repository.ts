import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { verificationCodes } from '../../db/schema/index.js';

export async function insertCode(
  db: Db,
  row: typeof verificationCodes.$inferInsert,
): Promise<void> {
  await db.insert(verificationCodes).values(row);
}

type CodeKey = { merchantId: number; purpose: string; destination: string };

/**
 * Reserves one try of the newest live code sent to this destination for this purpose (unused,
 * unexpired, with tries left), before the answer is judged, so parallel guesses count. Returns
 * the code's id and hash; null when there is no such code.
 */
export async function reserveCodeAttempt(
  db: Db,
  key: CodeKey,
  maxAttempts: number,
): Promise<{ id: number; codeHash: string } | null> {
  const newestLive = db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.merchantId, key.merchantId),
        eq(verificationCodes.purpose, key.purpose),
        eq(verificationCodes.destination, key.destination),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  const [reserved] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, newestLive),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.attempts, maxAttempts),
      ),
    )
    .returning({ id: verificationCodes.id, codeHash: verificationCodes.codeHash });
  return reserved ?? null;
}

/** Uses the code up; false when another request used it first. */
export async function useCode(db: Db, id: number): Promise<boolean> {
  const [used] = await db
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return used !== undefined;
}
