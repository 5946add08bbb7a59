import { IN_HOUSE_VENDOR } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { adminApi, auditsOf } from '../support/admin-api.js';
import { testDatabases } from '../support/databases.js';
import { MERCHANT_ID } from '../support/ledger.js';
import { CAPTCHA_ANSWER, memberApi, randomIp } from '../support/member-api.js';
import { signInOperator, signInForeignOperator } from '../support/operator-api.js';
import { buildTestApp } from '../support/test-app.js';

type AdminVendor = { id: number; code: string; enabled: boolean; maintenance: boolean };
type AdminGame = { id: number; gameCode: string; vendorCode: string; enabled: boolean };

describe.each(testDatabases)('back-office catalogue on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let call: ReturnType<typeof adminApi>;
  let api: ReturnType<typeof memberApi>;
  let marketing: string;
  let foreign: string;

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
    call = adminApi(app);
    api = memberApi(app);
    marketing = await signInOperator(app, database.db, {
      role: 'marketing',
      merchantId: MERCHANT_ID,
    });
    foreign = (await signInForeignOperator(app, database.db, `cat${Date.now() % 100000}`)).token;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const member = (url: string) =>
    app.inject({ url, headers: api.headers(), remoteAddress: randomIp() });
  const menus = async () =>
    (await member('/lgw/games/game_menus')).json().value as {
      gameCategory: string;
      vendors: { vassalage: string; maintenance?: boolean }[];
    }[];
  const vendorsOf = async (token: string) =>
    (await call(token, 'GET', '/admin/api/catalogue/vendors')).json().value as AdminVendor[];

  it('disables a vendor and puts it in maintenance; the member site follows; audited', async () => {
    const vendors = await vendorsOf(marketing);
    // The in-house vendor is left out of the menus anyway.
    const target = vendors.find((v) => v.code !== IN_HOUSE_VENDOR && v.enabled)!;
    const shown = (await menus()).flatMap((m) => m.vendors.map((v) => v.vassalage));
    expect(shown).toContain(target.code);
    const listed = await member(`/wps/relay/games?vassalage=${target.code}`);
    expect(listed.json().value.totalElements).toBeGreaterThan(0);

    const res = await call(marketing, 'PUT', `/admin/api/catalogue/vendors/${target.id}`, {
      enabled: false,
      maintenance: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ id: target.id, enabled: false, maintenance: true });
    expect((await menus()).flatMap((m) => m.vendors.map((v) => v.vassalage))).not.toContain(
      target.code,
    );
    const before = await member(`/wps/relay/games?vassalage=${target.code}`);
    expect(before.json().value.totalElements).toBe(0);

    const [audit] = (await auditsOf(database.db, 'catalogue.vendor_update', target.id)).slice(-1);
    expect(audit!.before).toMatchObject({ enabled: true, maintenance: false });
    expect(audit!.after).toMatchObject({ enabled: false, maintenance: true });

    // Back on: shown again, still flagged for maintenance.
    await call(marketing, 'PUT', `/admin/api/catalogue/vendors/${target.id}`, { enabled: true });
    const again = (await menus()).flatMap((m) => m.vendors);
    expect(again.map((v) => v.vassalage)).toContain(target.code);
  });

  it('marks a game hot and new, changes its icon and order, then disables it', async () => {
    const page = (await call(marketing, 'GET', '/admin/api/catalogue/games?size=50')).json().value;
    expect(page.total).toBeGreaterThan(5);
    const game = (page.items as (AdminGame & { isHot: boolean })[]).find((g) => !g.isHot)!;
    const hotBefore = (await member('/wps/relay/games/hot')).json().value;
    expect(JSON.stringify(hotBefore)).not.toContain(`"nodeId":${game.id},`);
    const res = await call(marketing, 'PUT', `/admin/api/catalogue/games/${game.id}`, {
      isHot: true,
      isNew: true,
      iconUrl: 'https://cdn.example.com/icon.png',
      sequence: 7,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      isHot: true,
      isNew: true,
      iconUrl: 'https://cdn.example.com/icon.png',
      sequence: 7,
    });
    const hot = (await member('/wps/relay/games/hot')).json().value;
    expect(JSON.stringify(hot)).toContain(`"nodeId":${game.id},`);

    const audits = await auditsOf(database.db, 'catalogue.game_update', game.id);
    expect(audits.at(-1)!.after).toMatchObject({ isHot: true, sequence: 7 });

    // Disabled: gone from the member's list by name.
    await call(marketing, 'PUT', `/admin/api/catalogue/games/${game.id}`, { enabled: false });
    const after = (await member('/wps/relay/games/hot')).json().value;
    expect(JSON.stringify(after)).not.toContain(`"nodeId":${game.id},`);
  });

  it('moves a category in the menu', async () => {
    const categories = (await call(marketing, 'GET', '/admin/api/catalogue/categories')).json()
      .value as { id: number; code: string; sequence: number; vendors: unknown[] }[];
    const withVendors = categories.filter((c) => c.vendors.length > 0);
    const last = withVendors.at(-1)!;
    const res = await call(marketing, 'PUT', `/admin/api/catalogue/categories/${last.id}`, {
      sequence: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await menus())[0]!.gameCategory).toBe(last.code);
    expect(
      (await auditsOf(database.db, 'catalogue.category_update', last.id)).at(-1)!.before,
    ).toMatchObject({ sequence: last.sequence });
  });

  it('refuses bad input and changes nothing', async () => {
    const [vendor] = await vendorsOf(marketing);
    const cases: [string, unknown][] = [
      [`/admin/api/catalogue/vendors/${vendor!.id}`, {}],
      [`/admin/api/catalogue/vendors/${vendor!.id}`, { sequence: -1 }],
      [`/admin/api/catalogue/vendors/${vendor!.id}`, { enabled: 'yes' }],
      [`/admin/api/catalogue/vendors/${vendor!.id}`, { categoryId: 999999 }],
      [`/admin/api/catalogue/games/1`, { iconUrl: 'javascript:alert(1)' }],
      [`/admin/api/catalogue/games/1`, { unknown: true }],
    ];
    for (const [url, body] of cases) {
      const res = await call(marketing, 'PUT', url, body);
      expect([res.statusCode, res.json().code], `${url} ${JSON.stringify(body)}`).toEqual([
        400,
        'VALIDATION_ERROR',
      ]);
    }
    expect((await vendorsOf(marketing)).find((v) => v.id === vendor!.id)).toEqual(vendor);
  });

  it("never shows or changes another merchant's catalogue", async () => {
    expect(await vendorsOf(foreign)).toEqual([]);
    const [vendor] = await vendorsOf(marketing);
    const res = await call(foreign, 'PUT', `/admin/api/catalogue/vendors/${vendor!.id}`, {
      enabled: false,
    });
    expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
    const games = (await call(foreign, 'GET', '/admin/api/catalogue/games')).json().value;
    expect(games.total).toBe(0);
  });
});
