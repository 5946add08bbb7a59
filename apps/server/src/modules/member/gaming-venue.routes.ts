import { DropdownOption } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { allow, signedIn } from '../../lib/guards.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { declareGamingVenue, dropdownOptions } from './gaming-venue.service.js';

/**
 * Option lists, and the gaming venue a player declares after login when the operator asks for it
 * (SPEC: gaming venue modal, region list with submit); the answer is kept with the session.
 */
export const gamingVenueRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/wps/relay/dropdownMenus',
    {
      schema: memberRoute({
        summary: 'An option list (menuGroup gamingvenue)',
        tags: ['member'],
        querystring: z.object({ menuGroup: z.string().max(32) }),
        value: z.array(DropdownOption),
      }),
    },
    async (req) =>
      ok(await dropdownOptions(db, req.ctx.merchant.id, req.query.menuGroup, req.ctx.language)),
  );
  app.post(
    '/wps/session/gamingVenue',
    {
      onRequest: allow('trial', 'member', 'agent'),
      schema: memberRoute({
        summary: 'Declare the gaming venue of this session',
        tags: ['session'],
        body: z.object({ code: z.string().max(32) }),
        value: z.null(),
      }),
    },
    async (req) => {
      await declareGamingVenue(db, req.ctx.merchant.id, signedIn(req).sessionId, req.body.code);
      return ok(null);
    },
  );
};
