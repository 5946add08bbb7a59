import { z } from 'zod';

const rate = z.coerce.number().min(0).max(1);

/** The development secret the demo seed gives every sim vendor; a real deployment sets its own. */
const DEV_VENDOR_SECRET = 'vendor-sim-development-secret';

/** Every setting the sim reads from its environment; a bad value stops start-up. */
export const SimEnvSchema = z.object({
  /** Where the platform reaches the sim (its credentials' base URL); the default port comes from it. */
  VENDOR_SIM_URL: z.url().optional(),
  /** Where members' browsers reach the sim (the origin of game URLs), when not VENDOR_SIM_URL. */
  VENDOR_SIM_PUBLIC_URL: z.url().optional(),
  VENDOR_SIM_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  VENDOR_SIM_HOST: z.string().min(1).default('127.0.0.1'),
  /** The platform's origin, agreed at onboarding: wallet calls go there, never to a launch's URL. */
  PLATFORM_URL: z.url().optional(),
  /** The platform's port, when PLATFORM_URL is not set (the server's PORT, default 8080). */
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  /** The secret of every vendor code without its own VENDOR_SIM_SECRET_<CODE>. */
  VENDOR_SIM_SECRET: z.string().min(16).optional(),
  /** A wallet call without an answer after this long is retried with the same ids. */
  VENDOR_SIM_TIMEOUT_MS: z.coerce.number().int().min(1).default(5000),
  VENDOR_SIM_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  VENDOR_SIM_RETRY_DELAY_MS: z.coerce.number().int().min(0).default(200),
  /** Share of wallet calls sent twice at once, byte for byte. */
  VENDOR_SIM_DUPLICATE_RATE: rate.default(0.02),
  /** Share of wallet answers ignored as lost, so the call is retried with the same ids. */
  VENDOR_SIM_DROP_RATE: rate.default(0.02),
  /** Seconds the dealer's timer gives for bets at the table games. */
  VENDOR_SIM_BETTING_SECONDS: z.coerce.number().int().min(1).default(15),
  /** File of the balances the sim holds for transfer-wallet vendors. */
  VENDOR_SIM_DATA_FILE: z.string().min(1).default('./data/vendor-sim/transfer-wallet.json'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface SimConfig {
  port: number;
  host: string;
  publicUrl: string;
  platformUrl: string;
  secretFor: (vendorCode: string) => string;
  timeoutMs: number;
  retries: number;
  retryDelayMs: number;
  duplicateRate: number;
  dropRate: number;
  bettingMs: number;
  dataFile: string | null;
  logLevel: z.infer<typeof SimEnvSchema>['LOG_LEVEL'];
}

function portOf(url: URL): number {
  return Number(url.port || (url.protocol === 'https:' ? 443 : 80));
}

/** Reads the environment; every vendor code's secret comes from VENDOR_SIM_SECRET_<CODE>. */
export function parseSimEnv(env: Record<string, string | undefined>): SimConfig {
  const parsed = SimEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid vendor-sim environment:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const port = e.VENDOR_SIM_PORT ?? (e.VENDOR_SIM_URL ? portOf(new URL(e.VENDOR_SIM_URL)) : 4100);
  const origin = e.VENDOR_SIM_PUBLIC_URL ?? e.VENDOR_SIM_URL ?? `http://127.0.0.1:${port}`;
  const fallback = e.VENDOR_SIM_SECRET ?? DEV_VENDOR_SECRET;
  return {
    port,
    host: e.VENDOR_SIM_HOST,
    publicUrl: new URL(origin).origin,
    platformUrl: (e.PLATFORM_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/$/, ''),
    secretFor: (vendorCode) => env[`VENDOR_SIM_SECRET_${vendorCode}`] ?? fallback,
    timeoutMs: e.VENDOR_SIM_TIMEOUT_MS,
    retries: e.VENDOR_SIM_RETRIES,
    retryDelayMs: e.VENDOR_SIM_RETRY_DELAY_MS,
    duplicateRate: e.VENDOR_SIM_DUPLICATE_RATE,
    dropRate: e.VENDOR_SIM_DROP_RATE,
    bettingMs: e.VENDOR_SIM_BETTING_SECONDS * 1000,
    dataFile: e.VENDOR_SIM_DATA_FILE,
    logLevel: e.LOG_LEVEL,
  };
}
