import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/src/db/client.js';
import { games, vendorCredentials, vendors } from '../../server/src/db/schema/index.js';
import { mainBalance } from '../../server/src/modules/ledger/ledger.service.js';
import { createVendorClient } from '../../server/src/modules/vendor-wallet/vendor-client.js';
import { testDatabases } from '../../server/test/support/databases.js';
import { testSecrets } from '../../server/test/support/secrets.js';
import { createMember, CURRENCY, fund, MERCHANT_ID } from '../../server/test/support/ledger.js';
import { buildTestApp } from '../../server/test/support/test-app.js';
import {
  TEST_VENDOR_SECRET,
  testVendor,
  type TestVendor,
} from '../../server/test/support/vendor-wallet.js';
import { buildSimApp } from '../src/app.js';
import { parseSimEnv } from '../src/config.js';
import { slotGameOf } from '../src/games/slot-catalog.js';
import { SLOT_TITLES } from '../src/pages/texts.js';

/** A small deterministic generator, so duplicates and dropped answers fall the same each run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const origin = (app: FastifyInstance) =>
  `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

describe.each(testDatabases)('vendor sim against the platform on $name', ({ open }) => {
  let database: DatabaseHandle;
  let platform: FastifyInstance;
  let sim: FastifyInstance;
  let vendor: TestVendor;
  let draw = seeded(7);
  const vendorClient = createVendorClient({ secrets: testSecrets });

  beforeAll(async () => {
    database = await open();
    platform = await buildTestApp(database);
    await platform.listen({ port: 0, host: '127.0.0.1' });
    vendor = await testVendor(database.db);
    sim = await buildSimApp({
      config: parseSimEnv({
        PLATFORM_URL: origin(platform),
        // The seed's development secret for every sim vendor, the test secret for this one.
        [`VENDOR_SIM_SECRET_${vendor.code}`]: TEST_VENDOR_SECRET,
        // Far above the demo's rates: every third call is sent twice, every fourth answer lost.
        VENDOR_SIM_DUPLICATE_RATE: '0.33',
        VENDOR_SIM_DROP_RATE: '0.25',
        VENDOR_SIM_RETRIES: '6',
        VENDOR_SIM_RETRY_DELAY_MS: '1',
        VENDOR_SIM_BETTING_SECONDS: '2',
        VENDOR_SIM_DATA_FILE: join(mkdtempSync(join(tmpdir(), 'vendor-sim-')), 'held.json'),
        LOG_LEVEL: 'silent',
      }),
      rng: (max) => Math.floor(draw() * max),
      random: seeded(11),
      tableResultMs: 50,
    });
    await sim.listen({ port: 0, host: '127.0.0.1' });
    await database.db
      .update(vendorCredentials)
      .set({ baseUrl: origin(sim) })
      .where(eq(vendorCredentials.merchantId, MERCHANT_ID));
  });
  afterAll(async () => {
    await sim.close();
    await platform.close();
    await database.close();
  });

  /** The platform's launch of a game at the sim, as /wps/game/launchGame makes it. */
  async function launch(
    memberId: number,
    game: { vendorId: number; code: string; gameCode: string },
  ) {
    const opened = await vendorClient.launchAtVendor(database.db, {
      merchantId: MERCHANT_ID,
      memberId,
      vendorId: game.vendorId,
      vendorCode: game.code,
      gameCode: game.gameCode,
      language: 'TL',
      platform: 'mobile',
      lobbyUrl: 'http://platform.test/',
      origin: origin(platform),
    });
    const url = new URL(opened.url);
    return {
      token: url.searchParams.get('token')!,
      path: url.pathname,
      walletMode: opened.walletMode,
    };
  }

  it('spins move the member balance by each win less each stake, exactly once', async () => {
    const memberId = await createMember(database.db);
    await fund(database.db, memberId, 50_000n);
    const { token, path } = await launch(memberId, vendor);
    expect(path).toBe(`/play/${vendor.gameCode}`);
    const page = await sim.inject(`${path}?token=${token}`);
    // The slot the code plays, under its name or its theme's title in the launch language.
    const slot = slotGameOf(vendor.gameCode);
    expect(page.body).toContain(
      `<h1 data-testid="game-title">${slot.name ?? SLOT_TITLES[slot.variant.theme].TL}</h1>`,
    );

    const state = await sim.inject(`/api/state?token=${token}`);
    expect(state.json()).toMatchObject({ kind: 'slot', balance: 50_000 });
    let expected = 50_000;
    for (let spin = 0; spin < 20; spin += 1) {
      const answer = await sim.inject({
        method: 'POST',
        url: '/api/slot/spin',
        payload: { token, stake: '1000' },
      });
      expect(answer.json().ok).toBe(true);
      expected += answer.json().outcome.win - 1000;
      expect(answer.json().balance).toBe(expected);
    }
    expect(await mainBalance(database.db, MERCHANT_ID, memberId, CURRENCY)).toBe(BigInt(expected));
  }, 120_000);

  it('a transfer-wallet vendor plays the funded-in balance and funds the result out', async () => {
    const [sa] = await database.db
      .select({ vendorId: vendors.id, code: vendors.code, gameCode: games.gameCode })
      .from(games)
      .innerJoin(vendors, eq(vendors.id, games.vendorId))
      .where(and(eq(vendors.merchantId, MERCHANT_ID), eq(vendors.walletMode, 'transfer')))
      .orderBy(games.id)
      .limit(1);
    const memberId = await createMember(database.db);
    await fund(database.db, memberId, 50_000n);
    const owner = { merchantId: MERCHANT_ID, memberId, vendorCode: sa!.code };
    expect((await vendorClient.fundIn(database.db, owner, 20_000n)).state).toBe('completed');

    const { token, walletMode } = await launch(memberId, sa!);
    expect(walletMode).toBe('transfer');
    const state = await sim.inject(`/api/state?token=${token}`);
    expect(state.json()).toMatchObject({ kind: 'baccarat', balance: 20_000 });
    // Draw 0 everywhere: eight aces deal a tie, which pays a tie bet 9 times.
    draw = () => 0;
    const placed = await sim.inject({
      method: 'POST',
      url: '/api/table/bet',
      payload: { token, side: 'TIE', stake: '1000' },
    });
    expect(placed.json()).toEqual({ ok: true, balance: 19_000 });
    await expect
      .poll(async () => (await sim.inject(`/api/state?token=${token}`)).json().table.last?.myWin, {
        timeout: 10_000,
      })
      .toBe(9000);

    expect((await vendorClient.fundOut(database.db, owner, 28_000n)).state).toBe('completed');
    expect(await mainBalance(database.db, MERCHANT_ID, memberId, CURRENCY)).toBe(58_000n);
    expect((await sim.inject(`/api/state?token=${token}`)).json().balance).toBe(0);
  }, 120_000);
});
