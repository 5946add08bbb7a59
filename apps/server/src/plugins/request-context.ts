import { parseLanguage, type Language } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { normalizeIp } from '../lib/client-ip.js';
import { bearerToken, headerValue } from '../lib/request-headers.js';
import type { Auth } from '../modules/auth/session.service.js';
import type { Merchant, MerchantResolver } from '../modules/merchant/merchant.service.js';

/** Who the request is for: merchant, interface language and where it comes from. */
export type RequestContext = {
  merchant: Merchant;
  language: Language;
  ip: string;
  /** ISO country from the edge's header, when a trusted proxy forwarded the request. */
  country: string | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
    /** The caller: a visitor, or a member account with its session. */
    auth: Auth;
  }
}

/**
 * Adds `request.ctx` and `request.auth` to every route of `api` (an encapsulated API scope, not
 * static files).
 */
export function registerRequestContext(
  api: FastifyInstance,
  deps: {
    resolveMerchant: MerchantResolver;
    countryHeader: string;
    authenticate: (token: string | undefined, merchantId: number) => Promise<Auth>;
  },
): void {
  api.decorateRequest<RequestContext | null>('ctx', null);
  api.decorateRequest<Auth | null>('auth', null);
  api.addHook('onRequest', async (request) => {
    const merchant = await deps.resolveMerchant({
      headerCode: headerValue(request, 'merchant'),
      host: request.hostname,
    });
    // Anyone can send the header: it counts only when a trusted proxy forwarded the request
    // (TRUST_PROXY; Fastify lists the hops it trusted beyond the socket's peer in request.ips).
    const viaTrustedProxy = (request.ips?.length ?? 0) > 1;
    const country = viaTrustedProxy
      ? headerValue(request, deps.countryHeader.toLowerCase())
      : undefined;
    request.ctx = {
      merchant,
      language: parseLanguage(headerValue(request, 'language'), merchant.defaultLanguage),
      ip: normalizeIp(request.ip),
      country: country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null,
    };
    request.auth = await deps.authenticate(bearerToken(request), merchant.id);
  });
}
