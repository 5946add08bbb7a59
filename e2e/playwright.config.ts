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

/** Journeys of the operator's back office: on the wide screen only. */
const BACK_OFFICE_SPECS = ['admin.spec.ts', 'contract-admin.spec.ts', 'console.spec.ts'];
/** Member and agent journeys whose screens change on a wide screen: on both. */
const WIDE_SCREEN_SPECS = [
  'shell.spec.ts',
  'home.spec.ts',
  'games.spec.ts',
  'agent.spec.ts',
  'agent-phone.spec.ts',
  'agent-settlement.spec.ts',
];

const PHONE = { ...devices['Pixel 7'], viewport: { width: 375, height: 812 } };
const WIDE_SCREEN = { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } };

export default defineConfig({
  testDir: './tests',
  outputDir: '../.test-output/e2e-results',
  fullyParallel: false,
  // One journey at a time: on a 2-core machine two browsers beside the platform time out (tried
  // 2026-11-28). E2E_WORKERS runs more on a bigger machine: each journey makes its own members and
  // agents, and those that change what every visitor sees (maintenance, region rules, switches,
  // the visitor popup, the settlement clock) are tagged @global and run afterwards, one at a time.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: '../.test-output/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    // As a phone set to reduce motion: the marquee, spinners and carousels stand still. Their
    // endless frames, drawn in software here, took most of a core from the journeys; home.spec.ts
    // checks the moving carousel with motion on.
    reducedMotion: 'reduce',
    // A failed journey keeps its trace (actions, network, DOM snapshots) but no screencast: the
    // screencast's frames, encoded for every journey, cost the browser a third of a core.
    trace: { mode: 'retain-on-failure', screenshots: false },
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
  // A loaded 2-core CI machine can take more than the default 5 s to show a lazily loaded modal.
  expect: { timeout: 10_000 },
  // The member site is phone first: every journey runs on the phone. The wide screen runs what
  // differs there (the side menu and layout, carousels' slides per view, game launch, the agent
  // centre's columns) and the back office, which operators use at a desk.
  projects: [
    { name: 'setup', testMatch: 'operator.setup.ts' },
    {
      name: 'mobile',
      testIgnore: BACK_OFFICE_SPECS,
      grepInvert: /@global/,
      dependencies: ['setup'],
      use: PHONE,
    },
    {
      name: 'desktop',
      testMatch: [...WIDE_SCREEN_SPECS, ...BACK_OFFICE_SPECS],
      grepInvert: /@global/,
      dependencies: ['setup'],
      use: WIDE_SCREEN,
    },
    {
      name: 'global',
      grep: /@global/,
      dependencies: ['mobile', 'desktop'],
      workers: 1,
      use: WIDE_SCREEN,
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
