import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../db/client.js';
import type { PreparedStatements } from '../../lib/prepared-statements.js';
import type { RawRow } from './ledger.repository.js';

/**
 * How the set-based statements of the ledger (and of callers that write their own rows with an
 * entry, the vendor call batch) reach the database: a `Session` runs a round trip's statements and
 * answers the rows of each, in its own transaction (`inBatchTransaction`) or in one the caller
 * already holds (`inCallerTransaction`).
 */

function sqlState(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  return (cause as { code?: string })?.code;
}

/**
 * Sends statements of one transaction in one round trip and answers the rows of each, in order.
 * `first` sends BEGIN in the same round trip, `last` sends COMMIT; a driver that cannot do that
 * ignores both.
 */
export type Session = (statements: string[], place?: 'first' | 'last') => Promise<RawRow[][]>;

/**
 * Set in a transaction that executes prepared statements. Their lists arrive as arguments, and the
 * planner, which prefers a plan made for the exact lists whenever it estimates it cheaper, would
 * plan every execution again; one generic plan per statement (index lookups for lists of any
 * length) is the point of preparing them. Local to the transaction: other queries on the
 * connection keep the default.
 */
const GENERIC_PLANS = 'set local plan_cache_mode = force_generic_plan';
/** Back to the server's setting, for the rest of a caller's transaction. */
const DEFAULT_PLANS = 'set local plan_cache_mode to default';

/** SQLSTATE of EXECUTE naming a statement the connection does not have. */
const INVALID_STATEMENT_NAME = '26000';

type RowsOf = (statement: string) => Promise<RawRow[]>;

function rowsOfQuery(db: Db): RowsOf {
  return async (statement) => {
    // Both drivers answer a raw query with `{ rows }`; the result type does not say so.
    const result: unknown = await db.execute(sql.raw(statement));
    return (result as { rows: RawRow[] }).rows;
  };
}

/**
 * Prepares on `connection` the statements of `prepare` it lacks, once per connection: a
 * statement may be there already, prepared by an earlier run (PREPARE outlives a rollback) or by
 * another set sharing it (the ledger's statements are in the vendor call batch's set too).
 */
async function prepareOn(connection: object, rowsOf: RowsOf, prepare: PreparedStatements) {
  if (prepare.isPreparedOn(connection)) return;
  const present = new Set(
    (await rowsOf('select name from pg_prepared_statements')).map((row) => String(row.name)),
  );
  for (const [name, statement] of prepare.named()) {
    if (!present.has(name)) await rowsOf(statement);
  }
  prepare.markPreparedOn(connection);
}

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
    if (prepare) await prepareOn(connection, rowsOfQuery(db), prepare);
    const run = db.transaction(async (tx) => {
      // The transaction has begun: only what follows BEGIN.
      for (const statement of opening.slice(1)) await tx.execute(sql.raw(statement));
      return work(async (statements) => {
        const answers: RawRow[][] = [];
        for (const statement of statements) {
          // Both drivers answer a raw query with `{ rows }`; the result type does not say so.
          const result: unknown = await tx.execute(sql.raw(statement));
          answers.push((result as { rows: RawRow[] }).rows);
        }
        return answers;
      });
    });
    return run.catch((error: unknown) => {
      if (sqlState(error) === INVALID_STATEMENT_NAME) prepare?.forget(connection);
      throw error;
    });
  }
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    if (prepare) {
      await prepareOn(
        client,
        async (text) => (await client.query<RawRow>(text)).rows,
        prepare,
      ).catch((error: Error) => {
        // Some may have been prepared: this connection is not reused.
        broken = error;
        throw error;
      });
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

/**
 * The set-based path inside a transaction the caller already holds (a deposit's status with its
 * entry, a game round with its money): the same statements on the caller's connection, a round
 * trip's statements in one query on node-postgres (one by one on PGlite), without BEGIN or COMMIT
 * (`place` is ignored). Prepared statements run with generic plans here too: the setting is set
 * before a round trip's statements and set back to the default after them, so the caller's own
 * queries keep the default (a round trip that fails leaves it set, but then the caller's
 * transaction is aborted). A failure, a lost race included, is thrown into the caller's
 * transaction, whose own retry decides (`inTransaction` runs a lost race again). `prepare` is
 * prepared on the connection first where it is missing (PREPARE is not undone by a rollback).
 */
export async function inCallerTransaction<T>(
  tx: Db,
  work: (run: Session) => Promise<T>,
  prepare?: PreparedStatements,
): Promise<T> {
  // The pooled client (node-postgres) or PGlite's transaction object under drizzle's session.
  const connection = (tx as { session?: { client?: object } }).session?.client ?? tx;
  const rowsOf = rowsOfQuery(tx);
  if (prepare) await prepareOn(connection, rowsOf, prepare);
  // Planned once per connection, not for each entry's lists (a custom plan of the ledger's
  // statements cost about as much CPU as executing them).
  const around = (statements: string[]) =>
    prepare ? [GENERIC_PLANS, ...statements, DEFAULT_PLANS] : statements;
  const skip = prepare ? 1 : 0;
  const run: Session =
    connection instanceof pg.Client
      ? async (statements) => {
          // Several statements in one string: the simple protocol answers one result for each.
          const answer = (await connection.query(around(statements).join(';\n'))) as unknown as
            pg.QueryResult<RawRow> | pg.QueryResult<RawRow>[];
          const results = Array.isArray(answer) ? answer : [answer];
          return results.slice(skip, skip + statements.length).map((result) => result.rows);
        }
      : async (statements) => {
          const answers: RawRow[][] = [];
          for (const statement of around(statements)) answers.push(await rowsOf(statement));
          return answers.slice(skip, skip + statements.length);
        };
  return work(run).catch((error: unknown) => {
    // Something deallocated the statements: checked and prepared again next time.
    if (sqlState(error) === INVALID_STATEMENT_NAME) prepare?.forget(connection);
    throw error;
  });
}
