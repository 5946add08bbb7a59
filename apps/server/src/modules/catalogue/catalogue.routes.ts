import {
  FavoriteListQuery,
  FavoriteParams,
  FavoriteRequest,
  FavoriteResult,
  GameIconParams,
  GameIconQuery,
  ErrorEnvelope,
  GameListQuery,
  GameMenus,
  GamePage,
  HotGames,
  HotGamesQuery,
  LaunchGameRequest,
  LaunchGameResult,
  RecentGamesQuery,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { ACCOUNT_ROLES, allow, signedIn } from '../../lib/guards.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { MemberApiHeaders, memberRoute, ok } from '../../lib/route-schema.js';
import {
  addFavorite,
  gameIcon,
  getGameMenus,
  hotGames,
  listGames,
  ownGames,
  removeFavorite,
  type CatalogueCaller,
} from './catalogue.service.js';
import { launchGame, type LaunchAtVendor } from './game-launch.service.js';

const tags = ['games'];

/**
 * Favourites and recent games belong to an account: trial accounts included (they may keep
 * favourites, SPEC section 4 loads them after any login), visitors not.
 */
const OWN_LIST_ROLES = ['trial', 'member', 'agent'] as const;

function caller(req: FastifyRequest): CatalogueCaller {
  return { merchant: req.ctx.merchant, language: req.ctx.language, auth: req.auth };
}

function accountCaller(req: FastifyRequest) {
  return { ...caller(req), auth: signedIn(req, OWN_LIST_ROLES) };
}

export const catalogueRoutes: FastifyPluginAsyncZod<{
  db: Db;
  limiter: RateLimiter;
  launchAtVendor: LaunchAtVendor;
}> = async (app, { db, limiter, launchAtVendor }) => {
  app.get(
    '/lgw/games/game_menus',
    {
      schema: memberRoute({
        summary: 'Game categories with their vendors (navigation)',
        tags,
        value: GameMenus,
      }),
    },
    async (req) => ok(await getGameMenus(db, req.ctx.merchant.id)),
  );

  app.get(
    '/wps/relay/games',
    {
      schema: memberRoute({
        summary: 'A page of a game list: by type, vendor, classification, filter or name',
        tags,
        querystring: GameListQuery,
        value: GamePage,
      }),
    },
    async (req) => ok(await listGames(db, caller(req), req.query)),
  );

  app.get(
    '/wps/relay/games/hot',
    {
      schema: memberRoute({
        summary: 'Hot games, at most 12',
        tags,
        querystring: HotGamesQuery,
        value: HotGames,
      }),
    },
    async (req) => ok(await hotGames(db, caller(req), req.query)),
  );

  app.get(
    '/lgw/games/icon/:vassalage/:gameCode',
    {
      schema: {
        summary: "A game's tile image (SVG); ?size=large is the wide one",
        tags,
        headers: MemberApiHeaders,
        params: GameIconParams,
        querystring: GameIconQuery,
        response: {
          200: z.string().describe('image/svg+xml'),
          '4XX': ErrorEnvelope,
          '5XX': ErrorEnvelope,
        },
      },
    },
    async (req, reply) => {
      const svg = await gameIcon(db, caller(req), req.params, req.query.size === 'large');
      return (
        reply
          .type('image/svg+xml; charset=utf-8')
          .header('cache-control', 'public, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          // An SVG opened on its own runs nothing: no scripts, no outside loads.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(svg)
      );
    },
  );

  // Login is checked first (onRequest), before the query or body is validated (SPEC section 5).
  const onRequest = allow(...OWN_LIST_ROLES);

  app.get(
    '/wps/relay/games/recent',
    {
      onRequest,
      schema: memberRoute({
        summary: "The caller's recently launched games, most recent first",
        tags,
        querystring: RecentGamesQuery,
        value: GamePage,
      }),
    },
    async (req) => ok(await ownGames(db, accountCaller(req), 'recent', req.query)),
  );

  app.get(
    '/wps/relay/favorites',
    {
      onRequest,
      schema: memberRoute({
        summary: "The caller's favourite games, most recently added first",
        tags,
        querystring: FavoriteListQuery,
        value: GamePage,
      }),
    },
    async (req) => ok(await ownGames(db, accountCaller(req), 'favorite', req.query)),
  );

  app.post(
    '/wps/relay/favorites',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Add a favourite (no change when it already is one); 1 change per second',
        tags,
        body: FavoriteRequest,
        value: FavoriteResult,
      }),
    },
    async (req) => ok(await addFavorite({ db, limiter }, accountCaller(req), req.body)),
  );

  app.delete(
    '/wps/relay/favorites/:nodeId',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Remove a favourite; 1 change per second',
        tags,
        params: FavoriteParams,
        value: FavoriteResult,
      }),
    },
    async (req) => ok(await removeFavorite({ db, limiter }, accountCaller(req), req.params.nodeId)),
  );

  app.post(
    '/wps/game/launchGame',
    {
      config: { startsPlayOrMoney: true },
      // Members and agents only: a visitor is asked to log in, a trial account needs a real one.
      onRequest: allow(...ACCOUNT_ROLES),
      schema: memberRoute({
        summary:
          "Launch a game: the vendor's game URL, or the page the client plays it on; " +
          'GAME_MAINTENANCE suggests other games',
        tags,
        body: LaunchGameRequest,
        value: LaunchGameResult,
      }),
    },
    async (req) =>
      ok(
        await launchGame(
          { db, launchAtVendor },
          { ...caller(req), auth: signedIn(req, ACCOUNT_ROLES) },
          req.body,
          `${req.protocol}://${req.host}`,
        ),
      ),
  );
};
