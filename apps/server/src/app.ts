import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { defaultAdminDist, defaultWebDist } from './config/paths.js';
import {
  DEFAULT_VENDOR_SIM_URL,
  isDevelopmentMode,
  trustProxySetting,
  type Env,
} from './config/env.js';
import type { DatabaseHandle } from './db/client.js';
import { createRateLimiter } from './lib/rate-limiter.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { authenticate } from './modules/auth/session.service.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { decryptBody, loadServerKey } from './modules/crypto/server-key.js';
import { affiliateRoutes } from './modules/agent/affiliate.routes.js';
import { adminContractRoutes } from './modules/agent/contracts.admin.routes.js';
import { adminSettlementRoutes } from './modules/agent/settlement.admin.routes.js';
import { contractRoutes } from './modules/agent/contracts.routes.js';
import { agentTeamRoutes } from './modules/agent/agent-team.routes.js';
import { settlementClockRoutes } from './modules/agent/settlement-clock.routes.js';
import { settlementRoutes } from './modules/agent/settlement.routes.js';
import { agentReportRoutes } from './modules/agent-reports/reports.routes.js';
import { feedbackRoutes } from './modules/feedback/feedback.routes.js';
import { kycRoutes } from './modules/kyc/kyc.routes.js';
import { registerRealtime } from './modules/realtime/realtime.plugin.js';
import { realtimeRoutes } from './modules/realtime/realtime.routes.js';
import { walletRoutes } from './modules/wallet/wallet.routes.js';
import { recordsRoutes } from './modules/records/records.routes.js';
import { downlineTransferRoutes, transferRoutes } from './modules/transfer/transfer.routes.js';
import { gameWalletFunds, transferWithGameWallet } from './modules/transfer/index.js';
import { depositAdminRoutes } from './modules/deposit/deposit.admin.routes.js';
import { adminMemberRoutes } from './modules/member/member.admin.routes.js';
import { adminKycRoutes } from './modules/kyc/kyc.admin.routes.js';
import { adminRiskRoutes } from './modules/risk/risk.admin.routes.js';
import { adminDashboardRoutes } from './modules/reports/dashboard.admin.routes.js';
import { auditExportRoutes } from './modules/operator/audit-export.admin.routes.js';
import { adminReportRoutes } from './modules/reports/reports.admin.routes.js';
import { adminOperatorRoutes } from './modules/operator/operator.admin.routes.js';
import { adminCatalogueRoutes } from './modules/catalogue/catalogue.admin.routes.js';
import { adminSystemRoutes } from './modules/system/system.admin.routes.js';
import { adminRecordRoutes } from './modules/records/records.admin.routes.js';
import { adminVendorTransferRoutes } from './modules/records/vendor-transfers.admin.routes.js';
import { depositRoutes } from './modules/deposit/deposit.routes.js';
import { depositPublisher } from './modules/deposit/index.js';
import { createJobRunner } from './modules/jobs/jobs.runner.js';
import { serverJobs } from './jobs.js';
import { withdrawalAdminRoutes } from './modules/withdrawal/withdrawal.admin.routes.js';
import { withdrawalRoutes } from './modules/withdrawal/withdrawal.routes.js';
import { bgsRoutes } from './modules/bgs/bgs.routes.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { adminContentRoutes } from './modules/content/content.admin.routes.js';
import {
  createMemoryContentCache,
  createRedisContentCache,
} from './modules/content/content.cache.js';
import { createGateways, registerPaymentRoutes } from './modules/payments/gateways.js';
import { gatewayCallbackSettler } from './payment-callbacks.js';
import { gamingVenueRoutes } from './modules/member/gaming-venue.routes.js';
import { referralRoutes } from './modules/member/referral.routes.js';
import { memberRoutes } from './modules/member/member.routes.js';
import { registerOperatorContext } from './modules/operator/operator.context.js';
import { operatorRoutes } from './modules/operator/operator.routes.js';
import { OPERATOR_SESSION_POLICY } from './modules/operator/operator.service.js';
import {
  createHttpGatewaySender,
  createOutboxSender,
} from './modules/verification/message-sender.js';
import { outboxRoutes } from './modules/verification/outbox.routes.js';
import { smsCodeRoutes } from './modules/auth/sms-code.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import {
  createMerchantResolver,
  createMerchantZones,
} from './modules/merchant/merchant.service.js';
import { createOidcClients } from './modules/social/oidc-client.js';
import { socialRoutes } from './modules/social/social.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { createDoorSwitches } from './modules/system/system.service.js';
import { vendorWalletRoutes } from './modules/vendor-wallet/vendor-wallet.routes.js';
import { createVendorClient } from './modules/vendor-wallet/vendor-client.js';
import { createVendorCalls } from './modules/vendor-wallet/index.js';
import { isApiPath, registerErrorHandler, sendError } from './plugins/error-handler.js';
import { closeWithAgentPolicy } from './plugins/agent-policy.js';
import { registerBlockingStates } from './plugins/blocking-states.js';
import { registerRouteList } from './modules/audit/money-actions.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerRequestContext } from './plugins/request-context.js';
import { inlineScriptHashes, registerSecurityHeaders } from './plugins/security-headers.js';
import { createSecretBox } from './lib/secret-box.js';
import { connectRedis, createRedisBreaker, watchRedis } from './lib/redis.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body is an EncryptedBody sealed to the server key (SPEC: "encrypted" calls). */
    encrypted?: boolean;
  }
}

