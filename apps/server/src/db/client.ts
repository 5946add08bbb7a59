import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsDir, pgliteTemplateFile } from '../config/paths.js';
import * as schema from './schema/index.js';

/** The database or a transaction on it; repositories take this as their first argument. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Applies the drizzle-kit SQL migrations that are not applied yet. */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

/** Any fixed number; every process that migrates PostgreSQL holds this advisory lock meanwhile. */
const MIGRATION_LOCK = 7_354_001;

/** Opens PostgreSQL at `url`, with a pool sized for one server process. */
export function openPostgres(url: string, poolSize = 20): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client's network error must not crash the process; the pool replaces the client.
  pool.on('error', () => undefined);
  return {
    db: drizzlePg(pool, { schema }),
    driver: 'postgres',
    // Several processes may start at once: the second waits on the lock, then finds nothing to do.
    migrate: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client), { migrationsFolder: migrationsDir });
      } finally {
        await client.end();
      }
    },
    close: () => pool.end(),
  };
}

/** Wraps a PGlite instance (embedded PostgreSQL in WASM); one process owns it. */
export function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema });
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
    close: () => client.close(),
  };
}

/**
 * Opens the embedded database in `dataDir`, creating it when missing. A new folder starts from the
 * empty cluster that the build dumped (initdb takes seconds in WASM; loading the dump does not).
 */
export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  mkdirSync(dataDir, { recursive: true });
  const isNew = !existsSync(join(dataDir, 'PG_VERSION'));
  const loadDataDir =
    isNew && existsSync(pgliteTemplateFile)
      ? new Blob([readFileSync(pgliteTemplateFile)])
      : undefined;
  return wrapPglite(await PGlite.create(dataDir, loadDataDir ? { loadDataDir } : {}));
}
