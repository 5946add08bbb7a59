// bench: time from `node apps/server/dist/main.js` to the first 200 from /healthz, on a new
// embedded data dir (first start after install: cluster, migrations, demo seed) and on an existing
// one (a restart). Run `npm run build` first. Prints a Markdown table row per case.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RUNS = Number(process.env.RUNS ?? 5);
const PORT = 8191;

async function startOnce(dataDir) {
  const started = performance.now();
  const child = spawn('node', ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      // As `npm start` runs it (demo seed included); an unset NODE_ENV is production.
      NODE_ENV: 'development',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (performance.now() - started > 60_000) throw new Error('server not ready in 60 s');
      try {
        const res = await fetch(`http://127.0.0.1:${PORT}/healthz`);
        if (res.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fresh = [];
const restart = [];
for (let i = 0; i < RUNS; i++) {
  const dir = mkdtempSync(join(tmpdir(), 'cold-start-'));
  fresh.push(await startOnce(join(dir, 'data')));
  restart.push(await startOnce(join(dir, 'data')));
  rmSync(dir, { recursive: true, force: true });
}
const fmt = (xs) =>
  `median ${(median(xs) / 1000).toFixed(2)} s, max ${(Math.max(...xs) / 1000).toFixed(2)} s`;
console.log(`| first start, new data dir | ${RUNS} runs | ${fmt(fresh)} |`);
console.log(`| restart, existing data dir | ${RUNS} runs | ${fmt(restart)} |`);
