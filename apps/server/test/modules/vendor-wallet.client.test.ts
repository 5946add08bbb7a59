import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { gameSessions, vendorCredentials } from '../../src/db/schema/index.js';
import { memberBalances } from '../../src/modules/ledger/ledger.service.js';
import { isClean, reconcileLedger } from '../../src/modules/ledger/reconcile.repository.js';
import { createVendorClient } from '../../src/modules/vendor-wallet/vendor-client.js';
import { hashToken } from '../../src/modules/vendor-wallet/vendor-wallet.service.js';
import { testDatabases } from '../support/databases.js';
import { createMember, CURRENCY, fund, MERCHANT_ID } from '../support/ledger.js';
import { sign, testVendor, type TestVendor } from '../support/vendor-wallet.js';
import { testSecrets } from '../support/secrets.js';

/**
 * A vendor on a local port, as the platform meets one: it checks the platform's signature,
 * answers launches, and keeps transfer-wallet balances, applying each transfer reference once.
 * `mode` makes the next transfer call misbehave: `late` applies it but answers after the
 * client's timeout, `lost` drops it unseen, `refuse` answers an error.
 */
function vendorServer() {
  const balances = new Map<string, number>();
  const transfers = new Map<string, { direction: string; amount: number }>();
  const seen: { path: string; body: Record<string, unknown> }[] = [];
  const state = { mode: 'ok' as 'ok' | 'late' | 'lost' | 'refuse', badSignatures: 0 };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.headers['x-signature'] !== sign(raw)) state.badSignatures += 1;
      const body = JSON.parse(raw) as Record<string, unknown>;
      const path = req.url ?? '';
      seen.push({ path, body });
      const answer = (value: Record<string, unknown>, delayMs = 0) =>
        setTimeout(() => res.end(JSON.stringify(value)), delayMs);
      const user = String(body.user);
      if (path === '/launch') {
        return answer({ status: 'RS_OK', url: `https://vendor.test/play?t=${String(body.token)}` });
      }
      if (path === '/user/balance') {
        return answer({ status: 'RS_OK', balance: balances.get(user) ?? 0 });
      }
      if (path === '/transfer/status') {
        const known = transfers.get(String(body.transfer_uuid));
        return answer({
          status: 'RS_OK',
          transfer_uuid: body.transfer_uuid,
          state: known ? 'completed' : 'not_found',
          direction: known?.direction ?? null,
          amount: known?.amount ?? null,
        });
      }
      const direction = path === '/transfer/in' ? 'in' : 'out';
      const mode = state.mode;
      state.mode = 'ok';
      if (mode === 'lost') return; // never answered, never applied
      if (mode === 'refuse') return answer({ status: 'RS_ERROR_NOT_ENOUGH_MONEY' });
      const uuid = String(body.transfer_uuid);
      if (!transfers.has(uuid)) {
        const amount = Number(body.amount);
        const now = balances.get(user) ?? 0;
        if (direction === 'out' && amount > now) {
          return answer({ status: 'RS_ERROR_NOT_ENOUGH_MONEY' });
        }
        transfers.set(uuid, { direction, amount });
        balances.set(user, now + (direction === 'in' ? amount : -amount));
      }
      return answer(
        { status: 'RS_OK', transfer_uuid: uuid, balance: balances.get(user) },
        mode === 'late' ? 400 : 0,
      );
    });
  });
  return { server, balances, transfers, seen, state };
}

