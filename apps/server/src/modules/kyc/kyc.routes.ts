import { KycPersonalInfo, KycSaved, SecurityConfig, UploadIdImageRequest } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { ACCOUNT_ROLES, allow, signedIn } from '../../lib/guards.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { getSecurityConfig, saveKycInfo, uploadIdImages } from './kyc.service.js';

const tags = ['kyc'];
/** Three images of at most 5 MB each, base64-encoded, plus the envelope. */
const UPLOAD_BODY_LIMIT = 22 * 1024 * 1024;

export const kycRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/wps/v2/member/securityConfig',
    {
      onRequest: allow(...ACCOUNT_ROLES),
      schema: memberRoute({ summary: 'Identity verification state', tags, value: SecurityConfig }),
    },
    async (req) => ok(await getSecurityConfig(db, signedIn(req))),
  );
  app.post(
    '/wps/member/kyc/info',
    {
      onRequest: allow(...ACCOUNT_ROLES),
      schema: memberRoute({
        summary: 'KYC step 1: personal information',
        tags,
        body: KycPersonalInfo,
        value: KycSaved,
      }),
    },
    async (req) => ok(await saveKycInfo(db, signedIn(req), req.body, req.ctx.ip)),
  );
  app.post(
    '/wps/relay/identity/uploadIdImage',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      onRequest: allow(...ACCOUNT_ROLES),
      schema: memberRoute({
        summary: 'KYC step 2: ID front, back and selfie (data URLs, moduleId UPLOADID3)',
        tags,
        body: UploadIdImageRequest,
        value: z.null(),
      }),
    },
    async (req) => {
      await uploadIdImages(db, signedIn(req), req.body);
      return ok(null);
    },
  );
};
