import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { sportsHotMatches } from '../../src/db/schema/index.js';
import { adminApi, auditsOf } from '../support/admin-api.js';
import { testDatabases } from '../support/databases.js';
import { MERCHANT_ID } from '../support/ledger.js';
import type { MemberApi } from '../support/member-api.js';
import { signInOperator, signInForeignOperator } from '../support/operator-api.js';
import { closeTestApp, startMemberApp } from '../support/test-app.js';

type Listed = { id: number; title: string; homeTeam: string; awayTeam: string; matchTime: string };

describe.each(testDatabases)('back-office hot matches on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: MemberApi;
  let call: ReturnType<typeof adminApi>;
  let marketing: string;
  let foreignOwner: string;
  const kickOff = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const tag = `${Date.now() % 100000}`;
  const match = {
    vendorCode: 'SABA',
    title: { EN: `Finals ${tag}`, TL: `Finals TL ${tag}` },
    homeTeam: `Ginebra ${tag}`,
    awayTeam: `Magnolia ${tag}`,
    homeTeamImageUrl: '/images/teams/ginebra.png',
    awayTeamImageUrl: 'https://cdn.example.com/magnolia.png',
    matchTime: kickOff,
    sequence: 0,
    enabled: true,
  };

  const hotList = async (language = 'EN'): Promise<Listed[]> =>
    (
      await app.inject({
        url: `/wps/relay/publicState?language=${language}`,
        headers: api.headers(),
      })
    ).json().value.sportsMatchHotList;
  const row = async (id: number) =>
    (await database.db.select().from(sportsHotMatches).where(eq(sportsHotMatches.id, id)))[0];

  beforeAll(async () => {
    ({ database, app, api } = await startMemberApp(open));
    call = adminApi(app);
    marketing = await signInOperator(app, database.db, {
      role: 'marketing',
      merchantId: MERCHANT_ID,
    });
    foreignOwner = (await signInForeignOperator(app, database.db, `hm${tag}`)).token;
  });
  afterAll(() => closeTestApp(app, database));

  it('creates, changes and deletes a hot match; the public state follows at once; audited', async () => {
    // The public state is cached: this call fills the cache the changes must drop.
    expect((await hotList()).some((m) => m.homeTeam === match.homeTeam)).toBe(false);

    const created = await call(marketing, 'POST', '/admin/api/content/hot-matches', match);
    expect(created.statusCode).toBe(200);
    const id = created.json().value.id as number;
    expect(created.json().value).toMatchObject({ ...match, id, matchTime: kickOff });
    const shown = (await hotList()).find((m) => m.id === id);
    expect(shown).toMatchObject({
      title: match.title.EN,
      homeTeam: match.homeTeam,
      awayTeam: match.awayTeam,
      homeTeamImageUrl: match.homeTeamImageUrl,
      awayTeamImageUrl: match.awayTeamImageUrl,
      matchTime: kickOff,
    });
    expect((await hotList('TL')).find((m) => m.id === id)?.title).toBe(match.title.TL);

    const changed = await call(marketing, 'PUT', `/admin/api/content/hot-matches/${id}`, {
      ...match,
      homeTeam: `San Miguel ${tag}`,
    });
    expect(changed.statusCode).toBe(200);
    expect((await hotList()).find((m) => m.id === id)?.homeTeam).toBe(`San Miguel ${tag}`);

    await call(marketing, 'PUT', `/admin/api/content/hot-matches/${id}`, {
      ...match,
      enabled: false,
    });
    expect((await hotList()).find((m) => m.id === id)).toBeUndefined();
    const listed = (await call(marketing, 'GET', '/admin/api/content/hot-matches?size=100')).json()
      .value.items;
    expect(listed.find((m: { id: number }) => m.id === id)).toMatchObject({ enabled: false });

    const [create] = await auditsOf(database.db, 'content.hot_match.create', id);
    expect(create!.after).toMatchObject({ homeTeam: match.homeTeam });
    const updates = await auditsOf(database.db, 'content.hot_match.update', id);
    expect(updates.map((a) => (a.before as { homeTeam: string }).homeTeam)).toEqual([
      match.homeTeam,
      `San Miguel ${tag}`,
    ]);

    await call(marketing, 'PUT', `/admin/api/content/hot-matches/${id}`, match);
    expect((await hotList()).some((m) => m.id === id)).toBe(true);
    const deleted = await call(marketing, 'DELETE', `/admin/api/content/hot-matches/${id}`);
    expect(deleted.json().value).toEqual({ id, deleted: true });
    expect((await hotList()).some((m) => m.id === id)).toBe(false);
    expect(await row(id)).toBeUndefined();
    expect(await auditsOf(database.db, 'content.hot_match.delete', id)).toHaveLength(1);
  });

  it('refuses bad input with the field named, changes nothing and audits nothing', async () => {
    const id = (await call(marketing, 'POST', '/admin/api/content/hot-matches', match)).json().value
      .id as number;
    const before = await row(id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...match, title: { EN: '', TL: 'x' } }, 'title.EN', 'title_required'],
      [{ ...match, homeTeam: '  ' }, 'homeTeam', 'team_required'],
      [{ ...match, awayTeam: match.homeTeam.toUpperCase() }, 'awayTeam', 'same_teams'],
      [{ ...match, homeTeamImageUrl: 'javascript:alert(1)' }, 'homeTeamImageUrl', 'image_url'],
      [{ ...match, matchTime: 'tomorrow' }, 'matchTime', 'invalid_date'],
      [{ ...match, sequence: 1000 }, 'sequence', ''],
      [{ ...match, vendorCode: 'NOPE' }, 'vendorCode', 'unknown_vendor'],
      [{ ...match, extra: 1 }, '', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(marketing, 'PUT', `/admin/api/content/hot-matches/${id}`, body);
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([
        400,
        'VALIDATION_ERROR',
      ]);
      const issues = res.json().value.issues as { path: string; message: string }[];
      const named = issues.map((i) => i.path.replace(/^body\/?|^\//, '').replace(/\//g, '.'));
      if (field) expect(named, JSON.stringify(body)).toContain(field);
      if (message) expect(issues.map((i) => i.message)).toContain(message);
    }
    expect(await row(id)).toEqual(before);
    expect(await auditsOf(database.db, 'content.hot_match.update', id)).toHaveLength(0);
  });

  it("never shows or changes another merchant's hot matches", async () => {
    const id = (await call(marketing, 'POST', '/admin/api/content/hot-matches', match)).json().value
      .id as number;
    const before = await row(id);
    const list = (await call(foreignOwner, 'GET', '/admin/api/content/hot-matches')).json().value;
    expect(list.items.some((m: { id: number }) => m.id === id)).toBe(false);
    const put = await call(foreignOwner, 'PUT', `/admin/api/content/hot-matches/${id}`, match);
    expect(put.statusCode).toBe(404);
    const del = await call(foreignOwner, 'DELETE', `/admin/api/content/hot-matches/${id}`);
    expect(del.statusCode).toBe(404);
    expect(await row(id)).toEqual(before);
  });
});
