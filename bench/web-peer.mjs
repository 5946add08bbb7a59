// bench support for the web page benches (bench/lighthouse.mjs, bench/first-screen-trace.mjs):
// the built platform on a fresh embedded database, and the bare React SPA peer (bench/bare-spa)
// built and served the same way.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import Fastify from 'fastify';

/** The platform's and the peer's ports: one web bench runs at a time. */
export const PLATFORM_PORT = 8192;
export const PEER_PORT = 8193;

/**
 * Starts the built platform (`apps/server/dist/main.js`) on a new embedded data dir with the demo
 * content, as `npm start` runs it; `webDist` serves another build of the member site.
 */
export async function startPlatform(dataDir, port = PLATFORM_PORT, webDist = undefined) {
  const child = spawn('node', ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      // As `npm start` runs it (demo seed included); an unset NODE_ENV is production.
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(webDist ? { WEB_DIST_DIR: webDist } : {}),
    },
    stdio: 'ignore',
  });
  const started = performance.now();
  for (;;) {
    if (performance.now() - started > 120_000) throw new Error('server not ready in 120 s');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Builds bench/bare-spa into `outDir` (production mode) and precompresses it as the build does. */
export async function buildPeer(outDir) {
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  await build({
    root: 'bench/bare-spa',
    configFile: false,
    logLevel: 'error',
    mode: 'production',
    oxc: { jsx: { runtime: 'automatic' } },
    build: { outDir, emptyOutDir: true },
  });
  const precompress = spawnSync('node', ['scripts/precompress.mjs', outDir], { stdio: 'inherit' });
  if (precompress.status !== 0) throw new Error('precompress failed');
}

/** Serves the peer as the platform serves its web app: @fastify/static with precompressed files. */
export async function servePeer(root, port = PEER_PORT) {
  const fastifyStatic = createRequire(join(process.cwd(), 'apps/server/package.json'))(
    '@fastify/static',
  );
  const app = Fastify();
  await app.register(fastifyStatic, { root, preCompressed: true });
  app.setNotFoundHandler((_request, reply) => reply.sendFile('index.html'));
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}
