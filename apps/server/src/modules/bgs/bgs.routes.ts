import {
  BgsClientSeedRequest,
  BgsGame,
  BgsOutcome,
  BgsRotation,
  BgsRoundPage,
  BgsRoundQuery,
  BgsSeeds,
  BgsSpinRequest,
  BgsSpinResult,
  BgsVerifyRequest,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_ROLES, allow, signedIn } from '../../lib/guards.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { ledgerPublisher } from '../realtime/index.js';
import {
  gameInfo,
  getSeeds,
  listRounds,
  rotateSeeds,
  setClientSeed,
  spin,
  verify,
  type BgsCaller,
  type BgsDeps,
} from './bgs.service.js';

const tags = ['bgs'];

function caller(req: FastifyRequest): BgsCaller {
  return { merchant: req.ctx.merchant, auth: signedIn(req, ACCOUNT_ROLES) };
}

/**
 * The in-house slot at /bgs: play, seeds and history for members and agents (trial accounts
 * get IN_NEED_TRUE_ACCOUNT, visitors NOT_LOGGED_IN); the game's configuration and round
 * verification are public, since a revealed round is for anyone to check.
 */
export const bgsRoutes: FastifyPluginAsyncZod<BgsDeps> = async (app, deps) => {
  const onRequest = allow(...ACCOUNT_ROLES);
  app.get(
    '/wps/bgs/game',
    {
      schema: memberRoute({
        summary: 'BGS slot: bet levels, reels, paylines, paytable and stated RTP',
        tags,
        value: BgsGame,
      }),
    },
    async () => ok(gameInfo()),
  );
  app.get(
    '/wps/bgs/seeds',
    {
      onRequest,
      schema: memberRoute({
        summary: "The member's active seed pair: server seed hash, client seed, next nonce",
        tags,
        value: BgsSeeds,
      }),
    },
    async (req) => ok(await getSeeds(deps, caller(req))),
  );
  app.put(
    '/wps/bgs/seeds/client',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Set the client seed of the coming rounds',
        tags,
        body: BgsClientSeedRequest,
        value: BgsSeeds,
      }),
    },
    async (req) => ok(await setClientSeed(deps, caller(req), req.body)),
  );
  app.post(
    '/wps/bgs/seeds/rotate',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Reveal the active server seed and commit to a new one',
        tags,
        value: BgsRotation,
      }),
    },
    async (req) => ok(await rotateSeeds(deps, caller(req))),
  );
  app.post(
    '/wps/bgs/spin',
    {
      config: { startsPlayOrMoney: true },
      onRequest,
      schema: memberRoute({
        summary: 'Play one round: bet and win through the vendor wallet API; once per request id',
        tags,
        body: BgsSpinRequest,
        value: BgsSpinResult,
      }),
    },
    async (req) =>
      ok(await spin(deps, caller(req), req.body, ledgerPublisher(req.server.realtime))),
  );
  app.get(
    '/wps/bgs/rounds',
    {
      onRequest,
      schema: memberRoute({
        summary: "The member's rounds with proofs, newest first",
        tags,
        querystring: BgsRoundQuery,
        value: BgsRoundPage,
      }),
    },
    async (req) => ok(await listRounds(deps, caller(req), req.query)),
  );
  app.post(
    '/wps/bgs/verify',
    {
      schema: memberRoute({
        summary: 'Recompute a round from its revealed server seed, client seed, nonce and bet',
        tags,
        body: BgsVerifyRequest,
        value: BgsOutcome,
      }),
    },
    async (req) => ok(verify(req.body)),
  );
};
