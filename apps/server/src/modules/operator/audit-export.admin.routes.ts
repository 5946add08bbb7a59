import { AUDIT_EXPORT_MAX_ROWS, AdminAuditExportQuery } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { toCsv } from '../../lib/csv.js';
import { csvRoute, sendCsv } from '../../lib/csv-reply.js';
import { operatorAllow, signedInOperator } from './operator.guards.js';
import * as repo from './operator.admin.repository.js';

const json = (value: unknown) => (value == null ? '' : JSON.stringify(value));

/**
 * The filtered audit log as CSV, newest first: one read of at most `limit` rows (the log's
 * (merchant, id) order); a selection larger than that is refused with EXPORT_TOO_LARGE and the
 * total, so a file is never silently cut short.
 */
export async function auditCsv(
  db: Db,
  merchantId: number,
  query: AdminAuditExportQuery,
  limit = AUDIT_EXPORT_MAX_ROWS,
): Promise<string> {
  const { rows, total } = await repo.pageAudit(db, merchantId, query, { limit, offset: 0 });
  if (total > limit) throw new AppError('EXPORT_TOO_LARGE', { limit, total });
  return toCsv(
    [
      'id',
      'time',
      'actor_type',
      'actor_id',
      'actor_name',
      'action',
      'subject_type',
      'subject_id',
      'ip',
      'before',
      'after',
    ],
    rows.map(({ entry, actorName }) => [
      entry.id,
      entry.createdAt.toISOString(),
      entry.actorType,
      entry.actorId ?? '',
      actorName ?? '',
      entry.action,
      entry.subjectType,
      entry.subjectId ?? '',
      entry.ip ?? '',
      json(entry.before),
      json(entry.after),
    ]),
  );
}

/** GET /admin/api/audit.csv (permission audit.read). */
export const auditExportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/api/audit.csv',
    {
      onRequest: operatorAllow('audit.read'),
      schema: csvRoute({
        summary: 'The filtered audit log as a CSV download (at most 10,000 rows)',
        tags: ['admin-operators'],
        querystring: AdminAuditExportQuery,
      }),
    },
    async (req, reply) => {
      const merchant = signedInOperator(req).merchant;
      const body = await auditCsv(db, merchant.id, req.query);
      const day = new Date().toISOString().slice(0, 10);
      return sendCsv(reply, { fileName: `${merchant.code}-audit-${day}.csv`, body });
    },
  );
};
