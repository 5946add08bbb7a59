import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { endSession, readScopeMerchant, readToken, startSession } from '@/lib/session';
import { login, logout, sessionKeys, switchMerchant } from './session';

vi.mock('@/lib/i18n', () => ({ apiLanguage: () => 'EN' }));

const operator = (code: string) => ({
  id: 1,
  username: 'root',
  role: 'owner',
  permissions: ['payments.deposits'],
  merchant: null,
  scopeMerchant: { id: 2, code, name: code, timeZone: 'Asia/Manila' },
  isPlatform: true,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  endSession();
  queryClient.clear();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('operator session', () => {
  it('opens the session only when the login answers one', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { success: true, value: { step: 'totp_required' } }));
    await login({ username: 'root', password: 'pw' });
    expect(readToken()).toBeNull();

    fetchMock.mockResolvedValueOnce(
      json(200, {
        success: true,
        value: { step: 'session', token: 't1', operator: operator('A') },
      }),
    );
    await login({ username: 'root', password: 'pw', code: '123456' });
    expect(readToken()).toBe('t1');
    expect(queryClient.getQueryData(sessionKeys.me)).toMatchObject({ username: 'root' });
  });

  it('keeps the previous merchant when the server does not know the new one', async () => {
    startSession('t1');
    fetchMock.mockResolvedValueOnce(json(200, { success: true, value: operator('B') }));
    await switchMerchant('B');
    expect(readScopeMerchant()).toBe('B');
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('Merchant')).toBe('B');

    fetchMock.mockResolvedValueOnce(
      json(400, { success: false, code: 'UNKNOWN_MERCHANT', message: 'x', value: {} }),
    );
    await expect(switchMerchant('NOPE')).rejects.toMatchObject({ code: 'UNKNOWN_MERCHANT' });
    expect(readScopeMerchant()).toBe('B');
  });

  it('signs out here even when the server cannot be reached', async () => {
    startSession('t1');
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await expect(logout()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(readToken()).toBeNull();
  });
});
