import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** A front end's `@/` alias (as in its vite.config.ts and tsconfig.json). */
const appAlias = (app: string) => [
  { find: /^@\//, replacement: fileURLToPath(new URL(`./apps/${app}/src/`, import.meta.url)) },
];

/**
 * Integration tests run bursts of hundreds of requests (limits, races, fuzzing) on a real
 * database; on a shared 2-core CI machine they take two to three times what they take on an idle
 * one (transfer.concurrency: 16 s here at load 8). The timeout only guards against a hang.
 */
const integration = { testTimeout: 120_000, hookTimeout: 120_000 };

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine. The
    // integration suites spend most of their time waiting for PostgreSQL, so at least two run
    // side by side; a bigger machine keeps the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        resolve: { alias: appAlias('web') },
        test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] },
      },
      {
        resolve: { alias: appAlias('admin') },
        test: { name: 'admin', include: ['apps/admin/src/**/*.test.ts'] },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          ...integration,
        },
      },
      {
        test: {
          name: 'vendor-sim',
          include: ['apps/vendor-sim/test/**/*.test.ts'],
          ...integration,
        },
      },
    ],
  },
});
