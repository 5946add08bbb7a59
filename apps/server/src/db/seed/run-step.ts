import type { Db } from '../client.js';
import { seedRuns } from '../schema/index.js';

/**
 * Runs a named seed step once per database. The step's marker row is inserted first in the same
 * transaction, so a second process starting at the same time waits, then skips the step.
 */
export async function runSeedStep(
  db: Db,
  name: string,
  step: (tx: Db) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(seedRuns)
      .values({ name })
      .onConflictDoNothing()
      .returning({ name: seedRuns.name });
    if (inserted.length === 0) return false;
    await step(tx);
    return true;
  });
}
