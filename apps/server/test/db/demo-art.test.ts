import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { serverRoot } from '../../src/config/paths.js';
import {
  announcements,
  banners,
  games,
  seedRuns,
  sportsHotMatches,
  vendors,
} from '../../src/db/schema/index.js';
import { seedDemo } from '../../src/demo.js';
import { testDatabases } from '../support/databases.js';

const PUBLIC_DIR = resolve(serverRoot, '../web/public');

/** The demo's pictures as the site serves them: every one a file of apps/web/public. */
async function pictures(database: DatabaseHandle) {
  const db = database.db;
  const [gameRows, vendorRows, bannerRows, matchRows, noticeRows] = await Promise.all([
    db.select({ icon: games.iconUrl, large: games.lagerIcon, code: games.gameCode }).from(games),
    db.select({ logo: vendors.logoUrl, code: vendors.code }).from(vendors),
    db.select({ url: banners.imageUrl, group: banners.groupName }).from(banners),
    db
      .select({ home: sportsHotMatches.homeTeamImageUrl, away: sportsHotMatches.awayTeamImageUrl })
      .from(sportsHotMatches),
    db.select({ images: announcements.images }).from(announcements),
  ]);
  return {
    games: gameRows.flatMap((g) => [g.icon, g.large]),
    vendors: vendorRows.map((v) => v.logo),
    banners: bannerRows.map((b) => b.url),
    teams: matchRows.flatMap((m) => [m.home, m.away]),
    announcements: noticeRows.flatMap((n) => n.images.map((image) => image.url)),
    counts: { games: gameRows.length, vendors: vendorRows.length, matches: matchRows.length },
  };
}

function missing(urls: string[]): string[] {
  return urls.filter((url) => {
    if (!url.startsWith('/demo/')) return true;
    const file = resolve(PUBLIC_DIR, `.${url}`);
    return !existsSync(file) || statSync(file).size === 0;
  });
}

describe.each(testDatabases)('demo artwork on $name', ({ open }) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.close());

  it('gives every game, vendor, banner and hot-match team a picture the site serves', async () => {
    const seeded = await pictures(database);
    expect(seeded.counts.games).toBeGreaterThan(90);
    expect(seeded.counts.vendors).toBeGreaterThan(20);
    expect(seeded.counts.matches).toBe(8);
    expect(missing(seeded.games)).toEqual([]);
    expect(missing(seeded.vendors)).toEqual([]);
    expect(missing(seeded.banners)).toEqual([]);
    expect(missing(seeded.teams)).toEqual([]);
    expect(seeded.teams).toHaveLength(16);
    expect(missing(seeded.announcements)).toEqual([]);
    // Each language has its own banner, drawn with its words.
    expect(new Set(seeded.banners).size).toBeGreaterThan(seeded.banners.length / 2);
  });

  it('brings a database seeded before the artwork to it, keeping what an operator chose', async () => {
    const db = database.db;
    // The state an earlier version left: server-drawn icons, placeholder banners, no crests.
    const [first] = await db
      .select({ id: games.id, vendor: vendors.code, code: games.gameCode })
      .from(games)
      .innerJoin(vendors, eq(vendors.id, games.vendorId))
      .limit(1);
    await db
      .update(games)
      .set({ iconUrl: `/lgw/games/icon/${first!.vendor}/${first!.code}`, lagerIcon: '' })
      .where(eq(games.id, first!.id));
    await db.update(vendors).set({ logoUrl: '' });
    await db
      .update(banners)
      .set({ imageUrl: '/demo/banner-home-3.svg' })
      .where(eq(banners.groupName, 'w_home'));
    await db.update(banners).set({ imageUrl: '' }).where(eq(banners.groupName, 'w_video'));
    await db.update(sportsHotMatches).set({ homeTeamImageUrl: '', awayTeamImageUrl: '' });
    await db
      .update(announcements)
      .set({ images: [{ url: '/demo/banner-home-1.svg', sequence: 1 }] });
    await db
      .delete(seedRuns)
      .where(inArray(seedRuns.name, ['demo-catalogue-v3', 'demo-content-art-v1-demo']));
    await seedDemo(db);

    const upgraded = await pictures(database);
    expect(missing(upgraded.games)).toEqual([]);
    expect(missing(upgraded.vendors)).toEqual([]);
    expect(missing(upgraded.banners)).toEqual([]);
    expect(missing(upgraded.teams)).toEqual([]);
    expect(missing(upgraded.announcements)).toEqual([]);

    // A picture an operator chose is not one of the demo's placeholders: it stays.
    const ownIcon = 'https://cdn.example/own-banner.webp';
    await db.update(banners).set({ imageUrl: ownIcon }).where(eq(banners.groupName, 'w_login'));
    await db.update(sportsHotMatches).set({ homeTeamImageUrl: ownIcon });
    await db.delete(seedRuns).where(eq(seedRuns.name, 'demo-content-art-v1-demo'));
    await seedDemo(db);
    const kept = await pictures(database);
    expect(kept.banners.filter((url) => url === ownIcon).length).toBeGreaterThan(0);
    expect(kept.teams.filter((url) => url === ownIcon)).toHaveLength(8);
  });
});
