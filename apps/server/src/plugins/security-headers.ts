import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** A year: browsers keep to HTTPS for this long after one answer over HTTPS. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** `'sha256-…'` of each inline script of the front ends' index.html (no 'unsafe-inline'). */
export function inlineScriptHashes(pages: (string | null)[]): string[] {
  const hashes = new Set<string>();
  for (const page of pages) {
    for (const match of page?.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi) ??
      []) {
      hashes.add(`'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
    }
  }
  return [...hashes];
}

/**
 * The live websocket (/wps/ws) on the host the page was loaded from: older browsers do not count
 * ws: and wss: as 'self'. A host header that is not a plain host[:port] adds nothing.
 */
function websocketSources(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  return /^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host) ? `ws://${host} wss://${host}` : '';
}

/**
 * Security headers on every answer (pages, static assets, API, errors): a strict CSP for both
 * front ends, framing by the same origin only, HSTS, nosniff and a referrer policy.
 *
 * `frameOrigins`: where games are framed from besides https: (outside production, the
 * reference vendor's plain-http origin). `inlineScripts`: hashes of the index pages' inline
 * scripts.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { production: boolean; frameOrigins: string[]; inlineScripts: string[] },
): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...options.inlineScripts],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        // Game tiles and banners come from vendors' and merchants' image hosts; previews of a
        // chosen upload are blob: URLs, the captcha and icons data: URLs.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...options.frameOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", websocketSources],
        // Only games (launch URLs at the vendors' hosts) and the home page's YouTube video.
        frameSrc: ["'self'", 'https:', ...options.frameOrigins],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        ...(options.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'sameorigin' },
    strictTransportSecurity: { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // A game opened in a new window keeps working; the opener stays out of its reach.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
}
