import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import {
  loginEvents,
  members,
  merchants,
  sessions,
  socialIdentities,
  socialSignIns,
  whitelabelSwitches,
} from '../../src/db/schema/index.js';
import { configureProvider } from '../../src/modules/social/social.service.js';
import { testSecrets } from '../support/secrets.js';
import { testDatabases } from '../support/databases.js';
import { randomIp } from '../support/member-api.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  passThroughProvider,
  startOidcProvider,
  startScriptedIssuer,
} from '../support/oidc-providers.js';
import { buildTestApp } from '../support/test-app.js';

/** The web app's origin as the browser sees it; the demo merchant is resolved by this host. */
const HOST = 'localhost';
const callbackUri = (provider: string) => `http://${HOST}/wps/session/social/${provider}/callback`;

describe.each(testDatabases)('Facebook and Google sign-in on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  let scripted: Awaited<ReturnType<typeof startScriptedIssuer>>;
  let merchantId: number;
  let seq = 0;
  /** A provider account never seen before. */
  const newSubject = () => `user-${Date.now()}-${++seq}`;

  const count = async () => ({
    members: (await database.db.select().from(members)).length,
    identities: (await database.db.select().from(socialIdentities)).length,
  });

  async function setSwitch(
    code: 'GOOGLELOGIN' | 'FACEBOOKLOGIN' | 'USERNAMEREG3' | 'MOBILENUMREG3',
    enabled: boolean,
  ) {
    await database.db
      .update(whitelabelSwitches)
      .set({ enabled })
      .where(and(eq(whitelabelSwitches.merchantId, merchantId), eq(whitelabelSwitches.code, code)));
  }

  /** GET /wps/session/social/:provider from a browser: where it is sent, and its cookie. */
  async function start(target: FastifyInstance, name: 'google' | 'facebook', ip = randomIp()) {
    const res = await target.inject({
      url: `/wps/session/social/${name}`,
      headers: { host: HOST },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(302);
    const setCookie = res.headers['set-cookie'];
    return {
      location: new URL(String(res.headers.location), `http://${HOST}`),
      cookie: setCookie ? String(setCookie).split(';')[0]! : undefined,
    };
  }

  /** The provider's redirect back, as the browser follows it: where the web app lands. */
  async function callback(target: FastifyInstance, url: URL, cookie: string | undefined) {
    expect(url.origin + url.pathname).toMatch(/\/wps\/session\/social\/\w+\/callback$/);
    const res = await target.inject({
      url: url.pathname + url.search,
      headers: { host: HOST, ...(cookie ? { cookie } : {}) },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(302);
    const landing = new URL(String(res.headers.location), `http://${HOST}`);
    expect(landing.pathname).toBe('/login');
    expect(landing.search).not.toMatch(/token/i);
    return {
      code: landing.searchParams.get('socialCode'),
      error: landing.searchParams.get('socialError'),
    };
  }

  function exchange(target: FastifyInstance, code: string, cookie: string | undefined) {
    return target.inject({
      method: 'POST',
      url: '/wps/session/login/social',
      headers: { merchant: 'demo', ...(cookie ? { cookie } : {}) },
      remoteAddress: randomIp(),
      payload: { code, termsAccepted: true },
    });
  }

  /** The whole journey at the real provider, up to the web app's landing. */
  async function signInAtProvider(subject: string, options: { abort?: boolean } = {}) {
    const started = await start(app, 'google');
    const back = await passThroughProvider(started.location.href, subject, options);
    return { ...started, back, landing: await callback(app, back, started.cookie) };
  }

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database);
    provider = await startOidcProvider([callbackUri('google')]);
    scripted = await startScriptedIssuer();
    const [demo] = await database.db.select().from(merchants).where(eq(merchants.code, 'demo'));
    merchantId = demo!.id;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    provider?.close();
    scripted?.close();
  });

  it('shows a button only when its switch is on and the provider is configured', async () => {
    const whitelabel = async () =>
      (await app.inject({ url: '/wps/system/whitelabel', headers: { merchant: 'demo' } })).json()
        .value;
    expect(await whitelabel()).toMatchObject({ GOOGLELOGIN: false, FACEBOOKLOGIN: false });
    await setSwitch('GOOGLELOGIN', true);
    await setSwitch('FACEBOOKLOGIN', true);
    expect(await whitelabel()).toMatchObject({ GOOGLELOGIN: false, FACEBOOKLOGIN: false });
    const unconfigured = await start(app, 'google');
    expect(unconfigured.location.pathname + unconfigured.location.search).toBe(
      '/login?socialError=FUNCTION_NOT_ENABLED',
    );

    // As the operator command does it.
    await configureProvider(database.db, testSecrets, {
      merchantId,
      provider: 'google',
      enabled: true,
      settings: {
        issuer: provider.issuer,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        tokenEndpoint: null,
      },
    });
    await configureProvider(database.db, testSecrets, {
      merchantId,
      provider: 'facebook',
      enabled: true,
      settings: {
        issuer: scripted.issuer,
        clientId: 'fb-app',
        clientSecret: 'fb-secret',
        tokenEndpoint: scripted.tokenEndpoint,
      },
    });
    expect(await whitelabel()).toMatchObject({ GOOGLELOGIN: true, FACEBOOKLOGIN: true });
  });

  it('signs a new player up through the provider, and the web exchanges the code for a session', async () => {
    const before = await count();
    const { location, cookie, landing } = await signInAtProvider(newSubject());
    expect(location.origin).toBe(provider.issuer);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('redirect_uri')).toBe(callbackUri('google'));
    expect(cookie).toMatch(/^social_sign_in=/);
    expect(landing.error).toBeNull();

    const res = await exchange(app, landing.code!, cookie);
    expect(res.statusCode).toBe(200);
    const { token, firstTimeLogin, passwordExpired, user } = res.json().value;
    expect({ firstTimeLogin, passwordExpired }).toEqual({
      firstTimeLogin: true,
      passwordExpired: false,
    });
    // From the email's local part (user-<n>-<n>): 9 safe characters, then 6 random digits.
    expect(user.account).toMatch(/^user\d{11}$/);
    expect(user.nickname).toBe('Maria Clara');

    const info = await app.inject({
      url: '/wps/member/info',
      headers: { merchant: 'demo', authorization: `Bearer ${token}` },
    });
    expect(info.json().value).toMatchObject({ account: user.account, isTrial: false });
    expect(await count()).toEqual({
      members: before.members + 1,
      identities: before.identities + 1,
    });
    const [session] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.memberId, user.id as number));
    expect(session!.method).toBe('social');
    const [event] = await database.db
      .select()
      .from(loginEvents)
      .where(eq(loginEvents.memberId, user.id as number));
    expect(event).toMatchObject({ success: true, reason: 'social' });
  });

  it('signs the same provider account in as the same member, never forcing a password change', async () => {
    const subject = newSubject();
    const first = await signInAtProvider(subject);
    const firstUser = (await exchange(app, first.landing.code!, first.cookie)).json().value.user;
    // An operator reset would force a change after a password login, never after a social one.
    await database.db
      .update(members)
      .set({ mustChangePassword: true, passwordChangedAt: new Date('2000-01-01') })
      .where(eq(members.id, firstUser.id as number));
    const before = await count();

    const second = await signInAtProvider(subject);
    const res = await exchange(app, second.landing.code!, second.cookie);
    expect(res.json().value).toMatchObject({
      firstTimeLogin: false,
      passwordExpired: false,
      user: { id: firstUser.id, account: firstUser.account },
    });
    expect(await count()).toEqual(before);
  });

  it('works when the start, the return and the exchange reach different server processes', async () => {
    const other = await buildTestApp(database);
    try {
      const started = await start(app, 'google');
      const back = await passThroughProvider(started.location.href, newSubject());
      const landing = await callback(other, back, started.cookie);
      const res = await exchange(app, landing.code!, started.cookie);
      expect(res.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('spends the login code once, only from the browser that started, and only briefly', async () => {
    const flow = await signInAtProvider(newSubject());
    const otherBrowser = await exchange(app, flow.landing.code!, 'social_sign_in=someone-else');
    expect(otherBrowser.json()).toMatchObject({ success: false, code: 'SOCIAL_SIGN_IN_FAILED' });
    expect(otherBrowser.statusCode).toBe(400);
    expect((await exchange(app, flow.landing.code!, flow.cookie)).statusCode).toBe(200);
    const reused = await exchange(app, flow.landing.code!, flow.cookie);
    expect(reused.json()).toMatchObject({ success: false, code: 'SOCIAL_SIGN_IN_FAILED' });

    const late = await signInAtProvider(newSubject());
    await database.db
      .update(socialSignIns)
      .set({ loginCodeExpiresAt: sql`now() - interval '1 second'` })
      .where(
        sql`${socialSignIns.loginCodeHash} is not null and ${socialSignIns.exchangedAt} is null`,
      );
    const expired = await exchange(app, late.landing.code!, late.cookie);
    expect(expired.json()).toMatchObject({ success: false, code: 'SOCIAL_SIGN_IN_FAILED' });
  });

  it('refuses a bad or replayed state and a return to another browser, creating nothing', async () => {
    const before = await count();
    const started = await start(app, 'google');
    const back = await passThroughProvider(started.location.href, newSubject());

    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state-value');
    expect((await callback(app, forged, started.cookie)).error).toBe('SOCIAL_SIGN_IN_FAILED');
    // Login CSRF: someone else's return URL opened in the victim's browser.
    expect((await callback(app, back, 'social_sign_in=victim')).error).toBe(
      'SOCIAL_SIGN_IN_FAILED',
    );
    expect((await callback(app, back, undefined)).error).toBe('SOCIAL_SIGN_IN_FAILED');
    expect(await count()).toEqual(before);

    expect((await callback(app, back, started.cookie)).code).toBeTruthy();
    const replayed = await callback(app, back, started.cookie);
    expect(replayed).toEqual({ code: null, error: 'SOCIAL_SIGN_IN_FAILED' });
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent, creating nothing', async () => {
    const before = await count();
    const started = await start(app, 'google');
    const tampered = new URL(started.location);
    tampered.searchParams.set('nonce', 'a-nonce-of-another-sign-in');
    const back = await passThroughProvider(tampered.href, newSubject());
    expect((await callback(app, back, started.cookie)).error).toBe('SOCIAL_SIGN_IN_FAILED');
    expect(await count()).toEqual(before);
  });

  it('refuses an ID token for another audience or from another issuer, creating nothing', async () => {
    const before = await count();
    const now = Math.floor(Date.now() / 1000);
    const attempt = async (claims: Record<string, unknown>) => {
      const started = await start(app, 'facebook');
      expect(started.location.origin).toBe(scripted.issuer);
      const { searchParams } = started.location;
      scripted.answerWith({
        iss: scripted.issuer,
        aud: 'fb-app',
        sub: 'fb-subject-1',
        iat: now,
        exp: now + 300,
        nonce: searchParams.get('nonce'),
        ...claims,
      });
      const back = new URL(callbackUri('facebook'));
      back.search = new URLSearchParams({
        code: 'c1',
        state: searchParams.get('state')!,
      }).toString();
      return callback(app, back, started.cookie);
    };
    expect((await attempt({ aud: 'another-app' })).error).toBe('SOCIAL_SIGN_IN_FAILED');
    expect((await attempt({ iss: 'https://elsewhere.example' })).error).toBe(
      'SOCIAL_SIGN_IN_FAILED',
    );
    expect((await attempt({ exp: now - 600 })).error).toBe('SOCIAL_SIGN_IN_FAILED');
    expect(await count()).toEqual(before);
    // The same provider with a right token signs in (its token endpoint comes from the settings).
    expect((await attempt({})).code).toBeTruthy();
  });

  it('lands on the web with the error when the player cancels at the provider', async () => {
    const before = await count();
    const { landing } = await signInAtProvider(newSubject(), { abort: true });
    expect(landing).toEqual({ code: null, error: 'SOCIAL_SIGN_IN_FAILED' });
    expect(await count()).toEqual(before);
  });

  it('stops at once when the provider is switched off, even mid-way, creating nothing', async () => {
    const before = await count();
    const started = await start(app, 'google');
    const back = await passThroughProvider(started.location.href, newSubject());
    await setSwitch('GOOGLELOGIN', false);
    try {
      expect((await callback(app, back, started.cookie)).error).toBe('FUNCTION_NOT_ENABLED');
      const again = await start(app, 'google');
      expect(again.location.search).toBe('?socialError=FUNCTION_NOT_ENABLED');
      expect(again.cookie).toBeUndefined();
    } finally {
      await setSwitch('GOOGLELOGIN', true);
    }
    expect(await count()).toEqual(before);
  });

  it('creates no account while registration is closed, but lets linked members in', async () => {
    const linkedSubject = newSubject();
    const linked = await signInAtProvider(linkedSubject);
    expect((await exchange(app, linked.landing.code!, linked.cookie)).statusCode).toBe(200);
    await setSwitch('USERNAMEREG3', false);
    await setSwitch('MOBILENUMREG3', false);
    try {
      const before = await count();
      expect((await signInAtProvider(newSubject())).landing.error).toBe('SOCIAL_ACCOUNT_NOT_FOUND');
      expect(await count()).toEqual(before);
      expect((await signInAtProvider(linkedSubject)).landing.code).toBeTruthy();
    } finally {
      await setSwitch('USERNAMEREG3', true);
      await setSwitch('MOBILENUMREG3', true);
    }
  });

  it('refuses a locked member; a self-excluded one signs in (decision 018)', async () => {
    const subject = newSubject();
    const first = await signInAtProvider(subject);
    const { id } = (await exchange(app, first.landing.code!, first.cookie)).json().value.user;
    await database.db
      .update(members)
      .set({ status: 'locked' })
      .where(eq(members.id, id as number));
    expect((await signInAtProvider(subject)).landing.error).toBe('ACCOUNT_LOCKED');

    await database.db
      .update(members)
      .set({ status: 'active', selfExcludedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(members.id, id as number));
    expect((await signInAtProvider(subject)).landing.code).toEqual(expect.any(String));

    // Locked between the return and the exchange: the exchange refuses too.
    await database.db
      .update(members)
      .set({ selfExcludedUntil: null })
      .where(eq(members.id, id as number));
    const flow = await signInAtProvider(subject);
    await database.db
      .update(members)
      .set({ status: 'locked' })
      .where(eq(members.id, id as number));
    const res = await exchange(app, flow.landing.code!, flow.cookie);
    expect(res.json()).toMatchObject({ success: false, code: 'ACCOUNT_LOCKED' });
  });
});
