import { GameMenus } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { getGameMenus } from './catalogue.service.js';

export const catalogueRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/lgw/games/game_menus',
    {
      schema: memberRoute({
        summary: 'Game categories with their vendors (navigation)',
        tags: ['games'],
        value: GameMenus,
      }),
    },
    async (req) => ok(await getGameMenus(db, req.ctx.merchant.id)),
  );
};
