import { isIP } from 'node:net';

/** The caller's address as PostgreSQL's inet accepts it; IPv4-mapped IPv6 becomes plain IPv4. */
export function normalizeIp(raw: string): string {
  const ip = raw.startsWith('::ffff:') && isIP(raw.slice(7)) === 4 ? raw.slice(7) : raw;
  return isIP(ip) ? ip : '0.0.0.0';
}
