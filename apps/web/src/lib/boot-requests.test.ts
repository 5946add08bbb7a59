import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeBootResponse } from './boot-requests';

const STATUS = '/wps/system/status';
const sentHeaders = { Language: 'EN', Device: 'WEB', Merchant: 'demo' };

/** What index.html's inline script leaves behind: one answer per start-up path. */
function pageLoad(age = 0) {
  const answer = Promise.resolve(new Response('{"success":true,"value":{}}'));
  vi.stubGlobal('window', {
    __bootRequests: { [STATUS]: { headers: sentHeaders, response: answer } },
  });
  vi.stubGlobal('performance', { now: () => age });
  return { answer };
}

const clientHeaders = (extra: Record<string, string> = {}) =>
  new Headers({ Language: 'EN', Device: 'WEB', Merchant: 'demo', ...extra });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('takeBootResponse', () => {
  it('hands the page-load answer to the first call with the same path and headers, once', () => {
    const { answer } = pageLoad();
    expect(takeBootResponse(STATUS, clientHeaders())).toBe(answer);
    expect(takeBootResponse(STATUS, clientHeaders())).toBeNull();
  });

  it('is not used for another path', () => {
    pageLoad();
    expect(takeBootResponse('/wps/system/permission', clientHeaders())).toBeNull();
  });

  it('is not used when the client would send other headers (a login, another language)', () => {
    pageLoad();
    expect(takeBootResponse(STATUS, clientHeaders({ Authorization: 'Bearer t' }))).toBeNull();
    pageLoad();
    expect(
      takeBootResponse(STATUS, new Headers({ Language: 'TL', Device: 'WEB', Merchant: 'demo' })),
    ).toBeNull();
  });

  it('is not used once it is too old to stand in for a new request', () => {
    pageLoad(60_000);
    expect(takeBootResponse(STATUS, clientHeaders())).toBeNull();
  });

  it('finds nothing when index.html asked for nothing', () => {
    vi.stubGlobal('window', {});
    expect(takeBootResponse(STATUS, clientHeaders())).toBeNull();
  });
});
