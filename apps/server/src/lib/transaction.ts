import type { Db } from '../db/client.js';
import { BATCH_CHECK_FAILED } from './batch-sql.js';

/**
 * serialization_failure, deadlock_detected, and a set-based write that found a key taken after
 * it read (BATCH_CHECK_FAILED, decision 007): the transaction lost a race and may run again.
 * invalid_sql_statement_name: the connection lost its prepared statements (something deallocated
 * them); the set that executed one forgot the connection and prepares them again next time.
 */
const RETRYABLE = new Set(['40001', '40P01', BATCH_CHECK_FAILED, '26000']);
const MAX_ATTEMPTS = 8;

function sqlState(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  return (cause as { code?: string })?.code;
}

/**
 * Runs `work` in one transaction and runs it again, after a short random pause, when PostgreSQL
 * aborts it for a serialization failure or a deadlock, a ledger write lost its race
 * (ARCHITECTURE.md, money), or its connection lost the prepared statements. `work` must do
 * nothing outside the database that cannot be repeated.
 */
export async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction((tx) => work(tx as unknown as Db));
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(sqlState(error) ?? '')) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}
