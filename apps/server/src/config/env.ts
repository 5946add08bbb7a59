import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

/** Every setting the server reads from its environment; a bad value stops start-up. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
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
  /** Seed the demo merchant and catalogue at start-up. */
  SEED_DEMO: flag.default(true),
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
  /** Where SMS and email go: the development outbox, or the HTTP gateway. */
  MESSAGE_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
  /**
   * Test aid: an operator may settle agent contracts ahead of the settlement job's clock
   * (`POST /admin/api/dev/settlement/run`). Refused in production.
   */
  SETTLEMENT_CLOCK_AID: flag,
  MESSAGE_GATEWAY_URL: z.url().optional(),
  MESSAGE_GATEWAY_TOKEN: z.string().optional(),
  /**
   * Key of the in-server sandbox payment gateway (decision 009); each merchant's callback secret
   * is derived from it. Outside production a development key is used when unset; in production
   * the sandbox is off unless this is set.
   */
  SANDBOX_PAY_SECRET: z.string().min(32).optional(),
  /** Where the reference vendor (apps/vendor-sim) listens; the demo seed's vendor base URL. */
  VENDOR_SIM_URL: z.url().optional(),
  /**
   * The secret the demo seed gives the reference vendor's credentials. Outside production the
   * vendor-sim's development secret is used when unset; in production no credential is seeded.
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
});
export type Env = z.infer<typeof EnvSchema>;

/** Parses the environment, or throws an error whose message lists every bad variable. */
const CheckedEnv = EnvSchema.superRefine((env, ctx) => {
  if (env.NODE_ENV === 'production' && env.CAPTCHA_FIXED_ANSWER) {
    ctx.addIssue({
      code: 'custom',
      path: ['CAPTCHA_FIXED_ANSWER'],
      message: 'not allowed in production',
    });
  }
  if (env.NODE_ENV === 'production' && env.MESSAGE_PROVIDER === 'outbox') {
    ctx.addIssue({
      code: 'custom',
      path: ['MESSAGE_PROVIDER'],
      message: 'the development outbox is not allowed in production',
    });
  }
  if (env.NODE_ENV === 'production' && env.SETTLEMENT_CLOCK_AID) {
    ctx.addIssue({
      code: 'custom',
      path: ['SETTLEMENT_CLOCK_AID'],
      message: 'not allowed in production',
    });
  }
  if (env.NODE_ENV === 'production' && !env.SECRETS_KEY) {
    ctx.addIssue({ code: 'custom', path: ['SECRETS_KEY'], message: 'required in production' });
  }
  if (env.MESSAGE_PROVIDER === 'http' && !env.MESSAGE_GATEWAY_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['MESSAGE_GATEWAY_URL'],
      message: 'required with MESSAGE_PROVIDER=http',
    });
  }
});

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
