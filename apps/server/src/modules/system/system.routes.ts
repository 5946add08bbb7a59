import {
  DomainRoutes,
  HelpCenter,
  HelpCenterQuery,
  PermissionInfo,
  RegisterSettings,
  SystemStatus,
  Whitelabel,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import * as system from './system.service.js';

const tags = ['system'];

export const systemRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/wps/system/status',
    {
      schema: memberRoute({
        summary: 'Normal, maintenance or region restricted',
        tags,
        value: SystemStatus,
      }),
    },
    async (req) => ok(await system.getSystemStatus(db, req.ctx)),
  );
  app.get(
    '/wps/system/whitelabel',
    { schema: memberRoute({ summary: 'White-label switches', tags, value: Whitelabel }) },
    async (req) => ok(await system.getWhitelabel(db, req.ctx.merchant.id)),
  );
  app.get(
    '/wps/system/setting/register',
    { schema: memberRoute({ summary: 'Registration field rules', tags, value: RegisterSettings }) },
    async (req) => ok(await system.getRegisterSettings(db, req.ctx.merchant.id)),
  );
  app.get(
    '/wps/system/domainRoute',
    {
      schema: memberRoute({
        summary: "The merchant's hosts and landing routes",
        tags,
        value: DomainRoutes,
      }),
    },
    async (req) => ok(await system.getDomainRoutes(db, req.ctx.merchant.id)),
  );
  app.get(
    '/wps/system/permission',
    {
      schema: memberRoute({
        summary: 'Site configuration for the first render',
        tags,
        value: PermissionInfo,
      }),
    },
    async (req) => ok(await system.getPermissionInfo(db, req.ctx)),
  );
  app.get(
    '/wps/system/helpCenter',
    {
      schema: memberRoute({
        summary: 'Help centre sections',
        tags,
        querystring: HelpCenterQuery,
        value: HelpCenter,
      }),
    },
    async (req) =>
      ok(
        await system.getHelpCenter(
          db,
          req.ctx.merchant.id,
          req.query.lang ?? req.ctx.language,
          req.query.device,
        ),
      ),
  );
};