describe.each(testDatabases)('platform calls to vendors on $name', ({ open }) => {
  let database: DatabaseHandle;
  let vendor: TestVendor;
  let remote: ReturnType<typeof vendorServer>;
  let baseUrl: string;
  const client = createVendorClient({ secrets: testSecrets, timeoutMs: 200, maxAttempts: 3 });

  beforeAll(async () => {
    database = await open();
    vendor = await testVendor(database.db, { nth: 2 });
    remote = vendorServer();
    await new Promise<void>((resolve) => remote.server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(remote.server.address() as AddressInfo).port}`;
    await database.db
      .update(vendorCredentials)
      .set({ baseUrl, walletMode: 'transfer' })
      .where(sql`${vendorCredentials.vendorCode} = ${vendor.code}`);
    // Migrating and seeding a database takes a while on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await new Promise((resolve) => remote.server.close(resolve));
    await database.close();
  });

  async function member(balance: bigint) {
    const username = `vc${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const id = await createMember(database.db, { username });
    if (balance > 0n) await fund(database.db, id, balance);
    return { id, username };
  }
  const owner = (id: number) => ({
    merchantId: MERCHANT_ID,
    memberId: id,
    vendorCode: vendor.code,
  });
  const wallets = async (id: number) => {
    const accounts = await memberBalances(database.db, MERCHANT_ID, id, CURRENCY);
    const of = (kind: string) => accounts.find((a) => a.kind === kind)?.balance ?? 0n;
    return { main: of('member_main'), vendor: of('member_vendor') };
  };

  it('launches at the vendor with a signed call carrying a game session token', async () => {
    const player = await member(5_000n);
    const { url, walletMode } = await client.launchAtVendor(database.db, {
      merchantId: MERCHANT_ID,
      memberId: player.id,
      vendorId: vendor.vendorId,
      vendorCode: vendor.code,
      gameCode: vendor.gameCode,
      language: 'EN',
      platform: 'mobile',
      lobbyUrl: 'https://site.test/',
      origin: 'https://site.test',
    });
    expect(walletMode).toBe('transfer');
    const launch = remote.seen.at(-1)!;
    expect(launch.path).toBe('/launch');
    expect(launch.body).toMatchObject({
      user: player.username,
      game_code: vendor.gameCode,
      currency: CURRENCY,
      wallet_url: 'https://site.test/vendor-api/v1',
    });
    expect(url).toBe(`https://vendor.test/play?t=${String(launch.body.token)}`);
    expect(remote.state.badSignatures).toBe(0);

    // The token handed to the vendor is a game session of this member (only its hash is kept).
    const [session] = await database.db
      .select()
      .from(gameSessions)
      .where(eq(gameSessions.tokenHash, hashToken(String(launch.body.token))));
    expect(session).toMatchObject({ memberId: player.id, vendorCode: vendor.code });
  });

  it('funds in once, checking the transfer after a late answer instead of sending it twice', async () => {
    const player = await member(10_000n);
    expect((await client.fundIn(database.db, owner(player.id), 3_000n)).state).toBe('completed');
    remote.state.mode = 'late';
    const late = await client.fundIn(database.db, owner(player.id), 2_000n);
    expect(late.state).toBe('completed');
    expect(remote.balances.get(player.username)).toBe(5_000);
    expect(
      remote.seen.filter((s) => s.body.transfer_uuid === late.transferUuid).map((s) => s.path),
    ).toEqual(['/transfer/in', '/transfer/status']);
    expect(await wallets(player.id)).toEqual({ main: 5_000n, vendor: 5_000n });
  });

  it('sends a lost fund-in again under the same reference, and undoes a refused one', async () => {
    const player = await member(10_000n);
    remote.state.mode = 'lost';
    const lost = await client.fundIn(database.db, owner(player.id), 4_000n);
    expect(lost.state).toBe('completed');
    expect(remote.balances.get(player.username)).toBe(4_000);
    const paths = remote.seen
      .filter((s) => s.body.transfer_uuid === lost.transferUuid)
      .map((s) => s.path);
    expect(paths).toEqual(['/transfer/in', '/transfer/status', '/transfer/in']);

    remote.state.mode = 'refuse';
    expect((await client.fundIn(database.db, owner(player.id), 1_000n)).state).toBe('failed');
    expect(await wallets(player.id)).toEqual({ main: 6_000n, vendor: 4_000n });
  });

  it('funds out what the vendor holds, recording the game result there first', async () => {
    const player = await member(10_000n);
    await client.fundIn(database.db, owner(player.id), 6_000n);
    // The member won 1,500 at the vendor.
    remote.balances.set(player.username, 7_500);
    const out = await client.fundOut(database.db, owner(player.id), 7_500n);
    expect(out.state).toBe('completed');
    expect(await wallets(player.id)).toEqual({ main: 11_500n, vendor: 0n });
    expect(remote.balances.get(player.username)).toBe(0);
    expect(isClean(await reconcileLedger(database.db))).toBe(true);
  });
});
