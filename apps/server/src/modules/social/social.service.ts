import { randomBytes, randomInt } from 'node:crypto';
import {
  MEMBER_TYPE,
  SOCIAL_PROVIDER_SWITCH,
  type LoginResult,
  type SocialProvider,
} from '@app/shared';
import * as oidc from 'openid-client';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { RequestContext } from '../../plugins/request-context.js';
import {
  type AuthDeps,
  assertMayLogIn,
  completeLogin,
  throttleAddress,
  type MemberRow,
} from '../auth/index.js';
import { newToken, sha256 } from '../../lib/token.js';
import * as members from '../member/index.js';
import { getWhitelabel } from '../system/index.js';
import type { OidcClients } from './oidc-client.js';
import * as repo from './social.repository.js';
import { hashPassword } from '../../lib/password.js';
import type { SecretBox } from '../../lib/secret-box.js';

export type SocialDeps = AuthDeps & { oidc: OidcClients };

type Caller = { ctx: RequestContext; userAgent: string; deviceId?: string | null };

/** How long the visitor may take at the provider... */
export const SIGN_IN_MINUTES = 10;
/** ...and how long the web app has to exchange the login code it is sent back with. */
const LOGIN_CODE_SECONDS = 120;

/** What each provider is asked for: the OpenID subject, plus an email and name for the username. */
const SCOPES: Record<SocialProvider, string> = {
  google: 'openid email profile',
  facebook: 'openid email public_profile',
};

/** The provider's settings, when its switch is on and it is configured; otherwise not enabled. */
async function enabledProvider(deps: SocialDeps, merchantId: number, provider: SocialProvider) {
  const switches = await getWhitelabel(deps.db, merchantId);
  const row = switches[SOCIAL_PROVIDER_SWITCH[provider]]
    ? await repo.findProvider(deps.db, merchantId, provider)
    : undefined;
  if (!row) throw new AppError('FUNCTION_NOT_ENABLED');
  return row;
}

async function configuration(deps: SocialDeps, row: repo.SocialProviderRow) {
  try {
    return await deps.oidc.configuration({
      ...row,
      clientSecret: deps.secrets.open(row.clientSecret),
    });
  } catch (error) {
    throw new AppError('SOCIAL_SIGN_IN_FAILED', {}, `discovery of ${row.issuer}: ${String(error)}`);
  }
}

/**
 * Starts a sign-in: remembers the PKCE verifier, state and nonce server side (any process may
 * receive the return) and answers where to send the browser, and the secret that binds the
 * sign-in to that browser (a cookie).
 */
