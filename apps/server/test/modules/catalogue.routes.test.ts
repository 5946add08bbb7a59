import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { gameCategories, games, vendors } from '../../src/db/schema/index.js';
import { testDatabases } from '../support/databases.js';
import { buildTestApp } from '../support/test-app.js';

describe.each(testDatabases)('game menus on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const menus = async () =>
    (await app.inject({ url: '/lgw/games/game_menus' })).json().value as {
      gameCategory: string;
      vendors: { vassalage: string }[];
    }[];

  it('lists only categories that have a vendor, in menu order', async () => {
    const value = await menus();
    expect(value.map((m) => m.gameCategory)).toEqual([
      'ELOTT',
      'LOTT',
      'LIVE',
      'FISH',
      'RNG',
      'PVP',
      'COCKFIGHT',
    ]);
    expect(
      value.find((m) => m.gameCategory === 'COCKFIGHT')!.vendors.map((v) => v.vassalage),
    ).toEqual(['DS88', 'DIG', 'WGB']);
  });

  it('leaves the in-house vendor out of the slots list', async () => {
    const rng = (await menus()).find((m) => m.gameCategory === 'RNG')!;
    expect(rng.vendors.map((v) => v.vassalage)).not.toContain('BGS');
  });

  it('drops a category once its last vendor is disabled', async () => {
    const [pvp] = await database.db
      .select()
      .from(gameCategories)
      .where(eq(gameCategories.code, 'PVP'));
    await database.db
      .update(vendors)
      .set({ enabled: false })
      .where(and(eq(vendors.categoryId, pvp!.id)));
    expect((await menus()).map((m) => m.gameCategory)).not.toContain('PVP');
  });

  it('seeds a few hundred games across categories', async () => {
    const rows = await database.db.select({ type: games.gameType }).from(games);
    expect(rows.length).toBeGreaterThanOrEqual(250);
    expect(new Set(rows.map((r) => r.type))).toEqual(
      new Set(['RNG', 'FISH', 'LIVE', 'PVP', 'COCKFIGHT', 'LOTT', 'ELOTT']),
    );
  });
});
