// Writes .br and .gz beside every text asset of the built web apps (or of the folders named on
// the command line), so the server sends compressed files without compressing on each request
// (@fastify/static preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|css|html|svg|json|webmanifest|txt)$/;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const dists =
  process.argv.length > 2 ? process.argv.slice(2) : ['apps/web/dist', 'apps/admin/dist'];
for (const dist of dists) {
  for (const file of walk(dist).filter((f) => TEXT.test(f))) {
    const body = readFileSync(file);
    if (body.length < 1024) continue;
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}
