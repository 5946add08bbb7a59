import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { members } from '../../db/schema/index.js';

/** Keeps a new secret (sealed) pending until the app shows a right code for it. */
export async function setPendingSecret(db: Db, memberId: number, secret: string): Promise<void> {
  await db.update(members).set({ totpPendingSecret: secret }).where(eq(members.id, memberId));
}

/** Binds the pending secret (sealed) with the step of the code that proved it, unless one is bound. */
export async function bindSecret(
  db: Db,
  memberId: number,
  secret: string,
  step: number,
): Promise<void> {
  await db
    .update(members)
    .set({ totpSecret: secret, totpPendingSecret: null, totpLastStep: step })
    .where(and(eq(members.id, memberId), isNull(members.totpSecret)));
}

/** Claims a time step later than any used before; false when it is not later (a replay, a race). */
export async function claimStep(db: Db, memberId: number, step: number): Promise<boolean> {
  const claimed = await db
    .update(members)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(members.id, memberId),
        or(isNull(members.totpLastStep), lt(members.totpLastStep, step)),
      ),
    )
    .returning({ id: members.id });
  return claimed.length === 1;
}

export async function clearAuthenticator(db: Db, memberId: number): Promise<void> {
  await db
    .update(members)
    .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
    .where(eq(members.id, memberId));
}