export type AppDeps = {
  env: Env;
  database: DatabaseHandle;
  redis: Redis | null;
};

const OPENAPI_INFO = {
  title: 'Betting platform API',
  version: '0.1.0',
  description:
    'Member API (/wps, /lgw, /lotto). Every response is {"success": true, "value": ...} or ' +
    '{"success": false, "code", "message", "value"}; amounts are decimal strings with two places.',
};

/** Builds the server: external plugins, then app plugins, then routes, then the web apps. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, database } = deps;
  const app = Fastify({
    logger: { level: env.LOG_LEVEL },
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  registerRouteList(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);
  const webApps = readWebApps(env);
  await registerSecurityHeaders(app, {
    production: !isDevelopmentMode(env.NODE_ENV),
    frameOrigins: isDevelopmentMode(env.NODE_ENV) ? [vendorSimOrigin(env)] : [],
    inlineScripts: inlineScriptHashes([webApps.webIndex, webApps.adminIndex]),
  });
  // SPEC section 7: the forgot-password call is form-encoded.
  await app.register(formbody);

  await app.register(swagger, {
    openapi: { openapi: '3.1.0', info: OPENAPI_INFO },
    transform: jsonSchemaTransform,
  });
  // The API reference maps every route for an attacker: in production only when asked for.
  if (isDevelopmentMode(env.NODE_ENV) || env.API_DOCS) {
    // Its pages carry their own policy (the UI's inline script and style by hash).
    await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  }
  if (deps.redis) {
    const unwatch = watchRedis(deps.redis, app.log, 'commands');
    app.addHook('onClose', async () => unwatch());
    await connectRedis(deps.redis);
  }
  // Request paths skip Redis while it fails, each with its fallback (issue 17).
  const redis = deps.redis ? { client: deps.redis, breaker: createRedisBreaker(app.log) } : null;
  // Websocket support and app.realtime (live events), before any route.
  const realtime = await registerRealtime(app, redis);

  const db = database.db;
  const sessionPolicy = {
    idleMinutes: env.SESSION_IDLE_MINUTES,
    absoluteHours: env.SESSION_ABSOLUTE_HOURS,
  };
  // Secrets read back (authenticator apps, social and vendor secrets, server seeds) are sealed
  // with this app's key (decision 013); the services that store them are handed the box.
  const secrets = createSecretBox({
    key: env.SECRETS_KEY,
    production: env.NODE_ENV === 'production',
  });
  // The merchants' door switches (maintenance, the agent programme), cached for the hot paths.
  const switches = createDoorSwitches(db);
  // The vendor wallet's batcher and memos: one per process (decision 007, vendor wallet calls).
  const vendorCalls = createVendorCalls(db, { switches, lanes: env.VENDOR_BATCH_LANES });
  app.decorate('vendorCalls', vendorCalls);
  // The merchants' time zones (decision 024): their days for settlement periods and reports.
  const zones = createMerchantZones(db);
  const serverKey = await loadServerKey(db);
  const authDeps = {
    db,
    limiter: createRateLimiter({ redis }),
    sessionPolicy,
    serverKey,
    passwordExpiryDays: env.PASSWORD_EXPIRY_DAYS,
    captchaFixedAnswer: env.CAPTCHA_FIXED_ANSWER,
    secrets,
    switches,
    sender:
      env.MESSAGE_PROVIDER === 'http' && env.MESSAGE_GATEWAY_URL
        ? createHttpGatewaySender(env.MESSAGE_GATEWAY_URL, env.MESSAGE_GATEWAY_TOKEN)
        : createOutboxSender(db, (line) => app.log.info(line)),
  };

  const resolveMerchant = createMerchantResolver(db);
  // Public state per merchant and language (issue 6), shared across processes with Redis.
  const contentCache = redis ? createRedisContentCache(redis) : createMemoryContentCache();
  const gateways = createGateways(db, env);
  await app.register(async (api) => {
    // JSON answers of the member API over 1 KB go compressed (game lists, permission info,
    // public state): a phone on a slow link gets them in a third of the bytes.
    await api.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
    registerRequestContext(api, {
      resolveMerchant,
      countryHeader: env.COUNTRY_HEADER,
      authenticate: (token, merchantId) => authenticate(db, sessionPolicy, token, merchantId),
    });
    registerBlockingStates(api, { db, switches });
    api.addHook('preValidation', async (request) => {
      if (request.routeOptions.config.encrypted) {
        request.body = decryptBody(serverKey, request.body);
      }
    });
    await api.register(systemRoutes, { db });
    await api.register(catalogueRoutes, {
      db,
      limiter: authDeps.limiter,
      launchAtVendor: createVendorClient({ secrets }).launchAtVendor,
    });
    await api.register(authRoutes, authDeps);
    await api.register(socialRoutes, {
      ...authDeps,
      oidc: createOidcClients({ allowHttpIssuers: env.NODE_ENV !== 'production' }),
    });
    await api.register(smsCodeRoutes, authDeps);
    await api.register(memberRoutes, authDeps);
    await api.register(feedbackRoutes, authDeps);
    await api.register(kycRoutes, { db });
    await api.register(gamingVenueRoutes, { db });
    await api.register(referralRoutes, { db });
    await api.register(realtimeRoutes, {
      db,
      sessionPolicy,
      authenticate: (token, merchantId) => authenticate(db, sessionPolicy, token, merchantId),
      resolveMerchant,
      realtime,
    });
    // The wallets' doors to the game wallets are the transfer module's (composed here).
    const games = {
      db,
      vendorClient: createVendorClient({ secrets, timeoutMs: env.VENDOR_CALL_TIMEOUT_MS }),
    };
    await api.register(walletRoutes, {
      db,
      games: {
        funds: (owner) => gameWalletFunds(games, owner),
        transfer: (owner, request) => transferWithGameWallet(games, owner, request),
      },
    });
    await api.register(recordsRoutes, { db });
    await api.register(transferRoutes, { db, limiter: authDeps.limiter });
    await api.register(depositRoutes, { db, gateways });
    await api.register(withdrawalRoutes, { db, limiter: authDeps.limiter });
    await api.register(bgsRoutes, { db, secrets, switches, vendorCalls });
    await api.register(contentRoutes, { db, realtime, cache: contentCache });
    // The agent programme's doors, closed together by AGENTPOLICY3 (decision 020).
    await api.register(async (doors) => {
      closeWithAgentPolicy(doors, { switches });
      await doors.register(affiliateRoutes, { db });
      await doors.register(agentReportRoutes, { db });
      await doors.register(contractRoutes, { db, realtime });
      await doors.register(agentTeamRoutes, authDeps);
      await doors.register(settlementRoutes, { db, zones });
      await doors.register(downlineTransferRoutes, { db, limiter: authDeps.limiter });
    });
  });
  // The back office (/admin/api): operator sessions only, never a member's (decision 008).
  const operatorDeps = {
    db,
    limiter: authDeps.limiter,
    resolveMerchant,
    zones,
    policy: OPERATOR_SESSION_POLICY,
    secrets,
  };
  await app.register(async (admin) => {
    registerOperatorContext(admin, operatorDeps);
    await admin.register(operatorRoutes, operatorDeps);
    await admin.register(depositAdminRoutes, { db });
    await admin.register(adminMemberRoutes, { db });
    await admin.register(adminKycRoutes, { db });
    await admin.register(adminRiskRoutes, { db });
    await admin.register(adminReportRoutes, { db, zones });
    await admin.register(adminDashboardRoutes, { db, zones });
    await admin.register(auditExportRoutes, { db });
    await admin.register(adminOperatorRoutes, { db });
    await admin.register(adminCatalogueRoutes, { db, cache: contentCache });
    await admin.register(adminSystemRoutes, { db, switches, zones });
    await admin.register(adminRecordRoutes, { db });
    await admin.register(adminVendorTransferRoutes, { db });
    await admin.register(adminContractRoutes, { db, realtime });
    await admin.register(adminSettlementRoutes, { db, zones, realtime });
    await admin.register(withdrawalAdminRoutes, { db, gateways });
    await admin.register(adminContentRoutes, { db, realtime, cache: contentCache });
    if (env.SETTLEMENT_CLOCK_AID)
      await admin.register(settlementClockRoutes, { db, zones, realtime });
  });
  await registerPaymentRoutes(
    app,
    db,
    env,
    gateways,
    gatewayCallbackSettler(depositPublisher(realtime)),
  );
  await app.register(vendorWalletRoutes, {
    db,
    secrets,
    switches,
    calls: vendorCalls,
    resolveMerchant,
  });
  if (env.MESSAGE_PROVIDER === 'outbox') await app.register(outboxRoutes, { db });
  await app.register(healthRoutes, {
    db: database.db,
    driver: database.driver,
    redis: deps.redis,
  });

  // Scheduled jobs (decision 012): every process ticks, each period runs once; off in tests,
  // which drive app.jobs.tick() themselves.
  const jobs = createJobRunner({
    db,
    jobs: serverJobs({
      realtime,
      secrets,
      zones,
      onError: (name, error) => app.log.error({ err: error, job: name }, 'settlement failed'),
    }),
    onError: (job, period, error) =>
      app.log.error({ err: error, job, period: period.key }, 'job failed'),
  });
  app.decorate('jobs', jobs);
  if (env.NODE_ENV !== 'test') app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());

  await registerWebApps(app, webApps);
  return app;
}

/** The reference vendor's origin, whose game pages the member site frames in development. */
function vendorSimOrigin(env: Env): string {
  return new URL(env.VENDOR_SIM_URL ?? DEFAULT_VENDOR_SIM_URL).origin;
}

