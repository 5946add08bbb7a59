// Bundles the server into dist/main.js (scripts/bundle-node.mjs: workspace packages bundled in,
// npm packages external).
import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { bundleNodeService } from '../../scripts/bundle-node.mjs';

await bundleNodeService({ entryPoint: 'src/main.ts', outfile: 'dist/main.js' });

// A new embedded database starts from this dump of an empty cluster instead of running initdb
// (seconds in WASM). It holds no schema or data: migrations and the seed still run at start-up.
const cluster = await PGlite.create();
const dump = await cluster.dumpDataDir('gzip');
await cluster.close();
writeFileSync('dist/pglite-template.tar.gz', Buffer.from(await dump.arrayBuffer()));
