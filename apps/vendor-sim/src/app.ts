import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  OPERATOR_CODE_HEADER,
  VENDOR_SIGNATURE_HEADER,
  VendorLaunchRequest,
  VendorRemoteBalanceRequest,
  VendorTransferRequest,
  VendorTransferStatusRequest,
  type VendorLaunchResponse,
} from '@app/shared';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SimConfig } from './config.js';
import { baccaratPayout, BACCARAT_SIDES, dealBaccarat } from './games/baccarat.js';
import { gameKindOf, STAKES, vendorCodeOf, type GameKind } from './games/catalog.js';
import { cockfightPayout, COCKFIGHT_SIDES, fightResult } from './games/cockfight.js';
import { FISH_KINDS, type Fish } from './games/fishing.js';
import { cryptoRng } from './games/crypto-rng.js';
import type { Rng } from './games/rng.js';
import { slotGameOf } from './games/slot-catalog.js';
import { renderGamePage, renderSessionEndedPage } from './pages/game-page.js';
import { createInstantGames } from './play/instant-games.js';
import { createSeamlessRounds, createTransferRounds, roundsByWalletMode } from './play/rounds.js';
import { createSessionStore, type PlayerSession } from './play/sessions.js';
import { createTable } from './play/table.js';
import { verifyBody } from './wallet/signature.js';
import { createTransferWallet, type TransferScope } from './wallet/transfer-wallet.js';
import { createWalletClient } from './wallet/wallet-client.js';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

export interface SimOptions {
  config: SimConfig;
  /** Game outcomes; the CSPRNG unless a test replays a sequence. */
  rng?: Rng;
  /** Chance draws for duplicate sends and dropped answers. */
  random?: () => number;
  /** Where the built page script is (dist/public); tests, reading HTML only, go without. */
  clientDir?: string;
  /** How long a table shows its result before the next round opens. */
  tableResultMs?: number;
}

const Stake = z.coerce
  .bigint()
  .refine((value) => STAKES.includes(value as (typeof STAKES)[number]), 'not an offered stake');
const TokenQuery = z.object({ token: z.string().min(1) });
const SpinBody = z.object({ token: z.string().min(1), stake: Stake });
const ShootBody = SpinBody.extend({ fish: z.enum(FISH_KINDS as [Fish, ...Fish[]]) });
const TableBetBody = SpinBody.extend({ side: z.string() });

