// Bundles the sim into dist/main.js (scripts/bundle-node.mjs, as the server's build does) and the
// game pages' script into dist/public/game.js.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleNodeService } from '../../scripts/bundle-node.mjs';

// Paths are the sim's own wherever the build is started from (the e2e config starts it).
const absWorkingDir = dirname(fileURLToPath(import.meta.url));

await bundleNodeService({ absWorkingDir, entryPoint: 'src/main.ts', outfile: 'dist/main.js' });

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
