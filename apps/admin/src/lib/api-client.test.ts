import { OperatorInfo } from '@app/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminGet, adminSend, NO_VALUE } from './api-client';
import { ApiError } from '@app/client';
import { chooseScopeMerchant, endSession, readToken, startSession } from './session';

vi.mock('./i18n', () => ({ apiLanguage: () => 'TL' }));

const operator = {
  id: 7,
  username: 'ana',
  role: 'finance',
  permissions: ['payments.deposits'],
  merchant: null,
  scopeMerchant: { id: 2, code: 'B', name: 'Merchant B', timeZone: 'Asia/Manila' },
  isPlatform: true,
};

function answer(status: number, body: unknown): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  startSession('token-1');
});

afterEach(() => {
  endSession();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('admin API client', () => {
  it('sends the session, language and picked merchant, and returns the checked value', async () => {
    chooseScopeMerchant('B');
    fetchMock.mockResolvedValueOnce(answer(200, { success: true, value: operator }));
    const me = await adminGet('/session/me', OperatorInfo, {
      query: { page: 2, status: undefined },
    });
    expect(me.scopeMerchant.code).toBe('B');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/admin/api/session/me?page=2');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-1');
    expect(headers.get('Language')).toBe('TL');
    expect(headers.get('Merchant')).toBe('B');
  });

  it('sends a JSON body on POST and nothing on DELETE', async () => {
    fetchMock.mockImplementation(async () => answer(200, { success: true, value: null }));
    await adminSend('POST', '/deposits/3/reject', NO_VALUE, { reason: 'blurry' });
    await adminSend('DELETE', '/session', NO_VALUE);
    expect(fetchMock.mock.calls[0]![1]?.body).toBe('{"reason":"blurry"}');
    expect(fetchMock.mock.calls[1]![1]?.body).toBeNull();
  });

  it('turns the error envelope into an ApiError with its code, status and details', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(409, {
        success: false,
        code: 'DEPOSIT_NOT_PENDING',
        message: 'x',
        value: { status: 'credited' },
      }),
    );
    const error = await adminSend('POST', '/deposits/3/approve', NO_VALUE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'DEPOSIT_NOT_PENDING', status: 409 });
    expect((error as ApiError).value).toEqual({ status: 'credited' });
    expect(readToken()).toBe('token-1');
  });

  it('signs out here when the server no longer knows the token', async () => {
    chooseScopeMerchant('B');
    fetchMock.mockResolvedValueOnce(
      answer(401, { success: false, code: 'NOT_LOGGED_IN', message: 'x', value: {} }),
    );
    await expect(adminGet('/deposits', NO_VALUE)).rejects.toMatchObject({ code: 'NOT_LOGGED_IN' });
    expect(readToken()).toBeNull();
  });

  it('keeps a newer session when an old request comes back NOT_LOGGED_IN', async () => {
    fetchMock.mockImplementationOnce(async () => {
      startSession('token-2');
      return answer(401, { success: false, code: 'NOT_LOGGED_IN', message: 'x', value: {} });
    });
    await expect(adminGet('/deposits', NO_VALUE)).rejects.toBeInstanceOf(ApiError);
    expect(readToken()).toBe('token-2');
  });

  it('reports a gateway page or a dropped connection as NETWORK_ERROR', async () => {
    fetchMock.mockResolvedValueOnce(answer(502, '<html>bad gateway</html>'));
    await expect(adminGet('/deposits', NO_VALUE)).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    fetchMock.mockRejectedValueOnce(new TypeError('failed to fetch'));
    await expect(adminGet('/deposits', NO_VALUE)).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });

  it('refuses a success whose value does not match the schema', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { success: true, value: { id: 'x' } }));
    await expect(adminGet('/session/me', OperatorInfo)).rejects.toThrow();
  });
});
