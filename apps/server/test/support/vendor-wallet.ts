import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DatabaseHandle, Db } from '../../src/db/client.js';
import { games, vendorCredentials, vendors } from '../../src/db/schema/index.js';
import { hmacSignature } from '../../src/modules/vendor-wallet/vendor-signature.js';
import {
  createGameSession,
  createVendorCalls,
  handleVendorCall,
  type VendorCallDeps,
} from '../../src/modules/vendor-wallet/vendor-wallet.service.js';
import { createMember, CURRENCY, fund, MERCHANT_ID } from './ledger.js';
import { createDoorSwitches } from '../../src/modules/system/system.service.js';
import { testSecrets } from './secrets.js';

export const TEST_VENDOR_SECRET = 'test-vendor-secret';

export type TestVendor = { code: string; vendorId: number; gameCode: string; gameType: string };

/**
 * The `nth` seamless vendor of the demo catalogue with one of its games, its credential set to
 * the test secret (and to `rsaPublicKey` when given).
 */
export async function testVendor(
  db: Db,
  options: { nth?: number; rsaPublicKey?: string } = {},
): Promise<TestVendor> {
  const rsaPublicKey = options.rsaPublicKey ?? null;
  const rows = await db
    .select({
      code: vendors.code,
      vendorId: vendors.id,
      gameCode: games.gameCode,
      gameType: games.gameType,
    })
    .from(games)
    .innerJoin(vendors, eq(vendors.id, games.vendorId))
    .where(and(eq(games.merchantId, MERCHANT_ID), eq(vendors.walletMode, 'seamless')))
    .orderBy(games.id);
  const firstOfEach = rows.filter((row, n) => rows.findIndex((r) => r.code === row.code) === n);
  const row = firstOfEach[options.nth ?? 0];
  if (!row) throw new Error('the demo catalogue has too few seamless vendors');
  await db
    .insert(vendorCredentials)
    .values({
      merchantId: MERCHANT_ID,
      vendorCode: row.code,
      walletMode: 'seamless',
      secret: TEST_VENDOR_SECRET,
      rsaPublicKey,
      currency: CURRENCY,
      baseUrl: 'http://127.0.0.1:9',
    })
    .onConflictDoUpdate({
      target: [vendorCredentials.merchantId, vendorCredentials.vendorCode],
      set: {
        secret: sql`excluded.secret`,
        rsaPublicKey: sql`excluded.rsa_public_key`,
        walletMode: 'seamless',
        enabled: true,
        currency: CURRENCY,
      },
    });
  return row;
}

export type TestPlayer = { id: number; username: string; token: string };

/** A member with `balance` in the main wallet and a launch token for the vendor's game. */
export async function testPlayer(db: Db, vendor: TestVendor, balance = 0n): Promise<TestPlayer> {
  const username = `vw${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const id = await createMember(db, { username });
  if (balance > 0n) await fund(db, id, balance);
  const { token } = await createGameSession(db, {
    merchantId: MERCHANT_ID,
    memberId: id,
    vendorId: vendor.vendorId,
    gameCode: vendor.gameCode,
  });
  return { id, username, token };
}

export function sign(body: string, secret = TEST_VENDOR_SECRET): string {
  return hmacSignature(secret, body);
}

/**
 * A vendor wallet call as the vendor makes it: POST `/vendor-api/v1/<path>` with the raw body
 * signed by the test secret (`body` as given, or `fields` as JSON), under the demo merchant.
 */
export function vendorPost(
  app: FastifyInstance,
  vendor: TestVendor,
  path: string,
  body: string | Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url: `/vendor-api/v1/${path}`,
    headers: {
      'content-type': 'application/json',
      merchant: 'demo',
      'x-vendor-code': vendor.code,
      'x-signature': sign(payload),
      ...headers,
    },
    payload,
  });
}

/**
 * The vendor's wallet call `path` for `player` (an open round unless `fields` says otherwise),
 * signed and handled by the service as the route would; the vendor must be answered RS_OK.
 */
export async function expectVendorCallOk(
  db: Db,
  vendor: TestVendor,
  path: string,
  player: { username: string; gameToken: string },
  fields: Record<string, unknown>,
): Promise<void> {
  const body = JSON.stringify({
    request_uuid: randomUUID(),
    user: player.username,
    token: player.gameToken,
    game_code: vendor.gameCode,
    currency: CURRENCY,
    round_closed: false,
    ...fields,
  });
  const answer = await handleVendorCall(testVendorDeps(db), {
    merchantId: MERCHANT_ID,
    vendorCode: vendor.code,
    path,
    rawBody: body,
    signature: sign(body),
  });
  expect(answer.status).toBe('RS_OK');
}

/**
 * What a vendor call needs of an app, for calls made straight to the service: the test app's
 * secret box and door switches read from `db`.
 */
const depsOf = new WeakMap<Db, VendorCallDeps>();

/**
 * What the app passes to a vendor call, built once per database (as buildApp builds it once per
 * process), so that calls on one database share its batcher and memos.
 */
export function testVendorDeps(db: Db): VendorCallDeps {
  let deps = depsOf.get(db);
  if (!deps) {
    const switches = createDoorSwitches(db);
    deps = { db, secrets: testSecrets, switches, calls: createVendorCalls(db, { switches }) };
    depsOf.set(db, deps);
  }
  return deps;
}

/** The batcher's counters of the database's calls (zero before its first call). */
export function vendorBatchStats(db: Db) {
  return testVendorDeps(db).calls.batcher.stats();
}

/** Opens a suite's database and lists its test vendor (a suite's `beforeAll`). */
export async function openWithTestVendor(
  open: () => Promise<DatabaseHandle>,
): Promise<{ database: DatabaseHandle; vendor: TestVendor }> {
  const database = await open();
  return { database, vendor: await testVendor(database.db) };
}
