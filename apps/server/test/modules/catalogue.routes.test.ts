import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameItem, GamePage } from '@app/shared';
import type { DatabaseHandle } from '../../src/db/client.js';
import {
  gameCategories,
  games,
  merchants,
  merchantSettings,
  vendors,
} from '../../src/db/schema/index.js';
import { testDatabases } from '../support/databases.js';
import { randomIp, type MemberApi } from '../support/member-api.js';
import { closeTestApp, startMemberApp } from '../support/test-app.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Favourite changes are throttled to one per second per account. */
const AFTER_THROTTLE_MS = 1100;

describe.each(testDatabases)('game catalogue on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: MemberApi;

  beforeAll(async () => {
    ({ database, app, api } = await startMemberApp(open));
  });
  afterAll(() => closeTestApp(app, database));

  const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
    app.inject({ url, headers: { ...api.headers(token), ...headers }, remoteAddress: randomIp() });
  const send = (method: 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: api.headers(token),
      remoteAddress: randomIp(),
      ...(payload === undefined ? {} : { payload }),
    });
  const page = async (query: string, token?: string): Promise<GamePage> => {
    const res = await get(`/wps/relay/games?${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as GamePage;
  };
  const menus = async () =>
    (await get('/lgw/games/game_menus')).json().value as {
      gameCategory: string;
      vendors: { vassalage: string }[];
    }[];
  const memberToken = async () => (await api.register()).json().value.token as string;

  /** Every enabled game of the demo merchant with its vendor code. */
  async function catalogue() {
    return database.db
      .select({
        id: games.id,
        gameType: games.gameType,
        isHot: games.isHot,
        isNew: games.isNew,
        gameClassify: games.gameClassify,
        vendor: vendors.code,
      })
      .from(games)
      .innerJoin(vendors, eq(vendors.id, games.vendorId))
      .innerJoin(merchants, eq(merchants.id, games.merchantId))
      .where(and(eq(merchants.code, 'demo'), eq(games.enabled, true)));
  }

  it('lists only categories that have a vendor, in menu order, without the in-house vendor', async () => {
    const value = await menus();
    expect(value.map((m) => m.gameCategory)).toEqual([
      'ELOTT',
      'LOTT',
      'LIVE',
      'SPORTS',
      'FISH',
      'RNG',
      'PVP',
      'ESPORTS',
      'COCKFIGHT',
    ]);
    expect(
      value.find((m) => m.gameCategory === 'COCKFIGHT')!.vendors.map((v) => v.vassalage),
    ).toEqual(['DS88', 'DIG', 'WGB']);
    const rng = value.find((m) => m.gameCategory === 'RNG')!;
    expect(rng.vendors.map((v) => v.vassalage)).not.toContain('BGS');
  });

  it('seeds games in every category, each with a local icon', async () => {
    const rows = await database.db
      .select({ type: games.gameType, icon: games.iconUrl, large: games.lagerIcon })
      .from(games);
    expect(new Set(rows.map((r) => r.type))).toEqual(
      new Set(['RNG', 'FISH', 'LIVE', 'PVP', 'COCKFIGHT', 'LOTT', 'ELOTT', 'SPORTS', 'ESPORTS']),
    );
    for (const row of rows) {
      // Drawn here and served by the member site (demo-art.test.ts checks every file exists).
      expect(row.icon).toMatch(/^\/demo\/games\/[a-z0-9-]+\.webp$/);
      expect(row.large).toBe(row.icon);
    }
  });

  it('pages a game list by 20 with every field of the game item, leaving BGS out of slots', async () => {
    const expected = (await catalogue()).filter((g) => g.gameType === 'RNG' && g.vendor !== 'BGS');
    expect(expected.length).toBeGreaterThan(20);
    const first = await page(
      'gameType=RNG&clientType=3&platform=html5-desktop&merchant=demo&language=EN',
    );
    expect(first).toMatchObject({
      pageNum: 1,
      pageSize: 20,
      totalElements: expected.length,
      totalPages: Math.ceil(expected.length / 20),
    });
    expect(first.content).toHaveLength(20);
    const second = await page('gameType=RNG&pageNo=2&pageSize=20');
    expect(second.content).toHaveLength(Math.min(20, expected.length - 20));
    const ids = [...first.content, ...second.content].map((g) => g.nodeId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => expected.some((g) => g.id === id))).toBe(true);
    const item = first.content[0]!;
    expect(Object.keys(item).sort()).toEqual(
      [
        'nodeId',
        'nodeName',
        'gameName',
        'gameType',
        'vassalage',
        'gameCategory',
        'gameClassify',
        'gameCode',
        'isGame',
        'isHot',
        'isNew',
        'lagerIcon',
        'iconUrl',
        'vendorName',
        'maintenance',
        'favorite',
      ].sort(),
    );
    expect(first.content.every((g) => g.vassalage !== 'BGS')).toBe(true);
    const bgs = await page('vassalage=BGS');
    expect(bgs.content.length).toBeGreaterThan(0);
    expect(bgs.content.every((g) => g.vassalage === 'BGS')).toBe(true);
  });

  it('filters by vendor, classification, NEW, HOT and isNew', async () => {
    const all = await catalogue();
    const pg = await page('gameType=RNG&vassalage=PG&pageSize=100');
    expect(pg.content.map((g) => g.nodeId).sort()).toEqual(
      all
        .filter((g) => g.vendor === 'PG' && g.gameType === 'RNG')
        .map((g) => g.id)
        .sort(),
    );
    const jackpots = await page('gameType=RNG&gameClassify=JACKPOT&pageSize=100');
    expect(jackpots.totalElements).toBe(
      all.filter((g) => g.gameType === 'RNG' && g.vendor !== 'BGS' && g.gameClassify === 'JACKPOT')
        .length,
    );
    const fresh = await page('filter=NEW&pageSize=100');
    expect(fresh.totalElements).toBe(all.filter((g) => g.isNew === 1 && g.vendor !== 'BGS').length);
    expect(fresh.content.every((g) => g.isNew === 1)).toBe(true);
    expect((await page('isNew=1&pageSize=100')).totalElements).toBe(fresh.totalElements);
    const hot = await page('filter=HOT&gameType=LIVE&pageSize=100');
    expect(hot.content.length).toBeGreaterThan(0);
    expect(hot.content.every((g) => g.isHot === 1 && g.gameType === 'LIVE')).toBe(true);
    expect(hot.totalElements).toBe(
      all.filter((g) => g.isHot === 1 && g.gameType === 'LIVE').length,
    );
  });

  it('searches names in either language, case-insensitively, with wildcards taken literally', async () => {
    const koi = await page('name=fortune%20KOI');
    expect(koi.content.map((g) => g.gameName)).toEqual(['Fortune Koi']);
    const tagalog = await page('name=hilagang&language=TL');
    expect(tagalog.content.map((g) => g.nodeName)).toEqual(['Lotto ng Hilagang Vietnam']);
    const english = await page('name=hilagang&language=EN');
    expect(english.content.map((g) => g.nodeName)).toEqual(['Vietnam North Lottery']);
    expect((await page('name=%25')).totalElements).toBe(0);
    expect((await page('name=_')).totalElements).toBe(0);
  });

  it('refuses bad paging and another merchant code in the query', async () => {
    for (const query of ['pageNo=0', 'pageSize=1000', 'filter=SOME', 'gameType=CASINO']) {
      const res = await get(`/wps/relay/games?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const other = await get('/wps/relay/games?merchant=elsewhere');
    expect(other.statusCode).toBe(400);
    expect((await get('/wps/relay/games/hot?merchantCode=elsewhere')).statusCode).toBe(400);
  });

  it('answers hot games trimmed to 12, hot only, without the in-house vendor', async () => {
    const res = await get(
      '/wps/relay/games/hot?merchantCode=demo&isPlatform=2&platform=flash,html5-desktop&language=EN',
    );
    expect(res.statusCode).toBe(200);
    const hot = res.json().value as GameItem[];
    const all = await catalogue();
    expect(hot).toHaveLength(
      Math.min(12, all.filter((g) => g.isHot === 1 && g.vendor !== 'BGS').length),
    );
    expect(hot.length).toBe(12);
    expect(hot.every((g) => g.isHot === 1 && g.vassalage !== 'BGS')).toBe(true);
  });

  it('checks login before anything else on favourites and recent games', async () => {
    for (const [method, url, payload] of [
      ['POST', '/wps/relay/favorites', { nodeId: 'not a number' }],
      ['DELETE', '/wps/relay/favorites/abc', undefined],
      ['GET', '/wps/relay/favorites?pageSize=99999', undefined],
      ['GET', '/wps/relay/games/recent', undefined],
      ['GET', '/wps/relay/games?filter=FAV', undefined],
      ['GET', '/wps/relay/games?filter=RECENT', undefined],
    ] as const) {
      const res = method === 'GET' ? await get(url) : await send(method, url, undefined, payload);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('NOT_LOGGED_IN');
    }
  });

  it('adds a favourite once, lists it, marks it in lists, throttles changes and removes it', async () => {
    const token = await memberToken();
    const [koi] = (await page('name=Fortune%20Koi')).content;
    const [carabao] = (await page('name=Golden%20Carabao')).content;
    expect(koi!.favorite).toBe(false);

    const added = await send('POST', '/wps/relay/favorites', token, {
      nodeId: koi!.nodeId,
      vendor: 'PG',
      gameType: 'RNG',
    });
    expect(added.json()).toEqual({ success: true, value: { nodeId: koi!.nodeId, favorite: true } });
    // Already a favourite: no change, no throttle.
    const again = await send('POST', '/wps/relay/favorites', token, { nodeId: koi!.nodeId });
    expect(again.statusCode).toBe(200);
    // A second change within a second is throttled and changes nothing.
    const throttled = await send('POST', '/wps/relay/favorites', token, {
      nodeId: carabao!.nodeId,
    });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().code).toBe('TOO_MANY_REQUESTS');

    const list = await get(
      '/wps/relay/favorites?clientType=3&pageNo=1&pageSize=999&gameType=RNG',
      token,
    );
    const favourites = list.json().value as GamePage;
    expect(favourites.content.map((g) => g.nodeId)).toEqual([koi!.nodeId]);
    expect(favourites).toMatchObject({ pageNum: 1, totalPages: 1, totalElements: 1 });
    expect(favourites.content[0]!.favorite).toBe(true);
    expect((await page('name=Fortune%20Koi', token)).content[0]!.favorite).toBe(true);
    expect((await page('filter=FAV', token)).content.map((g) => g.nodeId)).toEqual([koi!.nodeId]);
    // Another account's lists are its own.
    expect((await page('name=Fortune%20Koi', await memberToken())).content[0]!.favorite).toBe(
      false,
    );
    // A favourites list of another game type leaves it out.
    const fish = await get('/wps/relay/favorites?gameType=FISH', token);
    expect((fish.json().value as GamePage).totalElements).toBe(0);

    await sleep(AFTER_THROTTLE_MS);
    const newer = await send('POST', '/wps/relay/favorites', token, { nodeId: carabao!.nodeId });
    expect(newer.statusCode).toBe(200);
    const both = (await get('/wps/relay/favorites', token)).json().value as GamePage;
    expect(both.content.map((g) => g.nodeId)).toEqual([carabao!.nodeId, koi!.nodeId]);

    await sleep(AFTER_THROTTLE_MS);
    const removed = await send('DELETE', `/wps/relay/favorites/${koi!.nodeId}`, token);
    expect(removed.json()).toEqual({
      success: true,
      value: { nodeId: koi!.nodeId, favorite: false },
    });
    const left = (await get('/wps/relay/favorites', token)).json().value as GamePage;
    expect(left.content.map((g) => g.nodeId)).toEqual([carabao!.nodeId]);
  });

  it('refuses a favourite of an unknown game or one whose vendor does not match', async () => {
    const token = await memberToken();
    const missing = await send('POST', '/wps/relay/favorites', token, { nodeId: 987654 });
    expect(missing.statusCode).toBe(404);
    const [koi] = (await page('name=Fortune%20Koi')).content;
    const wrong = await send('POST', '/wps/relay/favorites', token, {
      nodeId: koi!.nodeId,
      vendor: 'JDB',
    });
    expect(wrong.statusCode).toBe(400);
    expect(
      ((await get('/wps/relay/favorites', token)).json().value as GamePage).totalElements,
    ).toBe(0);
  });

  it('lets a trial account keep favourites but it has no recent games', async () => {
    const token = await api.trialToken();
    const [koi] = (await page('name=Fortune%20Koi')).content;
    expect(
      (await send('POST', '/wps/relay/favorites', token, { nodeId: koi!.nodeId })).statusCode,
    ).toBe(200);
    const recent = await get(
      '/wps/relay/games/recent?pageNo=1&pageSize=20&gameType=RNG&language=EN&clientType=3',
      token,
    );
    expect(recent.statusCode).toBe(200);
    expect((recent.json().value as GamePage).totalElements).toBe(0);
  });

  it('draws each game icon locally and escapes the name', async () => {
    const [koi] = (await page('name=Fortune%20Koi')).content;
    const icon = (game: GameItem, large = false) =>
      `/lgw/games/icon/${game.vassalage}/${game.gameCode}${large ? '?size=large' : ''}`;
    const small = await get(icon(koi!));
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(small.body).toMatch(/^<svg /);
    expect(small.body).toContain('Fortune Koi');
    const large = await get(icon(koi!, true));
    expect(large.body).toContain('width="480"');
    const [texas] = (await page('name=Texas')).content;
    const escaped = await get(icon(texas!));
    expect(escaped.body).toContain('Texas Hold’em');
    expect((await get('/lgw/games/icon/PG/NO-SUCH-GAME')).statusCode).toBe(404);
  });

  describe('with a second merchant', () => {
    let otherGameId: number;
    beforeAll(async () => {
      const [other] = await database.db
        .insert(merchants)
        .values({ code: 'other', name: 'Other Casino' })
        .returning({ id: merchants.id });
      await database.db.insert(merchantSettings).values({
        merchantId: other!.id,
        maintenanceTitle: { EN: 'x', TL: 'x' },
        maintenanceInfo: { EN: 'x', TL: 'x' },
      });
      const [category] = await database.db
        .insert(gameCategories)
        .values({ merchantId: other!.id, code: 'RNG', sequence: 0 })
        .returning({ id: gameCategories.id });
      const [vendor] = await database.db
        .insert(vendors)
        .values({
          merchantId: other!.id,
          categoryId: category!.id,
          code: 'PG',
          displayName: 'PG',
          sequence: 0,
        })
        .returning({ id: vendors.id });
      const [game] = await database.db
        .insert(games)
        .values({
          merchantId: other!.id,
          vendorId: vendor!.id,
          gameCode: 'PG-RNG-900',
          name: { EN: 'Other Only Slot', TL: 'Other Only Slot' },
          gameType: 'RNG',
          isHot: 1,
        })
        .returning({ id: games.id });
      otherGameId = game!.id;
    });

    it("never shows or favourites another merchant's games", async () => {
      expect((await page('name=Other%20Only')).totalElements).toBe(0);
      const hot = (await get('/wps/relay/games/hot')).json().value as GameItem[];
      expect(hot.map((g) => g.nodeId)).not.toContain(otherGameId);
      const token = await memberToken();
      const res = await send('POST', '/wps/relay/favorites', token, { nodeId: otherGameId });
      expect(res.statusCode).toBe(404);
      const theirs = await get('/wps/relay/games?gameType=RNG', undefined, { merchant: 'other' });
      expect((theirs.json().value as GamePage).content.map((g) => g.nodeId)).toEqual([otherGameId]);
      // A demo session is not a session at the other merchant.
      const cross = await app.inject({
        method: 'POST',
        url: '/wps/relay/favorites',
        headers: { ...api.headers(token), merchant: 'other' },
        payload: { nodeId: otherGameId },
      });
      expect(cross.statusCode).toBe(401);
    });
  });

  it('leaves PROMO and HOME entries out of the navigation', async () => {
    const [demo] = await database.db.select().from(merchants).where(eq(merchants.code, 'demo'));
    for (const [code, sequence] of [
      ['PROMO', 50],
      ['HOME', 51],
    ] as const) {
      const [category] = await database.db
        .insert(gameCategories)
        .values({ merchantId: demo!.id, code, sequence })
        .returning({ id: gameCategories.id });
      await database.db.insert(vendors).values({
        merchantId: demo!.id,
        categoryId: category!.id,
        code,
        displayName: code,
        sequence: 0,
      });
    }
    const res = await get('/lgw/games/game_menus');
    expect(res.statusCode).toBe(200);
    const categories = (res.json().value as { gameCategory: string }[]).map((m) => m.gameCategory);
    expect(categories).not.toContain('PROMO');
    expect(categories).not.toContain('HOME');
  });

  it('drops a category once its last vendor is disabled, and hides its games', async () => {
    const [pvp] = await database.db
      .select()
      .from(gameCategories)
      .innerJoin(merchants, eq(merchants.id, gameCategories.merchantId))
      .where(and(eq(gameCategories.code, 'PVP'), eq(merchants.code, 'demo')));
    await database.db
      .update(vendors)
      .set({ enabled: false })
      .where(eq(vendors.categoryId, pvp!.game_categories.id));
    expect((await menus()).map((m) => m.gameCategory)).not.toContain('PVP');
    expect((await page('gameType=PVP')).totalElements).toBe(0);
  });
});
