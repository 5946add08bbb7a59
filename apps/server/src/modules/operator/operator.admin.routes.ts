import {
  AdminAuditPage,
  AdminAuditQuery,
  AdminIdParams,
  AdminOperator,
  AdminOperatorList,
  CreateOperatorRequest,
  CreatedOperator,
  OperatorEnrolmentIssued,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { operatorActor, operatorAllow, signedInOperator } from './operator.guards.js';
import {
  auditPage,
  createOperator,
  listOperators,
  resetOperatorTotp,
  setOperatorStatus,
} from './operator.admin.service.js';

const tags = ['admin-operators'];

/**
 * The merchant's operators (operators.manage, owner: list, create, disable, enable, reset TOTP)
 * and its audit log (audit.read).
 */
export const adminOperatorRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const manage = operatorAllow('operators.manage');
  app.get(
    '/admin/api/operators',
    {
      onRequest: manage,
      schema: memberRoute({
        summary: "The merchant's operators",
        tags,
        value: AdminOperatorList,
      }),
    },
    async (req) => ok(await listOperators(db, signedInOperator(req).merchant.id)),
  );
  app.post(
    '/admin/api/operators',
    {
      onRequest: manage,
      schema: memberRoute({
        summary:
          'Create an operator of the merchant; its password and one-time enrolment code are shown once; audited',
        tags,
        body: CreateOperatorRequest,
        value: CreatedOperator,
      }),
    },
    async (req) => ok(await createOperator(db, operatorActor(req), req.body)),
  );
  for (const [path, status] of [
    ['disable', 'disabled'],
    ['enable', 'active'],
  ] as const) {
    app.post(
      `/admin/api/operators/:id/${path}`,
      {
        onRequest: manage,
        schema: memberRoute({
          summary: `${path === 'disable' ? 'Disable (sessions end)' : 'Enable'} an operator; audited`,
          tags,
          params: AdminIdParams,
          value: AdminOperator,
        }),
      },
      async (req) => ok(await setOperatorStatus(db, operatorActor(req), req.params.id, status)),
    );
  }
  app.post(
    '/admin/api/operators/:id/reset-totp',
    {
      onRequest: manage,
      schema: memberRoute({
        summary:
          "Reset an operator's authenticator (TOTP): its sessions end and a new one-time enrolment code (shown once) enrols a new one; never your own; audited",
        tags,
        params: AdminIdParams,
        value: OperatorEnrolmentIssued,
      }),
    },
    async (req) => ok(await resetOperatorTotp(db, operatorActor(req), req.params.id)),
  );
  app.get(
    '/admin/api/audit',
    {
      onRequest: operatorAllow('audit.read'),
      schema: memberRoute({
        summary: "The merchant's audit log, newest first, with filters",
        tags,
        querystring: AdminAuditQuery,
        value: AdminAuditPage,
      }),
    },
    async (req) => ok(await auditPage(db, signedInOperator(req).merchant.id, req.query)),
  );
};
