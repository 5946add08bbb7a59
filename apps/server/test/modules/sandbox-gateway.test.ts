import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/config/env.js';
import {
  merchantSecret,
  SANDBOX_DEVELOPMENT_KEY,
  sandboxKey,
  signCallback,
} from '../../src/modules/payments/sandbox/sandbox-signature.js';

describe('sandbox gateway configuration', () => {
  it('is on only in development and test, never in production, even with a key', () => {
    expect(sandboxKey({ NODE_ENV: 'development' })).toBe(SANDBOX_DEVELOPMENT_KEY);
    expect(sandboxKey({ NODE_ENV: 'test' })).toBe(SANDBOX_DEVELOPMENT_KEY);
    const key = 'k'.repeat(40);
    expect(sandboxKey({ NODE_ENV: 'development', SANDBOX_PAY_SECRET: key })).toBe(key);
    expect(sandboxKey({ NODE_ENV: 'production' })).toBeNull();
    expect(sandboxKey({ NODE_ENV: 'production', SANDBOX_PAY_SECRET: key })).toBeNull();
  });

  it('refuses a short SANDBOX_PAY_SECRET', () => {
    expect(() => parseEnv({ NODE_ENV: 'test', SANDBOX_PAY_SECRET: 'short' })).toThrow(
      /SANDBOX_PAY_SECRET/,
    );
  });

  it('derives a different secret per merchant, and signs over timestamp, nonce and body', () => {
    expect(merchantSecret('key', 'demo')).not.toBe(merchantSecret('key', 'other'));
    const a = signCallback('key', { merchantCode: 'demo', amount: '1.00' }, { nonce: 'n0nce-123' });
    const b = signCallback('key', { merchantCode: 'demo', amount: '1.01' }, { nonce: 'n0nce-123' });
    expect(a.headers['x-sandbox-signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(a.headers['x-sandbox-signature']).not.toBe(b.headers['x-sandbox-signature']);
  });
});
