import { DEVICE_ID_PATTERN } from '@app/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('deviceId', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('makes one id the server accepts and keeps it in localStorage', async () => {
    const stored = new Map<string, string>();
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => stored.set(key, value),
      },
    });
    const { deviceId } = await import('./device-id');
    const id = deviceId();
    expect(id).toMatch(DEVICE_ID_PATTERN);
    expect(deviceId()).toBe(id);
    expect(stored.get('deviceId')).toBe(id);
    // A new page load reads the same id back.
    vi.resetModules();
    expect((await import('./device-id')).deviceId()).toBe(id);
  });

  it('still gives an id when storage is blocked', async () => {
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new Error('blocked');
      },
    });
    const { deviceId } = await import('./device-id');
    expect(deviceId()).toMatch(DEVICE_ID_PATTERN);
  });
});
