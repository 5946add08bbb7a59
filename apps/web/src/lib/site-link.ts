// The merchant's links (customer service, app downloads) are an https address or a page of the
// merchant's own site ('/support', '/download#ios'), as the back office accepts them.

/** Whether a merchant link is a page of this site (a path, not `//host`). */
export function isSitePath(url: string): boolean {
  return /^\/(?!\/)/.test(url);
}

/** The full address of a link, as a phone that scans it in a QR code needs it. */
export function absoluteUrl(url: string): string {
  return isSitePath(url) ? new URL(url, window.location.origin).href : url;
}
