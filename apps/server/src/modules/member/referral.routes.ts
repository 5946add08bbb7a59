import { ReferralInfo, ReferralMembersPage, ReferralMembersQuery } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { ACCOUNT_ROLES, allow, signedIn } from '../../lib/guards.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { referralInfo, referredMembers, type ReferralCaller } from './referral.service.js';

const tags = ['member'];

/**
 * The member centre's referral page (SPEC: `referral`): agents, and members while the referral
 * promotion is on; others FUNCTION_NOT_ENABLED, trial accounts IN_NEED_TRUE_ACCOUNT.
 */
export const referralRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const onRequest = allow(...ACCOUNT_ROLES);
  const caller = (req: Parameters<typeof signedIn>[0]): ReferralCaller => {
    const auth = signedIn(req, ACCOUNT_ROLES);
    return {
      merchantId: req.ctx.merchant.id,
      memberId: auth.member.id,
      role: auth.role as ReferralCaller['role'],
    };
  };
  app.get(
    '/wps/relay/referral',
    {
      onRequest,
      schema: memberRoute({
        summary: "The caller's referral code and how many accounts registered with it",
        tags,
        value: ReferralInfo,
      }),
    },
    async (req) => ok(await referralInfo(db, caller(req))),
  );
  app.get(
    '/wps/relay/referral/members',
    {
      onRequest,
      schema: memberRoute({
        summary: "The accounts registered with the caller's referral code, newest first (masked)",
        tags,
        querystring: ReferralMembersQuery,
        value: ReferralMembersPage,
      }),
    },
    async (req) => ok(await referredMembers(db, caller(req), req.query)),
  );
};
