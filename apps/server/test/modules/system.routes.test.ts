import { gunzipSync } from 'node:zlib';
import {
  PermissionInfo,
  REGISTER_FIELDS,
  RegisterSettings,
  WHITELABEL_SWITCHES,
  checkFieldRule,
} from '@app/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import {
  merchantDomains,
  merchants,
  merchantSettings,
  regionRules,
  whitelabelSwitches,
} from '../../src/db/schema/index.js';
import { testDatabases } from '../support/databases.js';
import { buildTestApp } from '../support/test-app.js';

describe.each(testDatabases)('system endpoints on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let demoId: number;

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database);
    const [demo] = await database.db.select().from(merchants).where(eq(merchants.code, 'demo'));
    demoId = demo!.id;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  afterEach(async () => {
    await database.db
      .update(merchantSettings)
      .set({ maintenanceEnabled: false })
      .where(eq(merchantSettings.merchantId, demoId));
    await database.db.delete(regionRules);
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { merchant: 'demo', ...headers } });

  it('reports a normal platform as status 0', async () => {
    const res = await get('/wps/system/status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      value: { status: 0, maintenance: null, regionRestriction: null },
    });
  });

  it('reports maintenance as status 1 with the operator text in the caller language', async () => {
    await database.db
      .update(merchantSettings)
      .set({ maintenanceEnabled: true })
      .where(eq(merchantSettings.merchantId, demoId));
    const en = (await get('/wps/system/status')).json();
    const tl = (await get('/wps/system/status', { language: 'TL' })).json();
    expect(en.value).toMatchObject({ status: 1, maintenance: { title: 'Scheduled maintenance' } });
    expect(tl.value.maintenance.title).toBe('Nakatakdang maintenance');
  });

  it('restricts a caller whose IP falls in a region rule range, showing that IP', async () => {
    await database.db.insert(regionRules).values({ merchantId: demoId, ipRange: '203.0.113.0/24' });
    const blocked = await get('/wps/system/status', { 'x-forwarded-for': '203.0.113.9' });
    // Without TRUST_PROXY the forwarded header is ignored: the real peer is 127.0.0.1.
    expect(blocked.json().value.status).toBe(0);

    const proxied = await buildTestApp(database, { TRUST_PROXY: 'true' });
    const res = await proxied.inject({
      url: '/wps/system/status',
      headers: { merchant: 'demo', 'x-forwarded-for': '203.0.113.9' },
    });
    const other = await proxied.inject({
      url: '/wps/system/status',
      headers: { merchant: 'demo', 'x-forwarded-for': '198.51.100.7' },
    });
    await proxied.close();
    expect(res.json().value).toMatchObject({ status: 2, regionRestriction: { ip: '203.0.113.9' } });
    expect(other.json().value.status).toBe(0);
  });

  it('restricts by the country the trusted edge reports, and only by a trusted one', async () => {
    await database.db.insert(regionRules).values({ merchantId: demoId, countryCode: 'SG' });
    const proxied = await buildTestApp(database, { TRUST_PROXY: '127.0.0.1' });
    const from = async (country: string, via: FastifyInstance, remoteAddress = '127.0.0.1') =>
      (
        await via.inject({
          url: '/wps/system/status',
          remoteAddress,
          headers: { merchant: 'demo', 'cf-ipcountry': country, 'x-forwarded-for': '198.51.100.7' },
        })
      ).json().value.status;
    expect(await from('SG', proxied)).toBe(2);
    expect(await from('PH', proxied)).toBe(0);
    // Sent by the visitor itself, or through a proxy nobody trusts: a country they do not have.
    expect(await from('SG', proxied, '203.0.113.5')).toBe(0);
    expect(await from('SG', app)).toBe(0);
    await proxied.close();
  });

  it('gives maintenance priority over a region restriction', async () => {
    await database.db.insert(regionRules).values({ merchantId: demoId, ipRange: '127.0.0.0/8' });
    expect((await get('/wps/system/status')).json().value.status).toBe(2);
    await database.db
      .update(merchantSettings)
      .set({ maintenanceEnabled: true })
      .where(eq(merchantSettings.merchantId, demoId));
    expect((await get('/wps/system/status')).json().value.status).toBe(1);
  });

  it('lists every white-label switch with the operator state', async () => {
    await database.db
      .update(whitelabelSwitches)
      .set({ enabled: false })
      .where(eq(whitelabelSwitches.code, 'FREEPLAY'));
    const value = (await get('/wps/system/whitelabel')).json().value;
    expect(Object.keys(value).sort()).toEqual([...WHITELABEL_SWITCHES].sort());
    expect(value.FREEPLAY).toBe(false);
    expect(value.USERNAMEREG3).toBe(true);
  });

  it('sends register field rules that the shared validator can apply', async () => {
    const res = await get('/wps/system/setting/register');
    const rules = RegisterSettings.parse(res.json().value);
    expect(rules.map((r) => r.field)).toEqual(expect.arrayContaining([...REGISTER_FIELDS]));
    const username = rules.find((r) => r.field === 'username')!;
    expect(checkFieldRule(username, 'juan2026')).toEqual({ valid: true });
    expect(checkFieldRule(username, '2juan2026')).toMatchObject({
      valid: false,
      reason: 'pattern',
    });
    expect(checkFieldRule(username, '')).toMatchObject({ valid: false, reason: 'required' });
  });

  it("lists the merchant's domain routes", async () => {
    const value = (await get('/wps/system/domainRoute')).json().value;
    expect(value).toContainEqual({
      host: 'agent.localhost',
      isMain: false,
      route: '/agent',
      affiliateCode: null,
    });
  });

  it('compresses API answers over 1 KB for a client that accepts it, and only then', async () => {
    const plain = await get('/wps/system/permission');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await get('/wps/system/permission', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    // A small answer is not worth it.
    const small = await get('/wps/system/status', { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('answers the permission info with every field the web app needs', async () => {
    const res = await get('/wps/system/permission', { language: 'TL' });
    const info = PermissionInfo.parse(res.json().value);
    expect(info).toMatchObject({
      merchantCode: 'demo',
      currency: 'PHP',
      mainDomain: 'localhost',
      location: { ip: '127.0.0.1' },
      maintenance: { enabled: false, title: 'Nakatakdang maintenance' },
      regionRestriction: { restricted: false },
    });
    expect(Object.keys(info.resources)).toEqual(
      expect.arrayContaining(['FACEBOOK', 'WHATSAPP', 'TELEGRAM', 'INSTAGRAM', 'VIBER']),
    );
  });

  it('serves the help centre in the asked language, with the terms section', async () => {
    const tl = (await get('/wps/system/helpCenter?lang=TL&device=WEB')).json().value;
    const en = (await get('/wps/system/helpCenter')).json().value;
    expect(tl.language).toBe('TL');
    expect(tl.sections[0]).toMatchObject({ key: 'term', title: 'Mga tuntunin at kundisyon' });
    expect(en.sections.map((s: { key: string }) => s.key)).toContain('term');
    expect(en.sections[0].content).toContain('21');
  });

  it('rejects an unknown help language with VALIDATION_ERROR', async () => {
    const res = await get('/wps/system/helpCenter?lang=XX');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  describe('merchant resolution', () => {
    let otherId: number;
    beforeAll(async () => {
      const [other] = await database.db
        .insert(merchants)
        .values({ code: 'other', name: 'Other Site' })
        .returning({ id: merchants.id });
      otherId = other!.id;
      await database.db.insert(merchantSettings).values({
        merchantId: otherId,
        defaultLanguage: 'TL',
        maintenanceEnabled: true,
        maintenanceTitle: { EN: 'Other is down', TL: 'Sarado ang Other' },
        maintenanceInfo: { EN: '', TL: '' },
      });
      await database.db.insert(merchantDomains).values({ merchantId: otherId, host: 'other.test' });
    });

    it('resolves the merchant from the Merchant header', async () => {
      const res = await app.inject({ url: '/wps/system/status', headers: { merchant: 'other' } });
      expect(res.json().value).toMatchObject({
        status: 1,
        maintenance: { title: 'Sarado ang Other' },
      });
    });

    it('resolves the merchant from the request host, else the default merchant', async () => {
      const byHost = await app.inject({
        url: '/wps/system/status',
        headers: { host: 'other.test' },
      });
      const unknownHost = await app.inject({
        url: '/wps/system/status',
        headers: { host: 'unknown.test' },
      });
      expect(byHost.json().value.status).toBe(1);
      expect(unknownHost.json().value.status).toBe(0);
    });

    it('rejects an unknown Merchant header with UNKNOWN_MERCHANT', async () => {
      const res = await app.inject({ url: '/wps/system/status', headers: { merchant: 'nobody' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'UNKNOWN_MERCHANT' });
    });

    it("never shows one merchant's settings to another", async () => {
      const demo = (await get('/wps/system/permission')).json().value;
      const other = (
        await app.inject({ url: '/wps/system/permission', headers: { merchant: 'other' } })
      ).json().value;
      expect(demo.merchantCode).toBe('demo');
      expect(other.merchantCode).toBe('other');
      expect(other.resources).toEqual({});
      expect(other.domainRoute).toEqual([
        { host: 'other.test', isMain: false, route: '/', affiliateCode: null },
      ]);
    });
  });
});