export async function startSocialSignIn(
  deps: SocialDeps,
  ctx: RequestContext,
  provider: SocialProvider,
  origin: string,
): Promise<{ authorizationUrl: string; browserToken: string }> {
  await throttleAddress(deps, ctx, 'login');
  const row = await enabledProvider(deps, ctx.merchant.id, provider);
  const config = await configuration(deps, row);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const browserToken = newToken();
  const redirectUri = `${origin}/wps/session/social/${provider}/callback`;
  await repo.deleteStaleSignIns(deps.db);
  await repo.insertSignIn(deps.db, {
    merchantId: ctx.merchant.id,
    provider,
    stateHash: sha256(state),
    browserHash: sha256(browserToken),
    codeVerifier,
    nonce,
    redirectUri,
    expiresAt: new Date(Date.now() + SIGN_IN_MINUTES * 60_000),
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: SCOPES[provider],
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { authorizationUrl: url.href, browserToken };
}

/**
 * The return from the provider: checks the state against the browser that started, exchanges
 * the code (PKCE) and validates the ID token (signature, issuer, audience, expiry, nonce), then
 * finds or creates the member and answers a single-use login code for the web app.
 */
export async function finishSocialSignIn(
  deps: SocialDeps,
  caller: Caller,
  provider: SocialProvider,
  input: { query: URLSearchParams; browserToken: string | undefined },
): Promise<string> {
  const { ctx } = caller;
  const state = input.query.get('state');
  const signIn =
    state && input.browserToken
      ? await repo.takeReturningSignIn(deps.db, {
          stateHash: sha256(state),
          browserHash: sha256(input.browserToken),
          merchantId: ctx.merchant.id,
          provider,
        })
      : undefined;
  if (!signIn) throw new AppError('SOCIAL_SIGN_IN_FAILED', {}, 'unknown, used or foreign state');
  const providerError = input.query.get('error');
  if (providerError) {
    throw new AppError('SOCIAL_SIGN_IN_FAILED', {}, `provider answered ${providerError}`);
  }
  const config = await configuration(deps, await enabledProvider(deps, ctx.merchant.id, provider));
  let claims: oidc.IDToken | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(
      config,
      new URL(`${signIn.redirectUri}?${input.query.toString()}`),
      {
        pkceCodeVerifier: signIn.codeVerifier,
        expectedState: state!,
        expectedNonce: signIn.nonce,
        idTokenExpected: true,
      },
    );
    claims = tokens.claims();
  } catch (error) {
    throw new AppError('SOCIAL_SIGN_IN_FAILED', {}, `code exchange: ${String(error)}`);
  }
  if (!claims?.sub) throw new AppError('SOCIAL_SIGN_IN_FAILED', {}, 'ID token without subject');

  const member = await memberOfSubject(deps, ctx, provider, claims);
  assertMayLogIn(member, 'member');
  const loginCode = newToken();
  await repo.issueLoginCode(deps.db, signIn.id, {
    memberId: member.id,
    loginCodeHash: sha256(loginCode),
    loginCodeExpiresAt: new Date(Date.now() + LOGIN_CODE_SECONDS * 1000),
  });
  return loginCode;
}

/**
 * The member linked to this provider account; on the first sign-in a new member account, if
 * the merchant's registration is open. Never linked by email: an address a provider reports is
 * no proof of owning an account here.
 */
async function memberOfSubject(
  deps: SocialDeps,
  ctx: RequestContext,
  provider: SocialProvider,
  claims: oidc.IDToken,
): Promise<MemberRow> {
  const merchantId = ctx.merchant.id;
  const linked = async () => {
    const memberId = await repo.findLinkedMemberId(deps.db, merchantId, provider, claims.sub);
    return memberId === undefined ? undefined : members.findMemberById(deps.db, memberId);
  };
  const existing = await linked();
  if (existing) return existing;

  const switches = await getWhitelabel(deps.db, merchantId);
  if (!switches.USERNAMEREG3 && !switches.MOBILENUMREG3) {
    throw new AppError('SOCIAL_ACCOUNT_NOT_FOUND');
  }
  await throttleAddress(deps, ctx, 'register');
  // Nobody knows this password: the account signs in through the provider until the member
  // sets one with a code sent to a mobile or email they bind.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const nickname = typeof claims.name === 'string' ? claims.name.trim().slice(0, 40) : '';
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.db.transaction(async (tx) => {
        const member = await members.insertMember(tx, {
          merchantId,
          username: usernameFor(provider, claims),
          type: MEMBER_TYPE,
          passwordHash,
          nickname: nickname || null,
          registerIp: ctx.ip,
        });
        await repo.insertIdentity(tx, {
          merchantId,
          provider,
          subject: claims.sub,
          memberId: member.id,
        });
        return member;
      });
    } catch (error) {
      // A concurrent first sign-in of the same account created it: use that one.
      if (isUniqueViolation(error, 'social_identities_merchant_id_provider_subject_pk')) {
        const winner = await linked();
        if (winner) return winner;
      }
      if (isUniqueViolation(error, 'members_username_unique') && attempt < 5) continue;
      throw error;
    }
  }
}

/**
 * A username in the merchant's username shape (a letter, then letters and digits, 9 to 15
 * long): up to 9 characters from the provider's username, email or name, then 6 random digits.
 */
export function usernameFor(provider: SocialProvider, claims: oidc.IDToken): string {
  const email = typeof claims.email === 'string' ? claims.email.split('@')[0] : '';
  const source = [claims.preferred_username, email, claims.name]
    .map((value) => (typeof value === 'string' ? value : ''))
    .find((value) => value.length > 0);
  let base = (source ?? '')
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  if (!/^[a-z]/.test(base)) base = `${provider}${base}`;
  return `${base.slice(0, 9)}${randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
}

/**
 * POST /wps/session/login/social: spends the login code of a finished sign-in, from the browser
 * that started it, for a session. Never a forced password change (SPEC section 4).
 */
export async function exchangeLoginCode(
  deps: SocialDeps,
  caller: Caller,
  input: { code: string; browserToken: string | undefined },
): Promise<LoginResult> {
  const { ctx } = caller;
  await throttleAddress(deps, ctx, 'login');
  const signIn = input.browserToken
    ? await repo.spendLoginCode(deps.db, {
        loginCodeHash: sha256(input.code),
        browserHash: sha256(input.browserToken),
        merchantId: ctx.merchant.id,
      })
    : undefined;
  const member = signIn?.memberId ? await members.findMemberById(deps.db, signIn.memberId) : null;
  if (!member) throw new AppError('SOCIAL_SIGN_IN_FAILED', {}, 'unknown, used or foreign code');
  assertMayLogIn(member, 'member');
  return completeLogin(deps, caller, member, 'social');
}

/**
 * Saves a provider's settings (the client secret sealed) and turns its switch on or off
 * (operator command, back office).
 */
export function configureProvider(
  db: Db,
  secrets: SecretBox,
  input: Parameters<typeof repo.configureProvider>[1],
): Promise<void> {
  const { settings } = input;
  return repo.configureProvider(
    db,
    settings
      ? { ...input, settings: { ...settings, clientSecret: secrets.seal(settings.clientSecret) } }
      : input,
  );
}
