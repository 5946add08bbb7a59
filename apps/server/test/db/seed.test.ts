import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { seedDemo } from '../../src/demo.js';
import { games, merchants, vendors } from '../../src/db/schema/index.js';
import { testDatabases } from '../support/databases.js';

describe.each(testDatabases)('demo seed on $name', ({ open }) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.close());

  const totals = async () => {
    const [[m], [v], [g]] = await Promise.all([
      database.db.select({ n: count() }).from(merchants),
      database.db.select({ n: count() }).from(vendors),
      database.db.select({ n: count() }).from(games),
    ]);
    return [m!.n, v!.n, g!.n];
  };

  it('adds nothing when run again, even by several processes at once', async () => {
    const before = await totals();
    await Promise.all([seedDemo(database.db), seedDemo(database.db), seedDemo(database.db)]);
    expect(await totals()).toEqual(before);
    expect(before[0]).toBe(1);
  });
});
