// What every operator command shares: the database the platform runs on, opened and migrated,
// and paths taken from where the operator typed the command (npm runs workspace scripts inside
// apps/server, which is not where `npm start` keeps the embedded database).
import { resolve } from 'node:path';
import { parseEnv } from '../config/env.js';
import { openPglite, openPostgres, type Db } from '../db/client.js';
import { createSecretBox, type SecretBox } from '../lib/secret-box.js';

/** A path as the operator meant it: relative to the directory they ran npm in. */
export function operatorPath(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

/**
 * Runs `work` on DATABASE_URL, or on the embedded database in DATA_DIR (stop the server first:
 * PGlite is single-process), with the secret box of SECRETS_KEY. A thrown error is printed
 * without a stack and exits 1; `work` returns the exit code.
 */
export async function runOperatorScript(work: (db: Db, secrets: SecretBox) => Promise<number>) {
  const env = parseEnv(process.env);
  const secrets = createSecretBox({
    key: env.SECRETS_KEY,
    production: env.NODE_ENV === 'production',
  });
  const database = env.DATABASE_URL
    ? openPostgres(env.DATABASE_URL, 2)
    : await openPglite(operatorPath(env.DATA_DIR));
  try {
    await database.migrate();
    process.exitCode = await work(database.db, secrets);
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
