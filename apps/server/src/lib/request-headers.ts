import type { FastifyRequest } from 'fastify';

/** A request header's (first) value; undefined when it is missing or empty. */
export function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) || undefined;
}

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = headerValue(request, 'authorization');
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
}
