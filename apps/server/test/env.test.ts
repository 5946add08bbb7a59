import { describe, expect, it } from 'vitest';
import { parseEnv, trustProxySetting } from '../src/config/env.js';

/** What a production deployment must set (README, Production). */
const PRODUCTION = {
  SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
  MESSAGE_GATEWAY_URL: 'https://sms.example',
};

describe('environment', () => {
  it('defaults to port 8080, ./data and the embedded database', () => {
    const sut = parseEnv({ NODE_ENV: 'development' });
    expect(sut).toMatchObject({ PORT: 8080, DATA_DIR: './data' });
    expect(sut.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable in one message', () => {
    expect(() => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', REDIS_URL: 'x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*REDIS_URL/,
    );
  });

  it('reads TRUST_PROXY as off, on, or a list of proxy addresses', () => {
    expect(trustProxySetting('false')).toBe(false);
    expect(trustProxySetting('true')).toBe(true);
    expect(trustProxySetting('10.0.0.1, 10.0.0.2')).toEqual(['10.0.0.1', '10.0.0.2']);
  });
});

describe('mode', () => {
  it('is production when NODE_ENV is not set: no demo seed, messages through the gateway', () => {
    const sut = parseEnv(PRODUCTION);
    expect(sut).toMatchObject({
      NODE_ENV: 'production',
      SEED_DEMO: false,
      MESSAGE_PROVIDER: 'http',
      SETTLEMENT_CLOCK_AID: false,
      API_DOCS: false,
    });
    expect(sut.CAPTCHA_FIXED_ANSWER).toBeUndefined();
  });

  it('starts nothing in production without the secrets key and the message gateway', () => {
    expect(() => parseEnv({})).toThrow(/SECRETS_KEY: required[\s\S]*MESSAGE_GATEWAY_URL: required/);
  });

  it('seeds the demo and keeps messages in the outbox only where development is asked for', () => {
    expect(parseEnv({ NODE_ENV: 'development' })).toMatchObject({
      SEED_DEMO: true,
      MESSAGE_PROVIDER: 'outbox',
    });
    expect(parseEnv({ NODE_ENV: 'test' })).toMatchObject({
      SEED_DEMO: false,
      MESSAGE_PROVIDER: 'outbox',
    });
    expect(parseEnv({ NODE_ENV: 'development', SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });

  it.each([
    ['CAPTCHA_FIXED_ANSWER', 'test'],
    ['SETTLEMENT_CLOCK_AID', 'true'],
    ['SANDBOX_PAY_SECRET', 'k'.repeat(40)],
    ['VENDOR_SIM_SECRET', 'vendor-sim-development-secret'],
    ['SEED_DEMO', 'true'],
    ['MESSAGE_PROVIDER', 'outbox'],
  ])('refuses the development aid %s in production, set or by default', (name, value) => {
    for (const mode of [{ NODE_ENV: 'production' }, {}]) {
      expect(() => parseEnv({ ...PRODUCTION, ...mode, [name]: value })).toThrow(
        new RegExp(`${name}: .*not allowed in production`),
      );
    }
    expect(() => parseEnv({ NODE_ENV: 'development', [name]: value })).not.toThrow();
  });

  it('accepts the aids switched off in production', () => {
    expect(() =>
      parseEnv({ ...PRODUCTION, SEED_DEMO: 'false', SETTLEMENT_CLOCK_AID: 'false' }),
    ).not.toThrow();
  });
});
