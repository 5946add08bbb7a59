import { AdminDailyReport, AdminReportQuery } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvRoute, sendCsv } from '../../lib/csv-reply.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { operatorAllow, signedInOperator } from '../operator/index.js';
import { dailyCsv, dailyReport, gamesCsv, type ReportDeps } from './reports.admin.service.js';

const tags = ['admin-reports'];

/** The back-office reports (permission reports.read). */
export const adminReportRoutes: FastifyPluginAsyncZod<ReportDeps> = async (app, deps) => {
  const onRequest = operatorAllow('reports.read');
  app.get(
    '/admin/api/reports/daily',
    {
      onRequest,
      schema: memberRoute({
        summary: "Per-day figures of the merchant (its time zone's days), totals and GGR by game",
        tags,
        querystring: AdminReportQuery,
        value: AdminDailyReport,
      }),
    },
    async (req) => ok(await dailyReport(deps, signedInOperator(req).merchant, req.query)),
  );
  for (const [kind, render] of [
    ['daily', dailyCsv],
    ['games', gamesCsv],
  ] as const) {
    app.get(
      `/admin/api/reports/${kind}.csv`,
      {
        onRequest,
        schema: csvRoute({
          summary: `The ${kind} report as a CSV download`,
          tags,
          querystring: AdminReportQuery,
        }),
      },
      async (req, reply) => {
        const merchant = signedInOperator(req).merchant;
        const report = await dailyReport(deps, merchant, req.query);
        return sendCsv(reply, {
          fileName: `${merchant.code}-${kind}-${req.query.from}-${req.query.to}.csv`,
          body: render(report),
        });
      },
    );
  }
};
