import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** A front end's `@/` alias (as in its vite.config.ts and tsconfig.json). */
const appAlias = (app: string) => [
  { find: /^@\//, replacement: fileURLToPath(new URL(`./apps/${app}/src/`, import.meta.url)) },
];

export default defineConfig({
  test: {
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'vendor-sim',
          include: ['apps/vendor-sim/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
