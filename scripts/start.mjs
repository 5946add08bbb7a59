// `npm start` (after the build): the platform and, beside it, the reference vendor
// (apps/vendor-sim) that plays the demo's game providers. Ctrl-C or SIGTERM stops both, and when
// one of them stops on its own the other is stopped too, so no orphan keeps a port.
// The platform runs in development mode (demo seed, outbox, sandbox gateway) unless the caller
// chose a mode: an unset NODE_ENV is production, which refuses every development aid.
import { spawn } from 'node:child_process';

const env = { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development' };
const processes = [
  ['platform', 'apps/server/dist/main.js'],
  ['vendor sim', 'apps/vendor-sim/dist/main.js'],
].map(([name, entry]) => ({
  name,
  child: spawn(process.execPath, [entry], { stdio: 'inherit', env }),
}));

let exitCode = 0;
let stopping = false;

function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  for (const { child } of processes) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));

await Promise.all(
  processes.map(
    ({ name, child }) =>
      new Promise((resolve) => {
        child.on('exit', (code, signal) => {
          if (!stopping) {
            console.error(
              `The ${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`,
            );
            exitCode = code || 1;
          }
          stopAll('SIGTERM');
          resolve();
        });
      }),
  ),
);
process.exit(exitCode);
