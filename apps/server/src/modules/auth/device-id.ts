import { DEVICE_ID_HEADER, DEVICE_ID_PATTERN } from '@app/shared';
import type { FastifyRequest } from 'fastify';

/**
 * The device id the browser sent (`Device-Id`), or null when there is none or it is malformed:
 * it only feeds the risk screen, so a bad one never refuses a login.
 */
export function deviceIdOf(req: FastifyRequest): string | null {
  const value = req.headers[DEVICE_ID_HEADER.toLowerCase()];
  return typeof value === 'string' && DEVICE_ID_PATTERN.test(value) ? value : null;
}
