import type { Banner } from '@app/shared';
import { paths, seamlessPath } from '@/config/paths';

/** Where a banner click leads (SPEC section 3, linkage types). */
export type BannerTarget =
  | { kind: 'route'; to: string; launchesGame: boolean }
  | { kind: 'external'; href: string }
  | { kind: 'none' };

function isExternalUrl(link: string): boolean {
  try {
    const { protocol } = new URL(link);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The target of a banner: an internal route, a game (its launch page), a promotion, an external
 * http(s) URL; a malformed linkage leads nowhere.
 */
export function bannerTarget({
  linkageType,
  linkage,
}: Pick<Banner, 'linkageType' | 'linkage'>): BannerTarget {
  switch (linkageType) {
    case 'route':
      return linkage.startsWith('/') && !linkage.startsWith('//')
        ? { kind: 'route', to: linkage, launchesGame: false }
        : { kind: 'none' };
    case 'game':
      return /^[1-9]\d{0,9}$/.test(linkage)
        ? { kind: 'route', to: seamlessPath(Number(linkage)), launchesGame: true }
        : { kind: 'none' };
    case 'promotion':
      return linkage
        ? {
            kind: 'route',
            to: `${paths.promotions}?${new URLSearchParams({ id: linkage }).toString()}`,
            launchesGame: false,
          }
        : { kind: 'none' };
    case 'url':
      return isExternalUrl(linkage) ? { kind: 'external', href: linkage } : { kind: 'none' };
    case 'none':
      return { kind: 'none' };
  }
}

/** The banners of one group in the operator's order. */
export function bannersOf(banners: readonly Banner[], group: Banner['groupName']): Banner[] {
  return banners
    .filter((banner) => banner.groupName === group)
    .toSorted((a, b) => a.sequence - b.sequence);
}
