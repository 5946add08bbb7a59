import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.js';
import { testDatabases } from './support/databases.js';
import { buildTestApp } from './support/test-app.js';
import { fakeDist } from './support/web-dist.js';

describe('serving the built web apps', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await testDatabases[0]!.open();
    app = await buildTestApp(database, {
      WEB_DIST_DIR: fakeDist('web'),
      ADMIN_DIST_DIR: fakeDist('admin'),
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it.each(['/', '/member/securityCenter', '/rng?vassalage=PG', '/agentHome'])(
    'answers the web app for the history route %s',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>web</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('sends a history route compressed to a browser that accepts it, like the static files', async () => {
    const plain = await app.inject({ url: '/rng' });
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await app.inject({ url: '/rng', headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body);
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('answers the back office under /admin', async () => {
    const res = await app.inject({ url: '/admin/members' });
    expect(res.body).toContain('<title>admin</title>');
  });

  it('caches hashed assets for good', async () => {
    const res = await app.inject({ url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it.each(['/wps/unknown', '/lgw/nothing/here', '/assets/missing.js'])(
    'answers the JSON 404 envelope for %s',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    },
  );

  it('answers the JSON 404 for an unknown API POST', async () => {
    const res = await app.inject({ method: 'POST', url: '/member', payload: {} });
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('answers malformed JSON with VALIDATION_ERROR, not a 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/wps/system/status',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken',
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().success).toBe(false);
  });
});
