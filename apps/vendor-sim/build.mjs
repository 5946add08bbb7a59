// Bundles the sim into dist/main.js (workspace packages bundled in, npm packages external, as
// the server's build does) and the game pages' script into dist/public/game.js.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

// Paths are the sim's own wherever the build is started from (the e2e config starts it).
const absWorkingDir = dirname(fileURLToPath(import.meta.url));

await build({
  absWorkingDir,
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-node-modules',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

await build({
  absWorkingDir,
  entryPoints: ['src/client/game.ts'],
  outfile: 'dist/public/game.js',
  bundle: true,
  platform: 'browser',
  format: 'iife',
  target: 'es2020',
  minify: true,
  logLevel: 'warning',
});