type WebApps = {
  webDist: string;
  adminDist: string;
  webIndex: string | null;
  adminIndex: string | null;
};

function readWebApps(env: Env): WebApps {
  const webDist = env.WEB_DIST_DIR ?? defaultWebDist;
  const adminDist = env.ADMIN_DIST_DIR ?? defaultAdminDist;
  return { webDist, adminDist, webIndex: readIndex(webDist), adminIndex: readIndex(adminDist) };
}

/** index.html is never cached (it names the current assets); hashed assets are cached for good. */
function cacheHeaders(res: { setHeader: (name: string, value: string) => void }, path: string) {
  res.setHeader(
    'cache-control',
    /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
  // Public images may be shown from other origins: the back office's sandboxed announcement
  // preview (an opaque origin) and merchants' own pages. Everything else stays same-origin.
  if (PUBLIC_IMAGE.test(path)) res.setHeader('cross-origin-resource-policy', 'cross-origin');
}

/** Image files of the built front ends (banners, icons, logos). */
const PUBLIC_IMAGE = /\.(svg|png|jpe?g|gif|webp|avif|ico)$/i;

/**
 * Serves the built web app at / and the back office at /admin/, with history-mode fallback:
 * an unknown GET outside the API answers the app's index.html; anything else the JSON 404.
 */
async function registerWebApps(app: FastifyInstance, webApps: WebApps): Promise<void> {
  const { webDist, adminDist, webIndex, adminIndex } = webApps;

  if (webIndex) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      preCompressed: true,
      cacheControl: false,
      setHeaders: cacheHeaders,
    });
  }
  if (adminIndex) {
    await app.register(fastifyStatic, {
      root: adminDist,
      prefix: '/admin/',
      decorateReply: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: cacheHeaders,
    });
  }

  // The fallback is compressed like the static files (a deep link such as /rng is a first load).
  const webPage = webIndex ? compressedPage(webIndex) : null;
  const adminPage = adminIndex ? compressedPage(adminIndex) : null;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const looksLikeFile = /\.[a-z0-9]+$/i.test(path);
    if (request.method === 'GET' && !isApiPath(path) && !looksLikeFile) {
      const page = path === '/admin' || path.startsWith('/admin/') ? adminPage : webPage;
      if (page) {
        const accepted = String(request.headers['accept-encoding'] ?? '');
        const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
        reply
          .type('text/html')
          .header('cache-control', 'no-cache')
          .header('vary', 'accept-encoding');
        if (!encoding) return reply.send(page.identity);
        return reply.header('content-encoding', encoding).send(page[encoding]);
      }
    }
    return sendError(request, reply, 'NOT_FOUND', { path });
  });
}

/** A page in each encoding the fallback sends: as it is, brotli and gzip. */
function compressedPage(text: string): { identity: string; br: Buffer; gzip: Buffer } {
  const body = Buffer.from(text, 'utf8');
  return {
    identity: text,
    br: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(body, { level: 9 }),
  };
}

function readIndex(dist: string): string | null {
  const file = join(dist, 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}
