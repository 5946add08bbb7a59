import { DropdownOption } from '@app/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { dropdownMenus, sessions } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { allow, signedIn } from '../../lib/guards.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { getWhitelabel } from '../system/system.service.js';

function listOptions(db: Db, merchantId: number, menuGroup: string) {
  return db
    .select()
    .from(dropdownMenus)
    .where(and(eq(dropdownMenus.merchantId, merchantId), eq(dropdownMenus.menuGroup, menuGroup)))
    .orderBy(asc(dropdownMenus.sequence));
}

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
    async (req) => {
      const rows = await listOptions(db, req.ctx.merchant.id, req.query.menuGroup);
      return ok(
        rows.map((r) => ({
          code: r.code,
          label: req.ctx.language === 'TL' ? r.labelTl : r.labelEn,
        })),
      );
    },
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
      const caller = signedIn(req);
      if (!(await getWhitelabel(db, req.ctx.merchant.id)).GAMINGVENUE) {
        throw new AppError('FUNCTION_NOT_ENABLED');
      }
      const options = await listOptions(db, req.ctx.merchant.id, 'gamingvenue');
      if (!options.some((o) => o.code === req.body.code)) {
        throw new AppError('VALIDATION_ERROR', {
          issues: [{ path: 'code', message: 'unknown venue' }],
        });
      }
      await db
        .update(sessions)
        .set({ gamingVenue: req.body.code })
        .where(eq(sessions.id, caller.sessionId));
      return ok(null);
    },
  );
};
