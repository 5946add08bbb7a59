import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { parseEnv } from '../src/config/env.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { members, merchants } from '../src/db/schema/index.js';
import { seedDemoAtStartup } from '../src/demo.js';
import { testDatabases } from './support/databases.js';

/**
 * A server started as the README's production example starts it: no NODE_ENV, only what a
 * deployment must set. None of the development aids may be reachable.
 */
describe.each(testDatabases)('a server started with no mode on $name', ({ openBlank }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openBlank();
    const env = parseEnv({
      SECRETS_KEY: Buffer.alloc(32, 9).toString('base64'),
      MESSAGE_GATEWAY_URL: 'https://sms.example/send',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      ADMIN_DIST_DIR: '/nonexistent',
    });
    // The same start-up steps as main.ts.
    await seedDemoAtStartup(database.db, env);
    app = await buildApp({ env, database, redis: null });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('has no message outbox to read codes and temporary passwords from', async () => {
    const res = await app.inject({ url: '/admin/api/dev/outbox' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('has no sandbox gateway to pay or fake a callback with', async () => {
    for (const url of ['/sandbox-pay/checkout/1', '/sandbox-pay/checkout/1/pay']) {
      const res = await app.inject({ method: url.endsWith('pay') ? 'POST' : 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('has no settlement clock aid', async () => {
    const res = await app.inject({ method: 'POST', url: '/admin/api/dev/settlement/run' });
    expect(res.statusCode).toBe(404);
  });

  it('seeded no demo merchant and no demo account with its published password', async () => {
    expect(await database.db.select().from(merchants)).toEqual([]);
    expect(await database.db.select().from(members)).toEqual([]);
    // No demo merchant: the member API of the demo site answers nothing to sign in to.
    const res = await app.inject({ url: '/wps/system/publicKey', headers: { merchant: 'demo' } });
    expect(res.json().success).toBe(false);
    expect(res.json().code).toBe('UNKNOWN_MERCHANT');
  });
});
