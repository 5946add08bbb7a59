// Bundles the server into dist/main.js. Workspace packages (@app/*) are TypeScript sources, so
// they are bundled in; every other package stays external and is loaded from node_modules.
import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { build } from 'esbuild';

await build({
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

// A new embedded database starts from this dump of an empty cluster instead of running initdb
// (seconds in WASM). It holds no schema or data: migrations and the seed still run at start-up.
const cluster = await PGlite.create();
const dump = await cluster.dumpDataDir('gzip');
await cluster.close();
writeFileSync('dist/pglite-template.tar.gz', Buffer.from(await dump.arrayBuffer()));
