import { buildApp } from './app.js';
import { parseEnv, type Env } from './config/env.js';
import { openPglite, openPostgres } from './db/client.js';
import { seedDemoAtStartup } from './demo.js';
import { createRedis } from './lib/redis.js';

function loadEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

async function start(): Promise<void> {
  const env = loadEnv();
  const database = env.DATABASE_URL
    ? openPostgres(env.DATABASE_URL, env.DATABASE_POOL_SIZE)
    : await openPglite(env.DATA_DIR);
  await database.migrate();
  await seedDemoAtStartup(database.db, env);

  const redis = env.REDIS_URL ? createRedis(env.REDIS_URL) : null;

  const app = await buildApp({ env, database, redis });
  const shutdown = async () => {
    await app.close();
    redis?.disconnect();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());

  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const where = env.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${env.DATA_DIR}`;
  console.log(`Platform ready at http://localhost:${port} (database: ${where})`);
}

start().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
