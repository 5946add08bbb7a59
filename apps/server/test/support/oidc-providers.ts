import { generateKeyPairSync, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** An HTTP server on an ephemeral port of 127.0.0.1; the handler is set once the URL is known. */
async function listen(): Promise<{ url: string; serve: (h: Handler) => void; close: () => void }> {
  let handler: Handler = (_req, res) => res.end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    serve: (h) => {
      handler = h;
    },
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

export const CLIENT_ID = 'platform-web';
export const CLIENT_SECRET = 'test-client-secret-that-is-long-enough';

/**
 * A real OpenID provider (node-oidc-provider) with its development login and consent pages. Any
 * login name is an account: its subject is the name, with an email and a display name.
 */
export async function startOidcProvider(redirectUris: string[]) {
  const server = await listen();
  const provider = new Provider(server.url, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => ({
        sub,
        email: `${sub}@example.com`,
        email_verified: true,
        name: 'Maria Clara',
      }),
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // As Google does: the scope's claims are in the ID token itself.
    conformIdTokenClaims: false,
    cookies: { keys: ['test-cookie-key'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
  });
  server.serve(provider.callback());
  return { issuer: server.url, close: server.close };
}

/**
 * Drives a browser through the provider: follows redirects with the provider's cookies, logs in
 * as `subject` and consents on the development pages, and stops at the first URL outside the
 * provider (the platform's callback). `abort` cancels at the login page instead.
 */
export async function passThroughProvider(
  authorizationUrl: string,
  subject: string,
  options: { abort?: boolean } = {},
): Promise<URL> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
  };
  const origin = new URL(authorizationUrl).origin;
  let url = new URL(authorizationUrl);
  for (let step = 0; step < 12; step++) {
    if (url.origin !== origin) return url;
    let res = await fetch(url, { redirect: 'manual', headers: { cookie: cookie() } });
    keep(res);
    if (res.status === 200 && url.pathname.startsWith('/interaction/')) {
      const prompt = /name="prompt" value="(\w+)"/.exec(await res.text())?.[1] ?? 'login';
      res = options.abort
        ? await fetch(new URL(`${url.pathname}/abort`, url), {
            redirect: 'manual',
            headers: { cookie: cookie() },
          })
        : await fetch(url, {
            method: 'POST',
            redirect: 'manual',
            headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ prompt, login: subject, password: 'any' }),
          });
      keep(res);
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${url.href} with ${res.status}`);
    url = new URL(location, url);
  }
  throw new Error('too many redirects at the provider');
}

/**
 * A provider the tests control completely, shaped like Facebook's (its discovery document lists
 * no token endpoint): its token endpoint answers an ID token signed with its own key and made of
 * whatever claims the test sets, such as a wrong audience.
 */
export async function startScriptedIssuer() {
  const server = await listen();
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };
  let claims: Record<string, unknown> = {};
  const idToken = () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const input = `${part({ alg: 'RS256', kid: 'k1', typ: 'JWT' })}.${part(claims)}`;
    return `${input}.${sign('RSA-SHA256', Buffer.from(input), privateKey).toString('base64url')}`;
  };
  const json = (res: ServerResponse, body: unknown) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  server.serve((req, res) => {
    const path = new URL(req.url ?? '/', server.url).pathname;
    if (path === '/.well-known/openid-configuration') {
      return json(res, {
        issuer: server.url,
        authorization_endpoint: `${server.url}/dialog/oauth`,
        jwks_uri: `${server.url}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (path === '/jwks') return json(res, { keys: [jwk] });
    if (path === '/oauth/access_token') {
      return json(res, {
        access_token: 'at',
        token_type: 'Bearer',
        expires_in: 60,
        id_token: idToken(),
      });
    }
    res.writeHead(404).end();
  });
  return {
    issuer: server.url,
    tokenEndpoint: `${server.url}/oauth/access_token`,
    /** The claims of the next ID token. */
    answerWith(next: Record<string, unknown>) {
      claims = next;
    },
    close: server.close,
  };
}
