import {
  AdminKycDetail,
  AdminKycDocumentParams,
  AdminKycMemberParams,
  AdminKycPage,
  AdminKycQuery,
  ApproveKycRequest,
  RejectKycRequest,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { imageRoute, memberRoute, ok, sendImage } from '../../lib/route-schema.js';
import { operatorActor, operatorAllow, signedInOperator } from '../operator/index.js';
import { approveKyc, kycDetail, kycDocument, kycQueue, rejectKyc } from './kyc.admin.service.js';

const tags = ['admin-kyc'];

/** The KYC review queue (permission kyc.review). */
export const adminKycRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const onRequest = operatorAllow('kyc.review');
  app.get(
    '/admin/api/kyc',
    {
      onRequest,
      schema: memberRoute({
        summary: 'KYC submissions by status (waiting by default), oldest first',
        tags,
        querystring: AdminKycQuery,
        value: AdminKycPage,
      }),
    },
    async (req) => ok(await kycQueue(db, signedInOperator(req).merchant.id, req.query)),
  );
  app.get(
    '/admin/api/kyc/:memberId',
    {
      onRequest,
      schema: memberRoute({
        summary: "A member's KYC personal information and review",
        tags,
        params: AdminKycMemberParams,
        value: AdminKycDetail,
      }),
    },
    async (req) => ok(await kycDetail(db, signedInOperator(req).merchant.id, req.params.memberId)),
  );
  app.get(
    '/admin/api/kyc/:memberId/documents/:kind',
    {
      onRequest,
      schema: imageRoute({
        summary: 'One KYC image (front, back, selfie) as the re-encoded JPEG',
        tags,
        params: AdminKycDocumentParams,
      }),
    },
    async (req, reply) =>
      sendImage(
        reply,
        await kycDocument(
          db,
          signedInOperator(req).merchant.id,
          req.params.memberId,
          req.params.kind,
        ),
      ),
  );
  app.post(
    '/admin/api/kyc/:memberId/approve',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Approve a waiting KYC submission; audited',
        tags,
        params: AdminKycMemberParams,
        body: ApproveKycRequest,
        value: AdminKycDetail,
      }),
    },
    async (req) => ok(await approveKyc(db, operatorActor(req), req.params.memberId, req.body.note)),
  );
  app.post(
    '/admin/api/kyc/:memberId/reject',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Reject a waiting KYC submission with a reason the member sees; audited',
        tags,
        params: AdminKycMemberParams,
        body: RejectKycRequest,
        value: AdminKycDetail,
      }),
    },
    async (req) =>
      ok(await rejectKyc(db, operatorActor(req), req.params.memberId, req.body.reason)),
  );
};
