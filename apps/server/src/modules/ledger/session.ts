import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../db/client.js';
import type { PreparedStatements } from '../../lib/prepared-statements.js';
import { literal } from '../../lib/sql-literals.js';
import type { RawRow } from './ledger.repository.js';

/**
 * How the set-based writers (the ledger's `LedgerSetBatch`, the vendor call batch) talk to the
 * database: a `Session` sends the statements of one step in one round trip where the driver
 * allows it. `inBatchTransaction` runs a session in a transaction of its own (BEGIN and COMMIT
 * riding with the first and last step); `sessionOn` runs one inside a caller's transaction, so
 * that a single call is a batch of one on the same code.
 */

/**
 * Sends statements of one transaction in one round trip and answers the rows of each, in order.
 * `first` sends BEGIN in the same round trip, `last` sends COMMIT; a driver that cannot do that
 * ignores both.
 */
export type Session = (statements: string[], place?: 'first' | 'last') => Promise<RawRow[][]>;

function sqlState(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  return (cause as { code?: string })?.code;
}

/** SQLSTATE of EXECUTE naming a statement the connection does not have. */
const INVALID_STATEMENT_NAME = '26000';

/** The node-postgres client under a drizzle transaction (none on PGlite). */
function clientOf(tx: Db): pg.ClientBase | undefined {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client ? client : undefined;
}

/**
 * Prepares the statements of `prepare` that the transaction's connection does not have yet.
 * Inside a transaction a PREPARE that fails would abort it, so the connection is asked which it
 * has (`pg_prepared_statements` is per connection) unless this process knows it prepared them.
 */
async function prepareOn(tx: Db, prepare: PreparedStatements): Promise<void> {
  const client = clientOf(tx);
  if (client && prepare.isPreparedOn(client)) return;
  const names = `array[${prepare.names().map(literal).join(',')}]::text[]`;
  const result: unknown = await tx.execute(
    sql.raw(`select name from pg_prepared_statements where name = any(${names})`),
  );
  const have = new Set((result as { rows: RawRow[] }).rows.map((row) => String(row.name)));
  for (const statement of prepare.statementsExcept(have)) await tx.execute(sql.raw(statement));
  if (client) prepare.markPreparedOn(client);
}

/**
 * A session inside the caller's transaction (which begins and commits it: `place` is ignored).
 * On node-postgres the statements of a step travel in one message; on PGlite one by one.
 * `prepare`: the statements the session EXECUTEs, prepared on the connection before its first step.
 */
export function sessionOn(tx: Db, prepare?: PreparedStatements): Session {
  const several = clientOf(tx) !== undefined;
  let prepared = prepare === undefined;
  return async (statements) => {
    if (statements.length === 0) return [];
    if (!prepared) {
      await prepareOn(tx, prepare!);
      prepared = true;
    }
    try {
      return await runSteps(tx, several, statements);
    } catch (error) {
      // A statement the connection lost (something deallocated it): prepared again next time.
      const client = clientOf(tx);
      if (client && sqlState(error) === INVALID_STATEMENT_NAME) prepare?.forget(client);
      throw error;
    }
  };
}

async function runSteps(tx: Db, several: boolean, statements: string[]): Promise<RawRow[][]> {
  if (several) {
    // Several statements in one string: the simple protocol answers one result for each.
    const answer: unknown = await tx.execute(sql.raw(statements.join(';\n')));
    const results = (Array.isArray(answer) ? answer : [answer]) as { rows: RawRow[] }[];
    return results.map((result) => result.rows);
  }
  const answers: RawRow[][] = [];
  for (const statement of statements) {
    // Both drivers answer a raw query with `{ rows }`; the result type does not say so.
    const result: unknown = await tx.execute(sql.raw(statement));
    answers.push((result as { rows: RawRow[] }).rows);
  }
  return answers;
}

/**
 * Set in a transaction that executes prepared statements. Their lists arrive as arguments, and the
 * planner, which prefers a plan made for the exact lists whenever it estimates it cheaper, would
 * plan every execution again; one generic plan per statement (index lookups for lists of any
 * length) is the point of preparing them. Local to the transaction: other queries on the
 * connection keep the default.
 */
const GENERIC_PLANS = 'set local plan_cache_mode = force_generic_plan';

/**
 * One transaction for the set-based path. On node-postgres it runs on a pooled client of its
 * own, BEGIN and COMMIT riding with the first and last statement (two round trips in all);
 * elsewhere (PGlite) in a drizzle transaction. `prepare` runs first, once per connection.
 */
export async function inBatchTransaction<T>(
  db: Db,
  work: (run: Session) => Promise<T>,
  prepare?: PreparedStatements,
): Promise<T> {
  const opening = prepare ? ['begin', GENERIC_PLANS] : ['begin'];
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) {
    const connection: object = pool ?? db;
    if (prepare && !prepare.isPreparedOn(connection)) {
      for (const statement of prepare.statements()) {
        await db.execute(sql.raw(statement)).catch((error: unknown) => {
          // Prepared by an earlier run on this instance (PREPARE outlives a rollback).
          if (sqlState(error) !== '42P05') throw error;
        });
      }
      prepare.markPreparedOn(connection);
    }
    const run = db.transaction(async (tx) => {
      // The transaction has begun: only what follows BEGIN.
      for (const statement of opening.slice(1)) await tx.execute(sql.raw(statement));
      return work(sessionOn(tx));
    });
    return run.catch((error: unknown) => {
      if (sqlState(error) === INVALID_STATEMENT_NAME) prepare?.forget(connection);
      throw error;
    });
  }
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    if (prepare && !prepare.isPreparedOn(client)) {
      try {
        await client.query(prepare.statements().join(';\n'));
      } catch (error) {
        // Some may have been prepared: this connection is not reused.
        broken = error as Error;
        throw error;
      }
      prepare.markPreparedOn(client);
    }
    return await work(async (statements, place) => {
      const text = [
        ...(place === 'first' ? opening : []),
        ...statements,
        ...(place === 'last' ? ['commit'] : []),
      ];
      // Several statements in one string: the simple protocol answers one result for each.
      const answer = (await client.query(text.join(';\n'))) as unknown as
        pg.QueryResult<RawRow> | pg.QueryResult<RawRow>[];
      const results = Array.isArray(answer) ? answer : [answer];
      // The answers of the statements asked for, without those of the opening and COMMIT.
      const skip = place === 'first' ? opening.length : 0;
      return results.slice(skip, skip + statements.length).map((result) => result.rows);
    });
  } catch (error) {
    // A prepared statement missing (something deallocated it): this connection is replaced.
    if (sqlState(error) === INVALID_STATEMENT_NAME) broken = error as Error;
    // Ends the transaction if it is still open (a warning only when it is not).
    if (!broken) await client.query('rollback').catch((failure: Error) => (broken = failure));
    throw error;
  } finally {
    client.release(broken);
  }
}
