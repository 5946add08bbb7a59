import { createHash } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { parseEnv } from '../src/config/env.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { testDatabases } from './support/databases.js';
import { buildTestApp } from './support/test-app.js';
import { fakeDist } from './support/web-dist.js';

const INLINE_SCRIPT = "window.__boot = 'started';";

/** The CSP as a map of directive to its sources. */
function policyOf(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const PRODUCTION_ENV = {
  SECRETS_KEY: Buffer.alloc(32, 3).toString('base64'),
  MESSAGE_GATEWAY_URL: 'https://sms.example/send',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: '/nonexistent',
  ADMIN_DIST_DIR: '/nonexistent',
} as const;

describe('security headers', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await testDatabases[0]!.open();
    app = await buildTestApp(database, {
      WEB_DIST_DIR: fakeDist('web', INLINE_SCRIPT),
      ADMIN_DIST_DIR: fakeDist('admin', INLINE_SCRIPT),
      VENDOR_SIM_URL: 'http://127.0.0.1:4999',
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const answers: [string, string][] = [
    ['an API answer', '/wps/system/status'],
    ['a JSON 404', '/wps/no-such-thing'],
    ['the member site', '/'],
    ["the member site's history route", '/member/securityCenter'],
    ['the back office', '/admin/members'],
    ['a static asset', '/assets/app-abc123.js'],
  ];

  it.each(answers)('are on %s', async (_, url) => {
    const res = await app.inject({ url, headers: { merchant: 'demo', host: 'play.example' } });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers).toMatchObject({
      'x-frame-options': 'SAMEORIGIN',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000; includeSubDomains/);
    const policy = policyOf(res);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'ws://play.example',
      'wss://play.example',
    ]);
    // Games only: https: vendors and, in development, the reference vendor's http origin.
    expect(policy.get('frame-src')).toEqual(["'self'", 'https:', 'http://127.0.0.1:4999']);
    // The index page's inline script runs by its hash; no other inline script does.
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(policy.get('script-src')).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('let public images be shown from other origins (the sandboxed announcement preview)', async () => {
    const res = await app.inject({ url: '/banner.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('put Retry-After on every 429', async () => {
    const ip = '198.51.100.23';
    const answers = await Promise.all(
      Array.from({ length: 70 }, () =>
        app.inject({ url: '/wps/captcha', headers: { merchant: 'demo' }, remoteAddress: ip }),
      ),
    );
    const refused = answers.filter((res) => res.statusCode === 429);
    // 60 captchas a minute from one address (ADDRESS_LIMITS_PER_MINUTE).
    expect(refused).toHaveLength(10);
    for (const res of refused) {
      expect(res.json().code).toBe('TOO_MANY_REQUESTS');
      const seconds = Number(res.headers['retry-after']);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(60);
    }
  });

  it('serve the API documentation in development and test', async () => {
    expect((await app.inject({ url: '/docs/json' })).statusCode).toBe(200);
  });
});

describe('a production server', () => {
  let database: DatabaseHandle;
  const apps: FastifyInstance[] = [];
  const production = async (env: Record<string, string> = {}) => {
    const app = await buildApp({
      env: parseEnv({ ...PRODUCTION_ENV, ...env }),
      database,
      redis: null,
    });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    database = await testDatabases[0]!.openBlank();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });

  it('hides the API documentation unless an operator turns it on', async () => {
    const hidden = await production();
    for (const url of ['/docs', '/docs/json', '/docs/static/index.html']) {
      const res = await hidden.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const shown = await production({ API_DOCS: 'true' });
    const docs = await shown.inject({ url: '/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(docs.json().openapi).toBe('3.1.0');
  });

  it('frames games from https: only and upgrades insecure requests', async () => {
    const res = await (await production()).inject({ url: '/healthz' });
    const policy = policyOf(res);
    expect(policy.get('frame-src')).toEqual(["'self'", 'https:']);
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });
});
