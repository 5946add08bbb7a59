import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/config/env.js';
import { createSecretBox, isSealed } from '../../src/lib/secret-box.js';

describe('secret box', () => {
  const { seal, open } = createSecretBox({ production: false });

  it('opens what it sealed, and never stores the plain value', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 200 }), (plain) => {
        const sealed = seal(plain);
        expect(isSealed(sealed)).toBe(true);
        expect(sealed).not.toContain(plain.length > 3 ? plain : '\u0000');
        expect(open(sealed)).toBe(plain);
      }),
    );
  });

  it('seals the same secret differently each time (random IV)', () => {
    expect(seal('JBSWY3DPEHPK3PXP')).not.toBe(seal('JBSWY3DPEHPK3PXP'));
  });

  it('refuses a changed value and another key', () => {
    const sealed = seal('JBSWY3DPEHPK3PXP');
    const last = sealed.at(-2) === 'A' ? 'B' : 'A';
    expect(() => open(sealed.slice(0, -2) + last + sealed.at(-1))).toThrow();
    const other = createSecretBox({ key: randomBytes(32).toString('base64'), production: false });
    expect(() => other.open(sealed)).toThrow();
  });

  it('reads a value stored before sealing existed as it is', () => {
    expect(open('JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('has no key in production unless SECRETS_KEY is set', () => {
    expect(() => createSecretBox({ production: true }).seal('x')).toThrow(/SECRETS_KEY/);
    expect(() =>
      parseEnv({
        NODE_ENV: 'production',
        MESSAGE_PROVIDER: 'http',
        MESSAGE_GATEWAY_URL: 'https://sms.example',
      }),
    ).toThrow(/SECRETS_KEY/);
    expect(() => parseEnv({ SECRETS_KEY: 'c2hvcnQ=' })).toThrow(/SECRETS_KEY/);
  });
});
