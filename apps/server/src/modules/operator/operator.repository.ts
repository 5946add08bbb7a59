import { and, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  merchants,
  operatorLoginAttempts,
  operatorSessions,
  operators,
} from '../../db/schema/index.js';

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

/** A merchant's id, code and name: what the back office shows of it. */
async function merchantSummaryWhere(db: Db, where: SQL) {
  const [row] = await db
    .select({ id: merchants.id, code: merchants.code, name: merchants.name })
    .from(merchants)
    .where(where);
  return row;
}

/** The merchant's id, code and name by code, for a login form's merchant. */
export function findMerchantIdByCode(db: Db, code: string) {
  return merchantSummaryWhere(db, eq(merchants.code, code));
}

export function findMerchantSummary(db: Db, id: number) {
  return merchantSummaryWhere(db, eq(merchants.id, id));
}

export type AttemptRule = {
  /** Attempts a source may start without waiting; later ones wait 2^(n - free) seconds... */
  free: number;
  /** ...up to this many seconds. Null: never blocked (the count of every source). */
  maxDelaySeconds: number | null;
  /** A row whose last attempt is older than this starts again at 1. */
  windowSeconds: number;
};

/**
 * Reserves one attempt before anything is checked, in one statement, so that N parallel attempts
 * count as N: the n-th attempt of a source past `free` blocks the next ones for 2^(n - free)
 * seconds (capped). Answers the count including this attempt, or the time a blocked source must
 * wait.
 */
export async function reserveAttempt(
  db: Db,
  key: { subject: string; source: string },
  rule: AttemptRule,
): Promise<{ attempts: number } | { blockedUntil: Date }> {
  const t = operatorLoginAttempts;
  const window = sql`now() - make_interval(secs => ${rule.windowSeconds})`;
  const next = sql`case when ${t.lastAttemptAt} < ${window} then 1 else ${t.attempts} + 1 end`;
  const blockAfter = (n: SQL) =>
    rule.maxDelaySeconds === null
      ? sql`null::timestamptz`
      : sql`case when ${n} >= ${rule.free} then now() + make_interval(secs => least(power(2, ${n} - ${rule.free}), ${rule.maxDelaySeconds})) end`;
  const [row] = await db
    .insert(t)
    .values({
      ...key,
      attempts: 1,
      lastAttemptAt: sql`now()`,
      blockedUntil: blockAfter(sql`1`),
    })
    .onConflictDoUpdate({
      target: [t.subject, t.source],
      set: { attempts: next, lastAttemptAt: sql`now()`, blockedUntil: blockAfter(next) },
      setWhere: sql`${t.blockedUntil} is null or ${t.blockedUntil} <= now()`,
    })
    .returning({ attempts: t.attempts });
  if (row) return { attempts: row.attempts };
  const [blocked] = await db
    .select({ blockedUntil: t.blockedUntil })
    .from(t)
    .where(and(eq(t.subject, key.subject), eq(t.source, key.source)));
  return { blockedUntil: blocked?.blockedUntil ?? new Date() };
}

/**
 * After the right secret: the source starts again (its attempts were the owner's) and the reserved
 * attempt is given back to the count of every source, which otherwise decays only with time, so
 * that an owner signing in does not clear the traces of an attack from elsewhere.
 */
export async function releaseAttempt(
  db: Db,
  key: { subject: string; source: string },
  everySource: string,
) {
  const t = operatorLoginAttempts;
  await db.delete(t).where(and(eq(t.subject, key.subject), eq(t.source, key.source)));
  await db
    .update(t)
    .set({ attempts: sql`greatest(${t.attempts} - 1, 0)` })
    .where(and(eq(t.subject, key.subject), eq(t.source, everySource)));
}

/** Forgets attempt rows whose last attempt is before `before` (they would start again). */
export async function pruneAttempts(db: Db, before: Date): Promise<number> {
  const t = operatorLoginAttempts;
  const rows = await db
    .delete(t)
    .where(lt(t.lastAttemptAt, before))
    .returning({ subject: t.subject });
  return rows.length;
}

export async function recordSuccess(db: Db, id: number) {
  await db
    .update(operators)
    .set({ lastLoginAt: new Date(), enrolmentTokenHash: null, enrolmentExpiresAt: null })
    .where(eq(operators.id, id));
}

/** Whether this is the operator's unexpired, unspent enrolment code (by its hash). */
export async function hasEnrolmentCode(db: Db, id: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .select({ id: operators.id })
    .from(operators)
    .where(enrolmentCodeMatches(id, codeHash));
  return rows.length === 1;
}

/** Spends the enrolment code: true for exactly one of any number of parallel uses. */
export async function spendEnrolmentCode(db: Db, id: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set({ enrolmentCodeHash: null, enrolmentCodeExpiresAt: null })
    .where(enrolmentCodeMatches(id, codeHash))
    .returning({ id: operators.id });
  return rows.length === 1;
}

function enrolmentCodeMatches(id: number, codeHash: string) {
  return and(
    eq(operators.id, id),
    isNull(operators.totpSecret),
    eq(operators.enrolmentCodeHash, codeHash),
    gt(operators.enrolmentCodeExpiresAt, sql`now()`),
  );
}

/** A new one-time enrolment code (its hash) replaces any earlier one. */
export async function issueEnrolmentCode(
  db: Db,
  id: number,
  input: { codeHash: string; expiresAt: Date },
) {
  await db
    .update(operators)
    .set({ enrolmentCodeHash: input.codeHash, enrolmentCodeExpiresAt: input.expiresAt })
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
