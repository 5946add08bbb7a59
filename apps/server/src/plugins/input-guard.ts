import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';

/** Whether a NUL character is anywhere in `value` (strings, keys, nested objects and arrays). */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  if (Array.isArray(value)) return value.some((item) => hasNul(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => key.includes('\u0000') || hasNul(item, depth + 1),
  );
}

/**
 * PostgreSQL text cannot hold a NUL character: a string with one would fail deep inside a
 * write. No field has a use for it, so every route refuses it up front (after a sealed body is
 * opened and validated) as a VALIDATION_ERROR that changes nothing.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      throw new AppError('VALIDATION_ERROR', { reason: 'NUL_CHARACTER' });
    }
  });
}
