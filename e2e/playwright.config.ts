import { defineConfig, devices } from '@playwright/test';

/**
 * Journeys against the built platform started exactly as `npm start` starts it (scripts/test.mjs
 * builds first). Debian's Chromium only: Playwright never downloads a browser here.
 */
const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = process.env.E2E_DATA_DIR ?? '.test-output/e2e-data';
/** The reference vendor (apps/vendor-sim) the demo's game vendors point at. */
const vendorSimPort = Number(process.env.E2E_VENDOR_SIM_PORT ?? port + 1000);

/**
 * The back-office operator journeys act as (approvals through the admin API); see operator.ts. The
 * enrolment code is chosen here (OPERATOR_ENROLMENT_CODE) so that the first sign-in can enrol TOTP.
 */
export const E2E_OPERATOR = {
  username: 'e2e.owner',
  password: 'E2e-Operator#2026',
  enrolmentCode: 'e2e0-0000-0000-0000-0000-0000-0000-0001',
};

export default defineConfig({
  testDir: './tests',
  outputDir: '../.test-output/e2e-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: '../.test-output/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'mobile', use: { ...devices['Pixel 7'], viewport: { width: 375, height: 812 } } },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } },
    },
  ],
  webServer: [
    {
      // The operator is made the documented way (decision 008) before the platform starts, since
      // the embedded database is single-process; on a reused data directory it exists already.
      command:
        `npx tsx ../apps/server/src/scripts/create-operator.ts platform ${E2E_OPERATOR.username} owner` +
        ' > /dev/null 2>&1; node ../apps/server/dist/main.js',
      url: `http://localhost:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        // As `npm start` runs it: development aids exist only in a mode asked for explicitly.
        NODE_ENV: 'development',
        // Test aids (refused in production): every captcha accepts "test"; SMS and email go to the outbox.
        CAPTCHA_FIXED_ANSWER: 'test',
        MESSAGE_PROVIDER: 'outbox',
        // Test aid (refused in production): an operator settles agent contracts ahead of the
        // settlement job's clock (the agent journey's day of daily salary).
        SETTLEMENT_CLOCK_AID: 'true',
        // Journeys play a member on another network by sending X-Forwarded-For.
        TRUST_PROXY: 'true',
        DATA_DIR: dataDir,
        OPERATOR_PASSWORD: E2E_OPERATOR.password,
        OPERATOR_ENROLMENT_CODE: E2E_OPERATOR.enrolmentCode,
        VENDOR_SIM_URL: `http://127.0.0.1:${vendorSimPort}`,
        ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      },
    },
    {
      // Journeys play vendor games on it; it is built here since it takes a second.
      command: 'node ../apps/vendor-sim/build.mjs && node ../apps/vendor-sim/dist/main.js',
      url: `http://127.0.0.1:${vendorSimPort}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        VENDOR_SIM_PORT: String(vendorSimPort),
        PLATFORM_URL: `http://127.0.0.1:${port}`,
        VENDOR_SIM_DATA_FILE: `${dataDir}/vendor-sim.json`,
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
