import { ErrorEnvelope } from '@app/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { MemberApiHeaders } from './route-schema.js';

/** The schema of a CSV download route: the file (text/csv), or the error envelope. */
export function csvRoute<Q extends z.ZodType>(route: {
  summary: string;
  tags: string[];
  querystring: Q;
}) {
  return {
    ...route,
    headers: MemberApiHeaders,
    response: {
      200: z.string().describe('text/csv'),
      '4XX': ErrorEnvelope,
      '5XX': ErrorEnvelope,
    },
  };
}

/** Sends a CSV file as a download, never cached (it holds the caller's own figures). */
export function sendCsv(reply: FastifyReply, file: { fileName: string; body: string }) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
