import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../app.js';
import { serverRoot } from '../config/paths.js';
import { parseEnv } from '../config/env.js';
import { wrapPglite } from '../db/client.js';

/** Where the committed OpenAPI document lives; a test fails when it drifts from the routes. */
export const OPENAPI_FILE = resolve(serverRoot, '../../docs/openapi.json');

/** The OpenAPI document of the current routes, as committed (stable key order, newline). */
export async function renderOpenApi(): Promise<string> {
  const database = wrapPglite(new PGlite());
  await database.migrate();
  const app = await buildApp({
    // Test mode: every route, development aids included, and no scheduled jobs.
    env: parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      ADMIN_DIST_DIR: '/nonexistent',
    }),
    database,
    redis: null,
  });
  await app.ready();
  const document = JSON.stringify(app.swagger(), null, 2) + '\n';
  await app.close();
  await database.close();
  return document;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  writeFileSync(OPENAPI_FILE, await renderOpenApi());
  console.log(`wrote ${OPENAPI_FILE}`);
}
