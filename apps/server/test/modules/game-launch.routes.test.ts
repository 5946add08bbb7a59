import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  GameMaintenanceDetails,
  VendorLaunchRequest,
  type GameItem,
  type GamePage,
} from '@app/shared';
import type { DatabaseHandle } from '../../src/db/client.js';
import { DEV_VENDOR_SIM_SECRET } from '../../src/db/seed/demo-catalogue.js';
import {
  gameSessions,
  games,
  members,
  merchants,
  vendorCredentials,
  vendors,
} from '../../src/db/schema/index.js';
import { hashToken } from '../../src/modules/vendor-wallet/vendor-wallet.service.js';
import { testDatabases } from '../support/databases.js';
import { CAPTCHA_ANSWER, memberApi, randomIp } from '../support/member-api.js';
import { buildTestApp } from '../support/test-app.js';

/**
 * A game vendor on a local port that answers the platform's launch call as
 * docs/vendor-wallet-api.md says: it checks the signature and hands back its game URL. `answer`
 * decides what it says next.
 */
function startVendor() {
  const calls: { body: VendorLaunchRequest; operator: string | undefined }[] = [];
  const state = { answer: 'ok' as 'ok' | 'refuse' | 'broken' };
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      req.on('end', () => resolve(text));
    });
  const server: Server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const signature = createHmac('sha256', DEV_VENDOR_SIM_SECRET).update(raw).digest('hex');
      res.setHeader('content-type', 'application/json');
      if (req.url !== '/launch' || req.method !== 'POST') {
        res.statusCode = 404;
        return res.end('{}');
      }
      if (req.headers['x-signature'] !== signature) {
        return res.end(JSON.stringify({ status: 'RS_ERROR_INVALID_SIGNATURE' }));
      }
      const body = VendorLaunchRequest.parse(JSON.parse(raw));
      calls.push({ body, operator: req.headers['x-operator-code'] as string | undefined });
      if (state.answer === 'refuse')
        return res.end(JSON.stringify({ status: 'RS_ERROR_INVALID_GAME' }));
      if (state.answer === 'broken') return res.end('not json');
      const { port } = server.address() as AddressInfo;
      res.end(
        JSON.stringify({
          status: 'RS_OK',
          url: `http://127.0.0.1:${port}/play/${body.game_code}?token=${encodeURIComponent(body.token)}`,
        }),
      );
    });
  });
  return {
    calls,
    state,
    server,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDatabases)('game launch on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: ReturnType<typeof memberApi>;
  const vendor = startVendor();

  beforeAll(async () => {
    database = await open();
    const baseUrl = await vendor.listen();
    await database.db.update(vendorCredentials).set({ baseUrl });
    app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
    api = memberApi(app);
  });
  afterAll(async () => {
    await app.close();
    await vendor.close();
    await database.close();
  });
  beforeEach(() => {
    vendor.state.answer = 'ok';
    vendor.calls.length = 0;
  });

  const launch = (token: string | undefined, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: api.headers(token),
      remoteAddress: randomIp(),
      payload: payload as object,
    });
  /** A listed game by name; the in-house vendor's are listed only when the query names it. */
  const findGame = async (name: string, query = ''): Promise<GameItem> => {
    const res = await app.inject({
      url: `/wps/relay/games?name=${encodeURIComponent(name)}${query}`,
      headers: api.headers(),
    });
    const found = (res.json().value as GamePage).content.find((g) => g.gameName === name);
    if (!found) throw new Error(`no game ${name}`);
    return found;
  };
  const register = async () => {
    const value = (await api.register()).json().value;
    return { token: value.token as string, id: value.user.id as number };
  };
  const trialToken = async () => await api.trialToken();
  const recent = async (token: string) =>
    (
      await app.inject({
        url: '/wps/relay/games/recent?pageNo=1&pageSize=20&gameType=RNG&language=EN&clientType=3',
        headers: api.headers(token),
      })
    ).json().value as GamePage;

  it('asks a visitor to log in and a trial account for a real one, before reading the body', async () => {
    const koi = await findGame('Fortune Koi');
    const visitor = await launch(undefined, { nodeId: 'x' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe('NOT_LOGGED_IN');
    const trial = await launch(await trialToken(), { nodeId: koi.nodeId });
    expect(trial.statusCode).toBe(403);
    expect(trial.json().code).toBe('IN_NEED_TRUE_ACCOUNT');
    expect(vendor.calls).toHaveLength(0);
  });

  it("opens a seamless vendor's game with a launch token and records it in recent games", async () => {
    const member = await register();
    const koi = await findGame('Fortune Koi');
    const res = await launch(member.token, {
      nodeId: koi.nodeId,
      gameCode: koi.gameCode,
      vassalage: 'PG',
      platform: 'html5-desktop',
      language: 'TL',
      backUrl: '/rng',
    });
    expect(res.statusCode, res.body).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({
      mode: 'URL',
      nodeId: koi.nodeId,
      vassalage: 'PG',
      gameCode: koi.gameCode,
      walletMode: 'seamless',
    });
    expect(vendor.calls).toHaveLength(1);
    const call = vendor.calls[0]!;
    expect(call.operator).toBe('demo');
    expect(call.body).toMatchObject({
      game_code: koi.gameCode,
      currency: 'PHP',
      language: 'TL',
      platform: 'web',
      wallet_mode: 'seamless',
    });
    expect(call.body.lobby_url).toMatch(/\/rng$/);
    expect(value.url).toContain(`/play/${koi.gameCode}?token=`);
    // The token the vendor got is a live game session of this member and game.
    const [session] = await database.db
      .select()
      .from(gameSessions)
      .where(eq(gameSessions.tokenHash, hashToken(call.body.token)));
    expect(session).toMatchObject({
      memberId: member.id,
      vendorCode: 'PG',
      gameCode: koi.gameCode,
    });

    const carabao = await findGame('Golden Carabao');
    expect((await launch(member.token, { nodeId: carabao.nodeId })).statusCode).toBe(200);
    const list = await recent(member.token);
    expect(list.content.map((g) => g.nodeId)).toEqual([carabao.nodeId, koi.nodeId]);
    // Playing an older one again moves it to the top.
    expect((await launch(member.token, { nodeId: koi.nodeId })).statusCode).toBe(200);
    expect((await recent(member.token)).content.map((g) => g.nodeId)).toEqual([
      koi.nodeId,
      carabao.nodeId,
    ]);
    const filtered = await app.inject({
      url: '/wps/relay/games?filter=RECENT',
      headers: api.headers(member.token),
    });
    expect((filtered.json().value as GamePage).content[0]!.nodeId).toBe(koi.nodeId);
  });

  it('lets an agent launch like a member, as a mobile player of a transfer-wallet vendor', async () => {
    const agent = await register();
    await database.db.update(members).set({ type: 41 }).where(eq(members.id, agent.id));
    const table = await findGame('SA Baccarat Royale');
    const res = await launch(agent.token, { nodeId: table.nodeId, platform: 'html5' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ mode: 'URL', walletMode: 'transfer' });
    expect(vendor.calls[0]!.body).toMatchObject({ platform: 'mobile', wallet_mode: 'transfer' });
  });

  it('answers the client routes of lottery, in-house and vendor-entry games without a vendor call', async () => {
    const member = await register();
    const cases: [string, unknown, string?][] = [
      ['Vietnam North Lottery', { mode: 'ROUTE', path: '/vnLottery' }],
      ['Thai Government Lottery', { mode: 'ROUTE', path: '/seaLottery' }],
      ['Fast 3', { mode: 'ROUTE', path: '/lottery' }],
      ['Mega Lotto 6/45', { mode: 'ROUTE', path: '/lottery' }],
      ['Bayani Fortune', { mode: 'ROUTE', path: '/bgs' }, '&vassalage=BGS'],
    ];
    for (const [name, expected, query] of cases) {
      const game = await findGame(name, query);
      const res = await launch(member.token, { nodeId: game.nodeId });
      expect(res.json().value, name).toEqual({
        ...(expected as object),
        query: { gameCode: game.gameCode },
      });
    }
    const lobby = await findGame('EG Live Lobby');
    expect(lobby.isGame).toBe('VASSALAGE');
    expect((await launch(member.token, { nodeId: lobby.nodeId })).json().value).toEqual({
      mode: 'SUB_GAMES',
      vassalage: 'EG2',
      gameType: 'LIVE',
    });
    expect(vendor.calls).toHaveLength(0);
  });

  it('answers GAME_MAINTENANCE with playable suggestions for a game or vendor under maintenance', async () => {
    const member = await register();
    const dragon = await findGame('Dragon Pearl');
    await database.db.update(games).set({ maintenance: true }).where(eq(games.id, dragon.nodeId));
    const paused = await launch(member.token, { nodeId: dragon.nodeId });
    expect(paused.statusCode).toBe(503);
    expect(paused.json().code).toBe('GAME_MAINTENANCE');
    const details = GameMaintenanceDetails.parse(paused.json().value);
    expect(details.nodeId).toBe(dragon.nodeId);
    expect(details.suggestions.length).toBeGreaterThan(0);
    expect(
      details.suggestions.every(
        (g) => g.nodeId !== dragon.nodeId && !g.maintenance && g.gameType === 'RNG',
      ),
    ).toBe(true);
    expect((await findGame('Dragon Pearl')).maintenance).toBe(true);

    const [demo] = await database.db.select().from(merchants).where(eq(merchants.code, 'demo'));
    await database.db
      .update(vendors)
      .set({ maintenance: true })
      .where(and(eq(vendors.merchantId, demo!.id), eq(vendors.code, 'JDB')));
    const fish = await findGame('Dragon Fishing');
    const vendorDown = await launch(member.token, { nodeId: fish.nodeId });
    expect(vendorDown.json().code).toBe('GAME_MAINTENANCE');
    const suggested = GameMaintenanceDetails.parse(vendorDown.json().value).suggestions;
    expect(suggested.length).toBeGreaterThan(0);
    expect(suggested.every((g) => g.vassalage !== 'JDB' && g.gameType === 'FISH')).toBe(true);
    expect(vendor.calls).toHaveLength(0);
    expect((await recent(member.token)).totalElements).toBe(0);
  });

  it('answers NOT_FOUND for a disabled, unknown or other merchant game and checks codes', async () => {
    const member = await register();
    const ace = await findGame('Lucky 777');
    expect((await launch(member.token, { nodeId: ace.nodeId, gameCode: 'OTHER' })).statusCode).toBe(
      400,
    );
    expect(
      (await launch(member.token, { nodeId: ace.nodeId, backUrl: 'https://evil.example' }))
        .statusCode,
    ).toBe(400);
    await database.db.update(games).set({ enabled: false }).where(eq(games.id, ace.nodeId));
    const disabled = await launch(member.token, { nodeId: ace.nodeId });
    expect(disabled.statusCode).toBe(404);
    expect(disabled.json().code).toBe('NOT_FOUND');
    expect((await launch(member.token, { nodeId: 99_999_999 })).statusCode).toBe(404);
    // Another merchant's game is unknown here, even with its exact id.
    const [other] = await database.db
      .insert(merchants)
      .values({ code: 'elsewhere', name: 'Elsewhere' })
      .returning({ id: merchants.id });
    const [pg] = await database.db.select().from(vendors).where(eq(vendors.code, 'PG'));
    const [foreign] = await database.db
      .insert(games)
      .values({
        merchantId: other!.id,
        vendorId: pg!.id,
        gameCode: 'PG-RNG-999',
        name: { EN: 'Foreign Slot', TL: 'Foreign Slot' },
        gameType: 'RNG',
      })
      .returning({ id: games.id });
    expect((await launch(member.token, { nodeId: foreign!.id })).statusCode).toBe(404);
    expect(vendor.calls).toHaveLength(0);
  });

  it('answers GAME_LAUNCH_FAILED when the vendor refuses or answers nonsense, and records nothing', async () => {
    const member = await register();
    const gems = await findGame('Galaxy Gems');
    vendor.state.answer = 'refuse';
    const refused = await launch(member.token, { nodeId: gems.nodeId });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().code).toBe('GAME_LAUNCH_FAILED');
    vendor.state.answer = 'broken';
    expect((await launch(member.token, { nodeId: gems.nodeId })).json().code).toBe(
      'GAME_LAUNCH_FAILED',
    );
    expect((await recent(member.token)).totalElements).toBe(0);
  });
});
