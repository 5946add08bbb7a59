import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import type { SocialProviderRow } from './social.repository.js';

/** How long a discovered provider configuration is reused before it is fetched again. */
const DISCOVERY_TTL_MS = 60 * 60_000;

export type OidcOptions = {
  /** Development and tests only: issuers on plain http (a local provider). */
  allowHttpIssuers: boolean;
};

type Cached = { config: Promise<oidc.Configuration>; expiresAt: number };

/**
 * Discovers providers' OpenID configurations and keeps them for an hour. A cache, not state: any
 * process builds the same configuration from the database row, and a changed row is a new key.
 */
export function createOidcClients(options: OidcOptions) {
  const cache = new Map<string, Cached>();

  async function discover(row: SocialProviderRow): Promise<oidc.Configuration> {
    const issuer = new URL(row.issuer);
    const insecure = issuer.protocol === 'http:' && options.allowHttpIssuers;
    const config = await oidc.discovery(
      issuer,
      row.clientId,
      row.clientSecret,
      oidc.ClientSecretPost(row.clientSecret),
      insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    if (!row.tokenEndpoint) return config;
    // The discovered metadata is JSON; the round trip leaves out the helper methods around it.
    const metadata = JSON.parse(JSON.stringify(config.serverMetadata())) as oidc.ServerMetadata;
    const withToken = new oidc.Configuration(
      { ...metadata, token_endpoint: row.tokenEndpoint },
      row.clientId,
      row.clientSecret,
      oidc.ClientSecretPost(row.clientSecret),
    );
    if (insecure) oidc.allowInsecureRequests(withToken);
    return withToken;
  }

  return {
    configuration(row: SocialProviderRow): Promise<oidc.Configuration> {
      const key = createHash('sha256')
        .update(JSON.stringify([row.issuer, row.clientId, row.clientSecret, row.tokenEndpoint]))
        .digest('hex');
      const hit = cache.get(key);
      if (hit && hit.expiresAt > Date.now()) return hit.config;
      const config = discover(row);
      cache.set(key, { config, expiresAt: Date.now() + DISCOVERY_TTL_MS });
      // A provider that was down is asked again next time, not an hour later.
      config.catch(() => cache.delete(key));
      return config;
    },
  };
}

export type OidcClients = ReturnType<typeof createOidcClients>;
