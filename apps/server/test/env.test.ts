import { describe, expect, it } from 'vitest';
import { parseEnv, trustProxySetting } from '../src/config/env.js';

describe('environment', () => {
  it('defaults to port 8080, ./data and the embedded database', () => {
    const sut = parseEnv({});
    expect(sut).toMatchObject({ PORT: 8080, DATA_DIR: './data', SEED_DEMO: true });
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
