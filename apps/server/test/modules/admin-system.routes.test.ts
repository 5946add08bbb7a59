import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { merchantSettings, resources, seedRuns } from '../../src/db/schema/index.js';
import { seedDemoPlatform } from '../../src/db/seed/demo.js';
import { checkedRange } from '../../src/modules/system/system.admin.service.js';
import { adminApi, auditsOf } from '../support/admin-api.js';
import { testDatabases } from '../support/databases.js';
import { MERCHANT_ID, createMember, fund } from '../support/ledger.js';
import { CAPTCHA_ANSWER, memberApi, randomIp } from '../support/member-api.js';
import { signInForeignOperator, signInOperator } from '../support/operator-api.js';
import { buildTestApp } from '../support/test-app.js';

const MAINTENANCE = {
  enabled: true,
  title: { EN: 'Upgrading tonight', TL: 'Nag-a-upgrade ngayong gabi' },
  info: { EN: 'Back at 02:00', TL: 'Babalik ng 02:00' },
};

describe.each(testDatabases)('back-office system settings on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let call: ReturnType<typeof adminApi>;
  let api: ReturnType<typeof memberApi>;
  let owner: string;
  let foreignOwner: string;
  const tag = `${Date.now() % 100000}`;

  beforeAll(async () => {
    database = await open();
    // Behind a proxy: the country header counts only on requests a trusted proxy forwarded.
    app = await buildTestApp(database, {
      CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER,
      TRUST_PROXY: 'true',
    });
    call = adminApi(app);
    api = memberApi(app);
    owner = await signInOperator(app, database.db, { role: 'owner', merchantId: MERCHANT_ID });
    foreignOwner = (await signInForeignOperator(app, database.db, `sy${tag}`)).token;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const member = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ url, headers: { ...api.headers(), ...headers }, remoteAddress: randomIp() });
  const status = async (headers: Record<string, string> = {}) =>
    (await member('/wps/system/status', headers)).json().value;
  const statusFrom = (country: string) =>
    status({ 'cf-ipcountry': country, 'x-forwarded-for': randomIp() });
  const settings = async (token = owner) =>
    (await call(token, 'GET', '/admin/api/system/settings')).json().value;
  const expectRefused = async (method: 'PUT' | 'POST', url: string, body: unknown) => {
    const res = await call(owner, method, url, body);
    expect([res.statusCode, res.json().code], `${url} ${JSON.stringify(body)}`).toEqual([
      400,
      'VALIDATION_ERROR',
    ]);
  };

  it('switches maintenance on and off; the member site follows; audited', async () => {
    expect((await status()).status).toBe(0);
    const on = await call(owner, 'PUT', '/admin/api/system/maintenance', MAINTENANCE);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().value.maintenance).toEqual(MAINTENANCE);
    expect(await status()).toMatchObject({
      status: 1,
      maintenance: { title: 'Upgrading tonight', info: 'Back at 02:00' },
    });
    expect((await status({ language: 'TL' })).maintenance.title).toBe('Nag-a-upgrade ngayong gabi');
    // The foreign merchant is not in maintenance.
    expect((await status({ merchant: `sy${tag}` })).status).toBe(0);

    await call(owner, 'PUT', '/admin/api/system/maintenance', { ...MAINTENANCE, enabled: false });
    expect((await status()).status).toBe(0);
    const audits = await auditsOf(database.db, 'system.maintenance_on', MERCHANT_ID);
    expect(audits.at(-1)!.after).toEqual(MAINTENANCE);
    expect(
      (await auditsOf(database.db, 'system.maintenance_off', MERCHANT_ID)).at(-1)!.before,
    ).toMatchObject({ enabled: true });
  });

  it('refuses maintenance without a title in both languages, changing nothing', async () => {
    await expectRefused('PUT', '/admin/api/system/maintenance', {
      ...MAINTENANCE,
      title: { EN: 'Only English', TL: '' },
    });
    expect((await status()).status).toBe(0);
  });

  it('blocks a country and an IP range, refuses bad rules, and removes a rule', async () => {
    const country = await call(owner, 'POST', '/admin/api/system/region-rules', {
      countryCode: 'sg',
      note: 'licence',
    });
    expect(country.json().value).toMatchObject({ countryCode: 'SG', ipRange: null });
    expect((await statusFrom('SG')).status).toBe(2);
    expect((await statusFrom('PH')).status).toBe(0);

    const range = await call(owner, 'POST', '/admin/api/system/region-rules', {
      ipRange: '198.51.100.77/24',
    });
    expect(range.json().value.ipRange).toBe('198.51.100.0/24');

    await expectRefused('POST', '/admin/api/system/region-rules', { ipRange: '300.1.1.1/8' });
    await expectRefused('POST', '/admin/api/system/region-rules', { ipRange: '10.0.0.0/33' });
    await expectRefused('POST', '/admin/api/system/region-rules', {});
    await expectRefused('POST', '/admin/api/system/region-rules', {
      ipRange: '10.0.0.0/8',
      countryCode: 'PH',
    });
    const page = (await call(owner, 'GET', '/admin/api/system/region-rules')).json().value;
    expect(page.total).toBe(2);
    expect(
      (await call(foreignOwner, 'GET', '/admin/api/system/region-rules')).json().value.total,
    ).toBe(0);

    const id = country.json().value.id;
    const foreignDelete = await call(
      foreignOwner,
      'DELETE',
      `/admin/api/system/region-rules/${id}`,
    );
    expect(foreignDelete.statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/admin/api/system/region-rules/${id}`)).statusCode).toBe(
      200,
    );
    expect((await statusFrom('SG')).status).toBe(0);
    expect(
      (await auditsOf(database.db, 'system.region_rule_delete', id)).at(-1)!.before,
    ).toMatchObject({ countryCode: 'SG' });
  });

  it('sets white-label switches and register field rules the member site reads', async () => {
    const current = (await member('/wps/system/whitelabel')).json().value.PTSYS3 as boolean;
    const res = await call(owner, 'PUT', '/admin/api/system/whitelabel', {
      switches: [{ code: 'PTSYS3', enabled: !current }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await member('/wps/system/whitelabel')).json().value.PTSYS3).toBe(!current);
    expect(
      (await auditsOf(database.db, 'system.whitelabel_update', MERCHANT_ID)).at(-1)!.after,
    ).toEqual({ PTSYS3: !current });
    await expectRefused('PUT', '/admin/api/system/whitelabel', {
      switches: [{ code: 'NOPE', enabled: true }],
    });

    const rule = {
      enabled: true,
      required: true,
      acceptedPattern: '^[a-z0-9._%+-]+@[a-z0-9.-]+$',
      patternId: 'EMAIL',
      minLength: 5,
      maxLength: 80,
    };
    const put = await call(owner, 'PUT', '/admin/api/system/register-fields/email', rule);
    expect(put.statusCode, put.body).toBe(200);
    const rules = (await member('/wps/system/setting/register')).json().value as {
      field: string;
    }[];
    expect(rules.find((r) => r.field === 'email')).toEqual({ field: 'email', ...rule });
    await expectRefused('PUT', '/admin/api/system/register-fields/email', {
      ...rule,
      minLength: 90,
    });
    await expectRefused('PUT', '/admin/api/system/register-fields/email', {
      ...rule,
      acceptedPattern: '([unclosed',
    });
    await expectRefused('PUT', '/admin/api/system/register-fields/email', {
      ...rule,
      enabled: false,
    });
    const bad = await call(owner, 'PUT', '/admin/api/system/register-fields/shoeSize', rule);
    expect(bad.statusCode).toBe(400);
    expect(
      ((await member('/wps/system/setting/register')).json().value as { field: string }[]).find(
        (r) => r.field === 'email',
      ),
    ).toMatchObject({ minLength: 5 });
  });

  it('gives the demo its own app and customer-service pages, also on a database seeded before', async () => {
    const links = async () => {
      const info = (await member('/wps/system/permission')).json().value;
      return {
        ios: info.resources.IOS_APP?.url,
        android: info.resources.ANDROID_APP?.url,
        customerService: info.customerService.url,
      };
    };
    expect(await links()).toEqual({
      ios: '/download#ios',
      android: '/download#android',
      customerService: '/support',
    });

    // A database the first demo seed wrote: the example.com placeholders, one already replaced
    // by the operator. A start replaces the placeholders, keeps the operator's link, once.
    const setResource = (key: string, url: string) =>
      database.db
        .update(resources)
        .set({ url })
        .where(and(eq(resources.merchantId, MERCHANT_ID), eq(resources.key, key)));
    await setResource('IOS_APP', 'https://example.com/app/ios');
    await setResource('ANDROID_APP', 'https://apps.example.net/android.apk');
    await database.db
      .update(merchantSettings)
      .set({ customerServiceUrl: 'https://example.com/support' })
      .where(eq(merchantSettings.merchantId, MERCHANT_ID));
    await database.db.delete(seedRuns).where(eq(seedRuns.name, 'demo-links-v1'));
    await seedDemoPlatform(database.db, null);
    await seedDemoPlatform(database.db, null);
    expect(await links()).toEqual({
      ios: '/download#ios',
      android: 'https://apps.example.net/android.apk',
      customerService: '/support',
    });
    await setResource('ANDROID_APP', '/download#android');

    // An operator may point a link at a page of the site, never at another host by `//`.
    const put = await call(owner, 'PUT', '/admin/api/system/customer-service', { url: '/support' });
    expect(put.statusCode, put.body).toBe(200);
    await expectRefused('PUT', '/admin/api/system/customer-service', { url: '//evil.example/x' });
    await expectRefused('PUT', '/admin/api/system/resources/IOS_APP', {
      labelNameEn: 'iOS app',
      url: '//evil.example/app',
    });
    expect(await links()).toMatchObject({ customerService: '/support' });
  });

  it('keeps social links and the customer service link in the permission info', async () => {
    const put = await call(owner, 'PUT', '/admin/api/system/resources/VIBER', {
      labelNameEn: 'Viber',
      url: 'https://invite.viber.com/?g=demo',
    });
    expect(put.statusCode, put.body).toBe(200);
    await call(owner, 'PUT', '/admin/api/system/customer-service', {
      url: 'https://help.example.com/chat',
    });
    let info = (await member('/wps/system/permission')).json().value;
    expect(info.resources.VIBER).toEqual({
      labelNameEn: 'Viber',
      url: 'https://invite.viber.com/?g=demo',
    });
    expect(info.customerService.url).toBe('https://help.example.com/chat');

    await expectRefused('PUT', '/admin/api/system/resources/VIBER', {
      labelNameEn: 'Viber',
      url: 'javascript:alert(1)',
    });
    await expectRefused('PUT', '/admin/api/system/customer-service', { url: 'ftp://x' });
    expect((await call(owner, 'DELETE', '/admin/api/system/resources/VIBER')).statusCode).toBe(200);
    info = (await member('/wps/system/permission')).json().value;
    expect(info.resources.VIBER).toBeUndefined();
    expect((await call(owner, 'DELETE', '/admin/api/system/resources/VIBER')).statusCode).toBe(404);
    expect((await auditsOf(database.db, 'system.resource_delete', 'VIBER')).length).toBe(1);
  });

  it('adds, changes and removes domains; a host of another merchant is refused', async () => {
    const host = `play${tag}.example.com`;
    const created = await call(owner, 'POST', '/admin/api/system/domains', {
      host: host.toUpperCase(),
      isMain: true,
      route: '/',
      affiliateCode: null,
    });
    expect(created.statusCode, created.body).toBe(200);
    const domain = created.json().value;
    expect(domain).toMatchObject({ host, isMain: true });
    const domains = (await settings()).domains as { host: string; isMain: boolean }[];
    expect(domains.filter((d) => d.isMain).map((d) => d.host)).toEqual([host]);

    const taken = await call(foreignOwner, 'POST', '/admin/api/system/domains', {
      host,
      isMain: false,
      route: '/',
      affiliateCode: null,
    });
    expect([taken.statusCode, taken.json().value.issues[0].message]).toEqual([400, 'host_taken']);
    await expectRefused('POST', '/admin/api/system/domains', {
      host: 'bad host',
      isMain: false,
      route: '/',
      affiliateCode: null,
    });
    const moved = await call(owner, 'PUT', `/admin/api/system/domains/${domain.id}`, {
      host,
      isMain: true,
      route: '/register',
      affiliateCode: 'AFF1',
    });
    expect(moved.json().value).toMatchObject({ route: '/register', affiliateCode: 'AFF1' });
    expect(
      (await call(foreignOwner, 'DELETE', `/admin/api/system/domains/${domain.id}`)).statusCode,
    ).toBe(404);
    expect((await call(owner, 'DELETE', `/admin/api/system/domains/${domain.id}`)).statusCode).toBe(
      200,
    );
    expect(((await settings()).domains as { host: string }[]).map((d) => d.host)).not.toContain(
      host,
    );
  });

  it('changes the currency symbol any time, the code only before money moved', async () => {
    const fresh = await call(foreignOwner, 'PUT', '/admin/api/system/currency', {
      currency: 'USD',
      currencySymbol: '$',
    });
    expect(fresh.json().value.currency).toEqual({ currency: 'USD', currencySymbol: '$' });

    await fund(database.db, await createMember(database.db), 1000n);
    const refused = await call(owner, 'PUT', '/admin/api/system/currency', {
      currency: 'USD',
      currencySymbol: '$',
    });
    expect([refused.statusCode, refused.json().value.issues[0].message]).toEqual([
      400,
      'currency_in_use',
    ]);
    const symbol = await call(owner, 'PUT', '/admin/api/system/currency', {
      currency: 'PHP',
      currencySymbol: 'PHP ',
    });
    expect(symbol.json().value.currency).toEqual({ currency: 'PHP', currencySymbol: 'PHP' });
    await expectRefused('PUT', '/admin/api/system/currency', {
      currency: 'peso',
      currencySymbol: '₱',
    });
    // Put back, for the other tests' money formatting.
    await call(owner, 'PUT', '/admin/api/system/currency', {
      currency: 'PHP',
      currencySymbol: '₱',
    });
  });

  it('accepts only real addresses and prefixes as ranges', () => {
    expect(checkedRange('203.0.113.9')).toBe('203.0.113.9');
    expect(checkedRange('2001:db8::/32')).toBe('2001:db8::/32');
    expect(checkedRange('2001:db8::/129')).toBeNull();
    expect(checkedRange('1.2.3.4/8/9')).toBeNull();
    expect(checkedRange('1.2.3/8')).toBeNull();
  });
});
