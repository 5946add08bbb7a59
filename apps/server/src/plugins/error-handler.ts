import { ErrorCode, errorMessages, errorStatus, parseLanguage, type Language } from '@app/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';

function requestLanguage(request: FastifyRequest): Language {
  const fallback = request.ctx?.merchant.defaultLanguage ?? 'EN';
  return parseLanguage(request.ctx?.language ?? request.headers.language, fallback);
}

/** Sends the error envelope with the status that belongs to `code`. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  value: Record<string, unknown> = {},
): FastifyReply {
  // Throttled and locked answers say when to come back, in the header too (ARCHITECTURE.md).
  if (typeof value.retryAfterSeconds === 'number') {
    void reply.header('retry-after', String(value.retryAfterSeconds));
  }
  return reply.status(errorStatus[code]).send({
    success: false,
    code,
    message: errorMessages[code][requestLanguage(request)],
    value,
  });
}

/** Request paths answered by the API (JSON), never by the web app's index.html. */
export const API_PREFIXES = ['/wps/', '/lgw/', '/lotto/', '/admin/api/', '/docs', '/healthz'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url === prefix.replace(/\/$/, '') || url.startsWith(prefix));
}

/**
 * One error handler for the whole server: known errors become their envelope; anything else is
 * logged with the request and answered as INTERNAL_ERROR without details.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return sendError(request, reply, error.code, error.value);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: `${error.validationContext ?? ''}${v.instancePath}`,
        message: v.message ?? 'invalid',
      }));
      return sendError(request, reply, ErrorCode.VALIDATION_ERROR, { issues });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return sendError(request, reply, ErrorCode.TOO_MANY_REQUESTS);
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large: the client's fault, said plainly.
      return reply.status(status).send({
        success: false,
        code: ErrorCode.VALIDATION_ERROR,
        message: errorMessages.VALIDATION_ERROR[requestLanguage(request)],
        value: { reason: error.code ?? 'BAD_REQUEST' },
      });
    }
    request.log.error({ err: error, url: request.url, method: request.method }, 'request failed');
    return sendError(request, reply, ErrorCode.INTERNAL_ERROR);
  });
}
