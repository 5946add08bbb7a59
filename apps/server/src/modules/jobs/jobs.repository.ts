import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobRuns } from '../../db/schema/index.js';

/**
 * Claims a period of a job: inserts its row unless one exists. In the job's transaction, a
 * concurrent claim of the same period waits on the unique index until this one commits (then it
 * finds the row and gets false) or rolls back (then it claims). True when this caller claimed.
 */
export async function claim(
  tx: Db,
  job: string,
  period: { key: string; start: Date },
): Promise<number | null> {
  const [row] = await tx
    .insert(jobRuns)
    .values({ job, period: period.key, periodStart: period.start })
    .onConflictDoNothing({ target: [jobRuns.job, jobRuns.period] })
    .returning({ id: jobRuns.id });
  return row?.id ?? null;
}

export async function finish(tx: Db, id: number, result: unknown): Promise<void> {
  await tx
    .update(jobRuns)
    .set({ finishedAt: sql`now()`, result: result ?? null })
    .where(eq(jobRuns.id, id));
}

/** Which of these periods of the job have run. */
export async function donePeriods(db: Db, job: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ period: jobRuns.period })
    .from(jobRuns)
    .where(and(eq(jobRuns.job, job), inArray(jobRuns.period, keys)));
  return new Set(rows.map((row) => row.period));
}

/** The start of the latest period the job ran, or null when it never ran. */
export async function latestStart(db: Db, job: string): Promise<Date | null> {
  const [row] = await db
    .select({ start: jobRuns.periodStart })
    .from(jobRuns)
    .where(eq(jobRuns.job, job))
    .orderBy(desc(jobRuns.periodStart))
    .limit(1);
  return row?.start ?? null;
}

export function runsOf(db: Db, job: string) {
  return db.select().from(jobRuns).where(eq(jobRuns.job, job)).orderBy(jobRuns.periodStart);
}
