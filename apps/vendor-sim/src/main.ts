import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSimApp } from './app.js';
import { parseSimEnv, type SimConfig } from './config.js';

function loadConfig(): SimConfig {
  try {
    return parseSimEnv(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

async function start(): Promise<void> {
  const config = loadConfig();
  // dist/main.js and src/main.ts both sit one level below apps/vendor-sim; the page script is built.
  const clientDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'public');
  const app = await buildSimApp({ config, clientDir });
  const shutdown = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  await app.listen({ port: config.port, host: config.host });
  console.log(`Vendor sim ready at ${config.publicUrl} (wallet calls to ${config.platformUrl})`);
}

start().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