/** The reference vendor: launch and transfer calls from the platform, game pages for members. */
export async function buildSimApp(options: SimOptions): Promise<FastifyInstance> {
  const { config } = options;
  const rng = options.rng ?? cryptoRng;
  const app = Fastify({ logger: { level: config.logLevel } });

  const wallet = createWalletClient({
    platformUrl: config.platformUrl,
    secretFor: config.secretFor,
    timeoutMs: config.timeoutMs,
    retries: config.retries,
    retryDelayMs: config.retryDelayMs,
    duplicateRate: config.duplicateRate,
    dropRate: config.dropRate,
    random: options.random ?? Math.random,
    log: (event) =>
      event.kind === 'duplicate' && !event.identical
        ? app.log.error(event, 'duplicate send answered differently')
        : app.log.info(event, 'wallet call'),
  });
  const seamless = createSeamlessRounds(wallet, { pendingRetryMs: 5000 });
  const heldBalances = createTransferWallet(config.dataFile);
  const rounds = roundsByWalletMode(seamless, createTransferRounds(heldBalances));
  const sessions = createSessionStore();
  const instant = createInstantGames(rounds, rng);
  const timing = {
    bettingMs: config.bettingMs,
    resultMs: options.tableResultMs ?? 5000,
    idleMs: 60_000,
  };
  const tables = {
    baccarat: createTable(
      {
        sides: BACCARAT_SIDES,
        draw: dealBaccarat,
        payout: (side, stake, hand) => baccaratPayout(side, stake, hand.winner),
      },
      rounds,
      rng,
      timing,
    ),
    cockfight: createTable(
      {
        sides: COCKFIGHT_SIDES,
        draw: fightResult,
        // A cancelled fight voids every bet: the stakes are rolled back.
        payout: (side, stake, result) =>
          result === 'CANCELLED' ? null : cockfightPayout(side, stake, result),
      },
      rounds,
      rng,
      timing,
    ),
  };
  app.addHook('onClose', async () => {
    seamless.close();
    tables.baccarat.close();
    tables.cockfight.close();
  });

  // The platform signs the raw bytes, so they are kept as received for the check.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(null, undefined);
    }
  });

  app.get('/healthz', async () => ({ ok: true }));

  // ------------------------------------------------------------ platform -> vendor (signed)

  /** The vendor code the credential's base URL ends with ('' when it is the bare origin). */
  function pathVendorCode(request: FastifyRequest): string {
    return (request.params as { vendorCode?: string }).vendorCode ?? '';
  }

  function signedBy(request: FastifyRequest, vendorCode: string): boolean {
    const signature = request.headers[VENDOR_SIGNATURE_HEADER];
    return verifyBody(
      request.rawBody ?? '',
      config.secretFor(vendorCode),
      typeof signature === 'string' ? signature : undefined,
    );
  }

  function operatorOf(request: FastifyRequest): string {
    const code = request.headers[OPERATOR_CODE_HEADER];
    return typeof code === 'string' ? code : '';
  }

  async function platformRoutes(scope: FastifyInstance) {
    scope.post('/launch', async (request): Promise<VendorLaunchResponse> => {
      const body = VendorLaunchRequest.safeParse(request.body);
      const heldBy = pathVendorCode(request);
      const vendorCode = heldBy || vendorCodeOf(body.data?.game_code ?? '');
      if (!signedBy(request, vendorCode)) return { status: 'RS_ERROR_INVALID_SIGNATURE' };
      if (!body.success) return { status: 'RS_ERROR_WRONG_SYNTAX' };
      const launch = body.data;
      const session = sessions.open({
        token: launch.token,
        user: launch.user,
        currency: launch.currency,
        gameCode: launch.game_code,
        language: launch.language,
        lobbyUrl: launch.lobby_url,
        walletMode: launch.wallet_mode,
        vendorCode,
        heldBy,
        merchant: operatorOf(request) || null,
      });
      const query = new URLSearchParams({ token: session.token });
      return {
        status: 'RS_OK',
        url: `${config.publicUrl}/play/${encodeURIComponent(launch.game_code)}?${query.toString()}`,
      };
    });

    /**
     * Transfer-wallet calls: signed, with no game, so the vendor is the path's; on the bare
     * origin they are signed with VENDOR_SIM_SECRET and share one set of held balances.
     */
    function transferRoute<Body>(
      path: string,
      schema: z.ZodType<Body>,
      answer: (held: TransferScope, body: Body) => object,
    ) {
      scope.post(path, async (request) => {
        const vendorCode = pathVendorCode(request);
        if (!signedBy(request, vendorCode)) return { status: 'RS_ERROR_INVALID_SIGNATURE' };
        const body = schema.safeParse(request.body);
        if (!body.success) return { status: 'RS_ERROR_WRONG_SYNTAX' };
        return answer({ vendorCode, merchant: operatorOf(request) }, body.data);
      });
    }
    transferRoute('/transfer/in', VendorTransferRequest, (held, body) =>
      heldBalances.transfer(held, 'in', body),
    );
    transferRoute('/transfer/out', VendorTransferRequest, (held, body) =>
      heldBalances.transfer(held, 'out', body),
    );
    transferRoute('/transfer/status', VendorTransferStatusRequest, (held, body) =>
      heldBalances.status(held, body.transfer_uuid),
    );
    transferRoute('/user/balance', VendorRemoteBalanceRequest, (held, body) =>
      heldBalances.balance(held, body.user, body.currency),
    );
  }
  await app.register(platformRoutes);
  await app.register(platformRoutes, { prefix: '/:vendorCode' });

  // ------------------------------------------------------------ member's browser -> vendor

  app.get('/play/:gameCode', async (request, reply) => {
    const query = TokenQuery.safeParse(request.query);
    const session = query.success ? sessions.get(query.data.token) : null;
    reply.type('text/html; charset=utf-8');
    if (!session) return reply.code(404).send(renderSessionEndedPage());
    const kind = gameKindOf(session.gameCode);
    return renderGamePage({
      kind,
      token: session.token,
      language: session.language,
      currency: session.currency,
      lobbyUrl: session.lobbyUrl,
      sides: sidesOf(kind),
      slot: kind === 'slot' ? slotGameOf(session.gameCode) : null,
    });
  });

  app.get('/assets/game.js', async (_request, reply) => {
    const file = options.clientDir ? join(options.clientDir, 'game.js') : null;
    if (!file || !existsSync(file)) return reply.code(404).send();
    return reply.type('text/javascript; charset=utf-8').send(readFileSync(file));
  });

  function sessionOr401(token: string, reply: FastifyReply): PlayerSession | null {
    const session = sessions.get(token);
    if (!session) void reply.code(401).send({ error: 'SESSION' });
    return session;
  }

  function badRequest(reply: FastifyReply) {
    return reply.code(400).send({ error: 'OTHER' });
  }

  app.get('/api/state', async (request, reply) => {
    const query = TokenQuery.safeParse(request.query);
    if (!query.success) return badRequest(reply);
    const session = sessionOr401(query.data.token, reply);
    if (!session) return reply;
    // A held balance is read each time (the platform funds it in and out behind the page); the
    // platform's is asked once, then kept current by every bet and win answer.
    if (session.balance === null || session.walletMode === 'transfer') {
      await rounds.balance(session);
    }
    const kind = gameKindOf(session.gameCode);
    const table = kind === 'baccarat' || kind === 'cockfight' ? tables[kind].view(session) : null;
    return { kind, balance: session.balance, table };
  });

  app.post('/api/slot/spin', async (request, reply) => {
    const body = SpinBody.safeParse(request.body);
    if (!body.success) return badRequest(reply);
    const session = sessionOr401(body.data.token, reply);
    if (!session) return reply;
    return jsonSafe(await instant.spin(session, body.data.stake));
  });

  app.post('/api/fishing/shoot', async (request, reply) => {
    const body = ShootBody.safeParse(request.body);
    if (!body.success) return badRequest(reply);
    const session = sessionOr401(body.data.token, reply);
    if (!session) return reply;
    return jsonSafe(await instant.shoot(session, body.data.stake, body.data.fish));
  });

  app.post('/api/table/bet', async (request, reply) => {
    const body = TableBetBody.safeParse(request.body);
    if (!body.success) return badRequest(reply);
    const session = sessionOr401(body.data.token, reply);
    if (!session) return reply;
    const kind = gameKindOf(session.gameCode);
    const table = kind === 'baccarat' || kind === 'cockfight' ? tables[kind] : null;
    if (!table?.sides.includes(body.data.side)) return badRequest(reply);
    return table.bet(session, body.data.side, body.data.stake);
  });

  return app;
}

function sidesOf(kind: GameKind): string[] {
  switch (kind) {
    case 'slot':
      return [];
    case 'fishing':
      return FISH_KINDS;
    case 'baccarat':
      return [...BACCARAT_SIDES];
    case 'cockfight':
      return [...COCKFIGHT_SIDES];
  }
}

/** Outcomes carry bigint wins; the page gets them as numbers of minor units. */
function jsonSafe(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? Number(v) : v)),
  );
}
