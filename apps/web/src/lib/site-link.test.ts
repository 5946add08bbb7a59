import { afterEach, describe, expect, it, vi } from 'vitest';
import { absoluteUrl, isSitePath } from './site-link';

describe('merchant links', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells a page of this site from an address elsewhere', () => {
    expect(isSitePath('/support')).toBe(true);
    expect(isSitePath('/download#ios')).toBe(true);
    expect(isSitePath('//evil.example/support')).toBe(false);
    expect(isSitePath('https://chat.example/ph')).toBe(false);
    expect(isSitePath('')).toBe(false);
  });

  it("gives a page of this site the site's own address, and leaves others as they are", () => {
    vi.stubGlobal('window', { location: { origin: 'https://casino.example' } });
    expect(absoluteUrl('/download#android')).toBe('https://casino.example/download#android');
    expect(absoluteUrl('https://apps.example/ios')).toBe('https://apps.example/ios');
  });
});
