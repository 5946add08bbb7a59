import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { merchants, operatorSessions, operators } from '../../db/schema/index.js';

export type OperatorRow = typeof operators.$inferSelect;
export type NewOperator = typeof operators.$inferInsert;

/** The operator with this (lower-case) username in a merchant, or among platform operators. */
export async function findOperatorByUsername(
  db: Db,
  merchantId: number | null,
  username: string,
): Promise<OperatorRow | undefined> {
  const [row] = await db
    .select()
    .from(operators)
    .where(
      and(
        merchantId === null ? isNull(operators.merchantId) : eq(operators.merchantId, merchantId),
        eq(operators.username, username),
      ),
    );
  return row;
}

export async function findOperatorById(db: Db, id: number): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id));
  return row;
}

export async function insertOperator(db: Db, values: NewOperator): Promise<OperatorRow> {
  const [row] = await db.insert(operators).values(values).returning();
  if (!row) throw new Error('operator insert returned no row');
  return row;
}

/** The merchant's id, code and name by code, for a login form's merchant. */
export async function findMerchantIdByCode(db: Db, code: string) {
  const [row] = await db
    .select({ id: merchants.id, code: merchants.code, name: merchants.name })
    .from(merchants)
    .where(eq(merchants.code, code));
  return row;
}

export async function findMerchantSummary(db: Db, id: number) {
  const [row] = await db
    .select({ id: merchants.id, code: merchants.code, name: merchants.name })
    .from(merchants)
    .where(eq(merchants.id, id));
  return row;
}

/**
 * Counts a failed attempt; the `lockAfter`-th in a row locks the account until `lockUntil` and
 * starts the count again.
 */
export async function recordFailure(db: Db, id: number, lockAfter: number, lockUntil: Date) {
  await db
    .update(operators)
    .set({
      failedAttempts: sql`case when ${operators.failedAttempts} + 1 >= ${lockAfter} then 0 else ${operators.failedAttempts} + 1 end`,
      lockedUntil: sql`case when ${operators.failedAttempts} + 1 >= ${lockAfter} then ${lockUntil.toISOString()}::timestamptz else ${operators.lockedUntil} end`,
    })
    .where(eq(operators.id, id));
}

export async function recordSuccess(db: Db, id: number) {
  await db
    .update(operators)
    .set({
      failedAttempts: 0,
      lockedUntil: null,
      lastLoginAt: new Date(),
      enrolmentTokenHash: null,
      enrolmentExpiresAt: null,
    })
    .where(eq(operators.id, id));
}

/** A new pending TOTP secret and the hash of the token that may confirm it. */
export async function startEnrolment(
  db: Db,
  id: number,
  input: { secret: string; tokenHash: string; expiresAt: Date },
) {
  await db
    .update(operators)
    .set({
      totpPendingSecret: input.secret,
      enrolmentTokenHash: input.tokenHash,
      enrolmentExpiresAt: input.expiresAt,
    })
    .where(and(eq(operators.id, id), isNull(operators.totpSecret)));
}

/** The operator whose unexpired enrolment this token hash confirms. */
export async function findByEnrolmentToken(
  db: Db,
  tokenHash: string,
): Promise<OperatorRow | undefined> {
  const [row] = await db
    .select()
    .from(operators)
    .where(
      and(
        eq(operators.enrolmentTokenHash, tokenHash),
        gt(operators.enrolmentExpiresAt, new Date()),
        isNull(operators.totpSecret),
      ),
    );
  return row;
}

/**
 * Binds the pending secret with the step of the code that confirmed it; false if raced (another
 * enrolment, with its own token, replaced the secret meanwhile). The token hash, not the secret,
 * identifies the enrolment: the secret is sealed with a random IV and cannot be compared in SQL.
 */
export async function bindTotp(
  db: Db,
  id: number,
  enrolmentTokenHash: string,
  secret: string,
  step: number,
) {
  const rows = await db
    .update(operators)
    .set({
      totpSecret: secret,
      totpPendingSecret: null,
      totpLastStep: step,
      enrolmentTokenHash: null,
      enrolmentExpiresAt: null,
    })
    .where(
      and(
        eq(operators.id, id),
        isNull(operators.totpSecret),
        eq(operators.enrolmentTokenHash, enrolmentTokenHash),
      ),
    )
    .returning({ id: operators.id });
  return rows.length === 1;
}

/** Claims a TOTP time step: only a step later than every one used before (codes never replay). */
export async function claimTotpStep(db: Db, id: number, step: number): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(operators.id, id),
        or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step)),
      ),
    )
    .returning({ id: operators.id });
  return rows.length === 1;
}

export async function insertSession(db: Db, values: typeof operatorSessions.$inferInsert) {
  const [row] = await db
    .insert(operatorSessions)
    .values(values)
    .returning({ id: operatorSessions.id });
  if (!row) throw new Error('operator session insert returned no row');
  return row.id;
}

/** A session that is not revoked, not past its absolute expiry and not idle too long. */
export async function findLiveSession(db: Db, tokenHash: string, idleMinutes: number) {
  const now = new Date();
  const idleSince = new Date(now.getTime() - idleMinutes * 60_000);
  const [row] = await db
    .select({ session: operatorSessions, operator: operators, merchantCode: merchants.code })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .leftJoin(merchants, eq(merchants.id, operators.merchantId))
    .where(
      and(
        eq(operatorSessions.tokenHash, tokenHash),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now),
        gt(operatorSessions.lastSeenAt, idleSince),
      ),
    );
  return row;
}

export async function touchSession(db: Db, id: number) {
  await db
    .update(operatorSessions)
    .set({ lastSeenAt: new Date() })
    .where(eq(operatorSessions.id, id));
}

export async function revokeSession(db: Db, id: number) {
  await db
    .update(operatorSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(operatorSessions.id, id), isNull(operatorSessions.revokedAt)));
}
