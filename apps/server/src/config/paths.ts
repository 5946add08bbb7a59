import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The apps/server folder, found the same way from src/ (tsx, tests) and from the dist bundle. */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('apps/server/package.json not found');
    dir = parent;
  }
  return dir;
}

export const serverRoot = findServerRoot();
export const migrationsDir = join(serverRoot, 'drizzle');
export const defaultWebDist = resolve(serverRoot, '../web/dist');
export const defaultAdminDist = resolve(serverRoot, '../admin/dist');
/** An empty, freshly initialised PGlite cluster written by the build (see build.mjs). */
export const pgliteTemplateFile = join(serverRoot, 'dist', 'pglite-template.tar.gz');
