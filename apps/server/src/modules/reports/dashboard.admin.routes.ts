import { AdminDashboard } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { anyOperator, signedInOperator } from '../operator/index.js';
import { dashboard } from './dashboard.admin.service.js';
import type { ReportDeps } from './reports.admin.service.js';

/**
 * The landing dashboard: any signed-in operator; what it holds depends on the role (figures with
 * reports.read, each queue with the permission that acts on it).
 */
export const adminDashboardRoutes: FastifyPluginAsyncZod<ReportDeps> = async (app, deps) => {
  app.get(
    '/admin/api/dashboard',
    {
      onRequest: anyOperator,
      schema: memberRoute({
        summary:
          "Today's figures beside yesterday's (the merchant's days) and the queues the role acts on",
        tags: ['admin-dashboard'],
        value: AdminDashboard,
      }),
    },
    async (req) => {
      const auth = signedInOperator(req);
      return ok(await dashboard(deps, auth.merchant, auth.permissions));
    },
  );
};
