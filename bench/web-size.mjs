// bench: the JavaScript the home page loads before it can render, gzipped: the entry script and
// every module it preloads, as named in the built index.html. Run `npm run build` first.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = 'apps/web/dist';
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const scripts = [
  ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
].map((m) => m[1]);
let raw = 0;
let gz = 0;
for (const src of new Set(scripts)) {
  const body = readFileSync(join(dist, src.replace(/^\//, '')));
  raw += body.length;
  gz += gzipSync(body, { level: 9 }).length;
  console.log(
    `${src}: ${(body.length / 1024).toFixed(1)} KB, ${(gzipSync(body, { level: 9 }).length / 1024).toFixed(1)} KB gzipped`,
  );
}
console.log(
  `| home entry JS | ${new Set(scripts).size} files | ${(raw / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzipped |`,
);
