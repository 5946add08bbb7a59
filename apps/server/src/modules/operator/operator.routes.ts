import {
  OperatorInfo,
  OperatorLoginRequest,
  OperatorLoginResult,
  OperatorSessionResult,
  OperatorTotpConfirmRequest,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizeIp } from '../../lib/client-ip.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { anyOperator, signedInOperator } from './operator.guards.js';
import * as service from './operator.service.js';
import type { OperatorDeps } from './operator.service.js';

const tags = ['operator'];

/** Operator sign-in, TOTP enrolment, sign-out and who-am-I, under /admin/api (decision 008). */
export const operatorRoutes: FastifyPluginAsyncZod<OperatorDeps> = async (app, deps) => {
  const caller = (req: { ip: string; headers: Record<string, unknown> }) => ({
    ip: normalizeIp(req.ip),
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : '',
  });

  app.post(
    '/admin/api/session/login',
    {
      schema: memberRoute({
        summary: 'Operator login: password, then the TOTP code (or TOTP enrolment)',
        tags,
        body: OperatorLoginRequest,
        value: OperatorLoginResult,
      }),
    },
    async (req) => ok(await service.login(deps, caller(req), req.body)),
  );

  app.post(
    '/admin/api/session/totp',
    {
      schema: memberRoute({
        summary: "Confirm an operator's TOTP enrolment with a code and open the session",
        tags,
        body: OperatorTotpConfirmRequest,
        value: OperatorSessionResult,
      }),
    },
    async (req) => ok(await service.confirmTotp(deps, caller(req), req.body)),
  );

  app.delete(
    '/admin/api/session',
    {
      onRequest: anyOperator,
      schema: memberRoute({ summary: 'End the operator session', tags, value: z.null() }),
    },
    async (req) => {
      await service.logout(deps, caller(req), signedInOperator(req));
      return ok(null);
    },
  );

  app.get(
    '/admin/api/session/me',
    {
      onRequest: anyOperator,
      schema: memberRoute({
        summary: 'The signed-in operator, its merchant, role and permissions',
        tags,
        value: OperatorInfo,
      }),
    },
    async (req) => ok(await service.describe(deps, signedInOperator(req))),
  );
};
