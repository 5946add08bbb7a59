import { z } from 'zod';

const flagText = z.enum(['true', 'false', '1', '0']);
const flag = flagText.default('false').transform((v) => v === 'true' || v === '1');
/** A flag whose default depends on the mode (resolved in parseEnv). */
const modeFlag = flagText
  .optional()
  .transform((v) => (v === undefined ? v : v === 'true' || v === '1'));

/** Where the reference vendor (apps/vendor-sim) listens unless VENDOR_SIM_URL says otherwise. */
export const DEFAULT_VENDOR_SIM_URL = 'http://127.0.0.1:4100';

/**
 * Development aids (outbox, sandbox key, fixed captcha, settlement clock, demo seed) exist only
 * when a development mode is asked for explicitly: an unset NODE_ENV is production.
 */
export function isDevelopmentMode(mode: string | undefined): boolean {
  return mode === 'development' || mode === 'test';
}

/** Every setting the server reads from its environment; a bad value stops start-up. */
export const EnvSchema = z.object({
  /** Unset means production: development aids need `development` or `test` asked for. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Folder of the embedded PGlite database, used when DATABASE_URL is not set. */
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Connections of the PostgreSQL pool (keep well under the server's max_connections). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(20),
  /** Vendor wallet batches written at once (decision 007): the database server's cores. */
  VENDOR_BATCH_LANES: z.coerce.number().int().min(1).max(32).default(2),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Trust X-Forwarded-For from a load balancer in front (true, or a comma list of proxy IPs). */
  TRUST_PROXY: z.string().default('false'),
  /** Header a trusted edge sets with the visitor's ISO country code, for country region rules. */
  COUNTRY_HEADER: z.string().default('cf-ipcountry'),
  /**
   * Seed the demo merchant, catalogue and demo accounts (published passwords) at start-up.
   * Defaults to true in development only; refused in production.
   */
  SEED_DEMO: modeFlag,
  /** Where the built web and admin apps are; defaults to the sibling workspaces' dist folders. */
  WEB_DIST_DIR: z.string().optional(),
  ADMIN_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A session ends after this long without a request... */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  /** ...and this long after login, whatever happens. */
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(24),
  /** With the PASSWORDEXPIRY switch on, a password this old must be changed at login. */
  PASSWORD_EXPIRY_DAYS: z.coerce.number().int().min(1).default(90),
  /** Test and development aid: every captcha accepts this answer. Refused in production. */
  CAPTCHA_FIXED_ANSWER: z.string().min(1).optional(),
  /**
   * Where SMS and email go: the development outbox (default in development and test, refused in
   * production), or the HTTP gateway (default in production).
   */
  MESSAGE_PROVIDER: z.enum(['outbox', 'http']).optional(),
  /**
   * Test aid: an operator may settle agent contracts ahead of the settlement job's clock
   * (`POST /admin/api/dev/settlement/run`). Refused in production.
   */
  SETTLEMENT_CLOCK_AID: flag,
  MESSAGE_GATEWAY_URL: z.url().optional(),
  MESSAGE_GATEWAY_TOKEN: z.string().optional(),
  /**
   * Key of the in-server sandbox payment gateway (decision 009); each merchant's callback secret
   * is derived from it. Development and test only (a development key when unset); refused in
   * production, where the sandbox is off.
   */
  SANDBOX_PAY_SECRET: z.string().min(32).optional(),
  /** Where the reference vendor (apps/vendor-sim) listens; the demo seed's vendor base URL. */
  VENDOR_SIM_URL: z.url().optional(),
  /**
   * The secret the demo seed gives the reference vendor's credentials (the vendor-sim's
   * development secret when unset). Only with the demo seed; refused in production.
   */
  VENDOR_SIM_SECRET: z.string().min(16).optional(),
  /** How long the platform waits for a game vendor's answer to one call (transfer wallet), ms. */
  VENDOR_CALL_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(10_000),
  /**
   * 32 random bytes, base64 (`openssl rand -base64 32`): seals authenticator and social sign-in
   * secrets at rest (lib/secret-box.ts). Required in production; a development key otherwise.
   */
  SECRETS_KEY: z
    .string()
    .refine((text) => Buffer.from(text, 'base64').length === 32, 'must be 32 bytes, base64')
    .optional(),
  /** Serve the API reference (/docs, /docs/json) in production too; always on elsewhere. */
  API_DOCS: flag,
});

/** Variables that switch on a development aid: production start-up refuses each one. */
const DEVELOPMENT_ONLY = [
  'CAPTCHA_FIXED_ANSWER',
  'SETTLEMENT_CLOCK_AID',
  'SANDBOX_PAY_SECRET',
  'VENDOR_SIM_SECRET',
  'SEED_DEMO',
] as const;

/** The mode's defaults: the demo seed in development, the message outbox in development and test. */
const WithModeDefaults = EnvSchema.transform((env) => ({
  ...env,
  SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV === 'development',
  MESSAGE_PROVIDER:
    env.MESSAGE_PROVIDER ?? (isDevelopmentMode(env.NODE_ENV) ? 'outbox' : ('http' as const)),
}));

/** The environment with the mode's defaults applied; parse errors list every bad variable. */
const CheckedEnv = WithModeDefaults.superRefine((env, ctx) => {
  if (!isDevelopmentMode(env.NODE_ENV)) {
    for (const name of DEVELOPMENT_ONLY) {
      if (env[name]) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'not allowed in production (a development aid)',
        });
      }
    }
    if (env.MESSAGE_PROVIDER === 'outbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['MESSAGE_PROVIDER'],
        message: 'the development outbox is not allowed in production',
      });
    }
    if (!env.SECRETS_KEY) {
      ctx.addIssue({ code: 'custom', path: ['SECRETS_KEY'], message: 'required in production' });
    }
  }
  if (env.MESSAGE_PROVIDER === 'http' && !env.MESSAGE_GATEWAY_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['MESSAGE_GATEWAY_URL'],
      message: 'required with MESSAGE_PROVIDER=http (the default in production)',
    });
  }
});
export type Env = z.infer<typeof CheckedEnv>;

/** Parses the environment, or throws an error whose message lists every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = CheckedEnv.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** The `trustProxy` option of Fastify from TRUST_PROXY. */
export function trustProxySetting(value: string): boolean | string[] {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  return value.split(',').map((s) => s.trim());
}
