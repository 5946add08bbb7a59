import { ErrorEnvelope, successEnvelope } from '@app/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** Headers every member API call may carry (ARCHITECTURE.md); Fastify lower-cases them. */
export const MemberApiHeaders = z.object({
  merchant: z.string().max(32).optional().describe('Merchant code; otherwise resolved by host'),
  language: z.string().optional().describe('EN or TL; otherwise the merchant default'),
  device: z.enum(['WEB']).optional(),
});

type RouteParts = { querystring?: z.ZodType; body?: z.ZodType; params?: z.ZodType };

/**
 * The schema of a member API route: documented headers, the success envelope around `value`,
 * and the error envelope for every failure status.
 */
export function memberRoute<V extends z.ZodType, P extends RouteParts = Record<never, never>>(
  input: { summary: string; tags: string[]; value: V } & P,
) {
  const { summary, tags, value, ...parts } = input;
  return {
    summary,
    tags,
    headers: MemberApiHeaders,
    ...parts,
    response: {
      200: successEnvelope(value),
      '4XX': ErrorEnvelope,
      '5XX': ErrorEnvelope,
    },
  };
}

/** Wraps a route's result in the success envelope. */
export function ok<T>(value: T): { success: true; value: T } {
  return { success: true, value };
}

/** The schema of a route that answers one stored image (JPEG) or the error envelope. */
export function imageRoute<P extends z.ZodType>(input: {
  summary: string;
  tags: string[];
  params: P;
}) {
  return {
    ...input,
    headers: MemberApiHeaders,
    response: {
      200: z.unknown().describe('image/jpeg'),
      '4XX': ErrorEnvelope,
      '5XX': ErrorEnvelope,
    },
  };
}

/** Sends a stored image: never cached, never sniffed as another type. */
export function sendImage(
  reply: FastifyReply,
  image: { bytes: Buffer; contentType: string },
): FastifyReply {
  return reply
    .type(image.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(image.bytes);
}
