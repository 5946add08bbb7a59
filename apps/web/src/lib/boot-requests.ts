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
    __bootHomeBanner?: Promise<string | null>;
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

/**
 * The first w_home banner's address as index.html read it from the page-load public state, for
 * the home page's placeholder (the same picture, which index.html preloads): the page's largest
 * picture is drawn with the first paint, not after the home chunk and the schemas that check the
 * public state. Null until that answer is read, on other pages, or when there is none.
 */
let homeBanner: string | null = null;
const homeBannerBooted = typeof window !== 'undefined' && !!window.__bootHomeBanner;
const homeBannerRead: Promise<string | null> =
  typeof window === 'undefined' || !window.__bootHomeBanner
    ? Promise.resolve(null)
    : window.__bootHomeBanner.then((url) => (homeBanner = typeof url === 'string' ? url : null));

/**
 * The banner address now (null if not read yet) and once read; `booted` tells whether index.html
 * read it at all (a load of the home page itself, not a later navigation to it).
 */
export function bootHomeBanner(): {
  now: string | null;
  read: Promise<string | null>;
  booted: boolean;
} {
  return { now: homeBanner, read: homeBannerRead, booted: homeBannerBooted };
}
