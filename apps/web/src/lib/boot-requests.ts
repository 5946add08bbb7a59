/**
 * The start-up answers index.html asks for while the scripts are still downloading (its inline
 * script requests the system status, the merchant configuration and the game menus with the
 * headers the api-client would send), so the first paint does not wait for script, then request,
 * one after the other. The api-client takes each one once, for the same path and the same headers;
 * anything else (another language, a login in between, a late call) is requested afresh.
 */
type BootRequest = { headers: Record<string, string>; response: Promise<Response> };

declare global {
  interface Window {
    __bootRequests?: Record<string, BootRequest | undefined>;
  }
}

/** After this, an answer fetched at page load is too old to stand in for a new request. */
const BOOT_ANSWER_MAX_AGE_MS = 15_000;

function sameHeaders(sent: Record<string, string>, wanted: Headers): boolean {
  const names = Object.keys(sent);
  return (
    names.length === [...wanted.keys()].length &&
    names.every((name) => wanted.get(name) === sent[name])
  );
}

/** The page-load answer for a GET of `url` with these headers, once; otherwise null. */
export function takeBootResponse(url: string, headers: Headers): Promise<Response> | null {
  const requests = window.__bootRequests;
  const request = requests?.[url];
  if (!requests || !request) return null;
  requests[url] = undefined;
  const fresh = performance.now() <= BOOT_ANSWER_MAX_AGE_MS;
  return fresh && sameHeaders(request.headers, headers) ? request.response : null;
}
