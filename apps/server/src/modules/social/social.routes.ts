import {
  LoginResult,
  SOCIAL_LANDING_PARAMS,
  SocialLoginRequest,
  SocialProvider,
  type ErrorCode,
} from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { MemberApiHeaders, memberRoute, ok } from '../../lib/route-schema.js';
import { deviceIdOf } from '../auth/index.js';
import {
  exchangeLoginCode,
  finishSocialSignIn,
  SIGN_IN_MINUTES,
  startSocialSignIn,
  type SocialDeps,
} from './social.service.js';

const tags = ['session'];
const Params = z.object({ provider: SocialProvider });
/** The browser steps answer redirects only: to the provider, or back to the web app's /login. */
const redirectRoute = (summary: string, description: string) => ({
  summary,
  description,
  tags,
  headers: MemberApiHeaders,
  params: Params,
  response: { 302: z.null().describe('Redirect (Location header)') },
});

/** Binds a sign-in to the browser that started it; sent back on the return and the exchange. */
const BROWSER_COOKIE = 'social_sign_in';

function browserCookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  // Lax: the cookie comes back on the provider's top-level redirect to the callback.
  return `${BROWSER_COOKIE}=${value}; Path=/wps/session; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

function readBrowserCookie(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === BROWSER_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}

/** Back to the web app's login modal with the login code or the error code (never a token). */
function landOnWeb(reply: FastifyReply, landing: { code: string } | { error: ErrorCode }) {
  const query: [string, string] =
    'code' in landing
      ? [SOCIAL_LANDING_PARAMS.code, landing.code]
      : [SOCIAL_LANDING_PARAMS.error, landing.error];
  return reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .redirect(`/login?${new URLSearchParams([query]).toString()}`, 302);
}

/** The error code a browser step lands on the web with; the reason stays in the log. */
function failureCode(request: FastifyRequest, error: unknown): ErrorCode {
  if (error instanceof AppError) {
    request.log.info({ code: error.code, reason: error.message }, 'social sign-in refused');
    return error.code;
  }
  request.log.error({ err: error, url: request.url }, 'social sign-in failed');
  return 'INTERNAL_ERROR';
}

export const socialRoutes: FastifyPluginAsyncZod<SocialDeps> = async (app, deps) => {
  app.get(
    '/wps/session/social/:provider',
    {
      schema: redirectRoute(
        'Start Facebook or Google sign-in (browser navigation)',
        'Redirects to the provider (authorization code flow with PKCE, state and nonce), or to ' +
          `/login?${SOCIAL_LANDING_PARAMS.error}=<code> when the provider is not enabled.`,
      ),
    },
    async (req, reply) => {
      try {
        const origin = `${req.protocol}://${req.host}`;
        const started = await startSocialSignIn(deps, req.ctx, req.params.provider, origin);
        return reply
          .header('set-cookie', browserCookie(req, started.browserToken, SIGN_IN_MINUTES * 60))
          .header('cache-control', 'no-store')
          .redirect(started.authorizationUrl, 302);
      } catch (error) {
        return landOnWeb(reply, { error: failureCode(req, error) });
      }
    },
  );

  app.get(
    '/wps/session/social/:provider/callback',
    {
      schema: redirectRoute(
        'Return from Facebook or Google (redirect URI registered at the provider)',
        `Redirects to /login?${SOCIAL_LANDING_PARAMS.code}=<single-use login code> or ` +
          `/login?${SOCIAL_LANDING_PARAMS.error}=<code>.`,
      ),
    },
    async (req, reply) => {
      try {
        const code = await finishSocialSignIn(
          deps,
          { ctx: req.ctx, userAgent: req.headers['user-agent'] ?? '', deviceId: deviceIdOf(req) },
          req.params.provider,
          {
            query: new URLSearchParams(req.url.split('?')[1] ?? ''),
            browserToken: readBrowserCookie(req),
          },
        );
        return landOnWeb(reply, { code });
      } catch (error) {
        return landOnWeb(reply, { error: failureCode(req, error) });
      }
    },
  );

  app.post(
    '/wps/session/login/social',
    {
      config: { startsPlayOrMoney: true },
      schema: memberRoute({
        summary: 'Finish Facebook or Google sign-in: the login code for a session',
        tags,
        body: SocialLoginRequest,
        value: LoginResult,
      }),
    },
    async (req, reply) => {
      const result = await exchangeLoginCode(
        deps,
        { ctx: req.ctx, userAgent: req.headers['user-agent'] ?? '', deviceId: deviceIdOf(req) },
        { code: req.body.code, browserToken: readBrowserCookie(req) },
      );
      reply.header('set-cookie', browserCookie(req, '', 0));
      return ok(result);
    },
  );
};
