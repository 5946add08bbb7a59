import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { vendorCredentials } from '../../src/db/schema/index.js';
import {
  DEV_VENDOR_SIM_SECRET,
  demoVendorSettings,
  seedDemoVendorCredentials,
} from '../../src/db/seed/demo-catalogue.js';
import { isSealed } from '../../src/lib/secret-box.js';
import { testDatabases } from '../support/databases.js';
import { testSecrets } from '../support/secrets.js';

describe('demo vendor settings', () => {
  it('seeds vendor credentials only in an explicit development mode', () => {
    expect(demoVendorSettings({ NODE_ENV: 'development' })).toEqual({
      baseUrl: 'http://127.0.0.1:4100',
      secret: DEV_VENDOR_SIM_SECRET,
    });
    expect(
      demoVendorSettings({
        NODE_ENV: 'test',
        VENDOR_SIM_URL: 'https://sim.example/',
        VENDOR_SIM_SECRET: 'a-real-secret-of-length',
      }),
    ).toEqual({ baseUrl: 'https://sim.example', secret: 'a-real-secret-of-length' });
    expect(demoVendorSettings({})).toBeNull();
    expect(
      demoVendorSettings({ NODE_ENV: 'production', VENDOR_SIM_SECRET: 'a-real-secret-of-length' }),
    ).toBeNull();
  });
});

describe.each(testDatabases)('demo vendor credentials on $name', ({ open }) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.close());

  const credentials = () =>
    database.db
      .select({
        code: vendorCredentials.vendorCode,
        mode: vendorCredentials.walletMode,
        url: vendorCredentials.baseUrl,
        secret: vendorCredentials.secret,
      })
      .from(vendorCredentials);

  it('gives every vendor the reference vendor plays a credential, lottery and in-house none', async () => {
    const rows = await credentials();
    const codes = rows.map((r) => r.code);
    for (const code of [
      'PG',
      'JDB',
      'JL',
      'PT',
      'EG2',
      'DS88',
      'DIG',
      'WGB',
      'SA',
      'SABA',
      'TFG',
    ]) {
      expect(codes).toContain(code);
    }
    for (const code of ['TCG_LOTTO_VN', 'TCG_SEA', 'LOTT', 'ELOTT', 'BGS']) {
      expect(codes).not.toContain(code);
    }
    expect(rows.find((r) => r.code === 'SA')!.mode).toBe('transfer');
    expect(rows.find((r) => r.code === 'PG')!.mode).toBe('seamless');
    // Stored sealed with the (test) app's key.
    expect(rows.every((r) => isSealed(r.secret))).toBe(true);
    expect(rows.every((r) => testSecrets.open(r.secret) === DEV_VENDOR_SIM_SECRET)).toBe(true);
  });

  it('moves the credentials to new settings when seeded again', async () => {
    await seedDemoVendorCredentials(database.db, 'demo', {
      baseUrl: 'http://sim.internal:9000',
      secret: 'another-secret-0123456789',
    });
    const rows = await credentials();
    expect(rows.every((r) => r.url === 'http://sim.internal:9000')).toBe(true);
    expect(rows.every((r) => r.secret === 'another-secret-0123456789')).toBe(true);
  });
});
