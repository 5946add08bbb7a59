import { AffiliateCheck, AffiliateCheckRequest } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { findAffiliateCode } from '../member/index.js';

/** The register form's affiliate check: an unknown code stops registration (SPEC section 4). */
export const affiliateRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/wps/agent/affiliate',
    {
      schema: memberRoute({
        summary: 'Check an affiliate code',
        tags: ['agent'],
        body: AffiliateCheckRequest,
        value: AffiliateCheck,
      }),
    },
    async (req) => {
      const found = await findAffiliateCode(db, req.ctx.merchant.id, req.body.code);
      if (!found) throw new AppError('INVITATION_CODE_ERROR');
      return ok({ code: found.code, valid: true as const });
    },
  );
};
