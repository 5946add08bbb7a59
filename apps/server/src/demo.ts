import type { Env } from './config/env.js';
import type { Db } from './db/client.js';
import { createSecretBox, type SecretBox } from './lib/secret-box.js';
import { demoVendorSettings, type DemoVendorSettings } from './db/seed/demo-catalogue.js';
import { seedDemoContentArt, seedDemoContentHub } from './db/seed/demo-content-hub.js';
import { DEMO_MERCHANT_CODE, seedDemoPlatform } from './db/seed/demo.js';
import { seedDemoAgentContracts, seedDemoAgents } from './demo-agents.js';
import { seedDemoPlay } from './demo-play.js';
import { seedDemoBonus } from './modules/bonus/bonus.seed.js';

/**
 * The whole demo: the platform's rows (db/seed), then the demo agent tree and each module's own
 * demo step, in this order; composed here so that db/seed imports no module. Each step runs once per database.
 * `vendorSim` is where the reference vendor listens and its secret (null: no vendor credentials),
 * stored sealed by `secrets` (the development key unless start-up gives the app's).
 */
export async function seedDemo(
  db: Db,
  vendorSim: DemoVendorSettings | null = demoVendorSettings({ NODE_ENV: 'development' }),
  secrets: SecretBox = createSecretBox({ production: false }),
): Promise<void> {
  await seedDemoPlatform(db, vendorSim && { ...vendorSim, secret: secrets.seal(vendorSim.secret) });
  await seedDemoAgents(db, DEMO_MERCHANT_CODE);
  await seedDemoAgentContracts(db, DEMO_MERCHANT_CODE);
  await seedDemoBonus(db, DEMO_MERCHANT_CODE);
  await seedDemoContentHub(db, DEMO_MERCHANT_CODE);
  await seedDemoContentArt(db, DEMO_MERCHANT_CODE);
}

/**
 * Start-up's decision (main.ts): the demo, whose accounts have published passwords, is seeded
 * only when the environment resolved SEED_DEMO on (development by default, never production),
 * with its table activity (demo-play.ts).
 */
export async function seedDemoAtStartup(
  db: Db,
  env: Pick<Env, 'SEED_DEMO' | 'NODE_ENV' | 'VENDOR_SIM_URL' | 'VENDOR_SIM_SECRET' | 'SECRETS_KEY'>,
): Promise<void> {
  if (!env.SEED_DEMO) return;
  const secrets = createSecretBox({
    key: env.SECRETS_KEY,
    production: env.NODE_ENV === 'production',
  });
  await seedDemo(db, demoVendorSettings(env), secrets);
  // Not part of seedDemo: the tests' demo databases keep the figures their assertions expect.
  await seedDemoPlay(db, DEMO_MERCHANT_CODE, secrets);
}
