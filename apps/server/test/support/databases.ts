import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPostgres, wrapPglite, type DatabaseHandle } from '../../src/db/client.js';
import { seedDemo } from '../../src/demo.js';

/** `open`: migrated and seeded with the demo; `openBlank`: migrated only, as production starts. */
export type TestDatabase = {
  name: 'pglite' | 'postgres';
  open: () => Promise<DatabaseHandle>;
  openBlank: () => Promise<DatabaseHandle>;
};

let pgliteTemplate: Promise<PGlite> | undefined;

/** A migrated, seeded PGlite made once per worker, then cloned for each suite (fast). */
async function openPgliteTestDatabase(): Promise<DatabaseHandle> {
  pgliteTemplate ??= (async () => {
    const client = await PGlite.create();
    const handle = wrapPglite(client);
    await handle.migrate();
    await seedDemo(handle.db);
    return client;
  })();
  return wrapPglite((await (await pgliteTemplate).clone()) as PGlite);
}

async function openBlankPgliteTestDatabase(): Promise<DatabaseHandle> {
  const handle = wrapPglite(await PGlite.create());
  await handle.migrate();
  return handle;
}

let sequence = 0;

/** A fresh database on the PostgreSQL at TEST_DATABASE_URL, migrated (and seeded), dropped on close. */
async function openPostgresTestDatabase(seed = true): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `t_${process.pid}_${Date.now()}_${sequence++}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), 10);
  await handle.migrate();
  if (seed) await seedDemo(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (ARCHITECTURE.md, tests). */
export const testDatabases: TestDatabase[] = [
  { name: 'pglite', open: openPgliteTestDatabase, openBlank: openBlankPgliteTestDatabase },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'postgres' as const,
          open: () => openPostgresTestDatabase(),
          openBlank: () => openPostgresTestDatabase(false),
        },
      ]
    : []),
];
