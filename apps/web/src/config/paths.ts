import type { GameCategory } from '@app/shared';

/** Route paths of SPEC section 2 that the app links to. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  agent: '/agent',
  agentHome: '/agentHome',
  member: '/member',
  help: '/help',
  helpmc: '/helpmc',
  terms: '/help#term',
  vip: '/vip',
  promotions: '/promotions',
  pointMall: '/pointMall',
  seamless: '/seamless',
  lottery: '/lottery',
  seaLottery: '/seaLottery',
  vnLottery: '/vnLottery',
  lottert: '/lottert',
  vnlottery: '/vnlottery',
  sealottery: '/sealottery',
  bgs: '/bgs',
  hot: '/hot',
  fav: '/fav',
  recent: '/recent',
  provider: '/provider',
  favorite: '/favorite',
  appDownload: '/appDownload',
  contact: '/contact',
  /** Installing the site as an app (the demo's app download links). */
  download: '/download',
  /** The site's customer service page (the demo's customer-service link). */
  support: '/support',
} as const;

/** The page of each game category (top navigation, side menu, home). */
export const categoryPaths: Record<GameCategory, string> = {
  ELOTT: '/elott',
  LOTT: '/lott',
  LIVE: '/live',
  SPORTS: '/sports',
  FISH: '/fish',
  RNG: '/rng',
  PVP: '/pvp',
  ESPORTS: '/esports',
  COCKFIGHT: '/cockfight',
};

/** A member centre page, e.g. `/member/withdraw`. */
export function memberPagePath(page: string): string {
  return `${paths.member}/${page}`;
}

/** A game list filtered to one vendor, e.g. `/rng?vassalage=PG`. */
export function vendorPath(basePath: string, vassalage: string): string {
  return `${basePath}?${new URLSearchParams({ vassalage }).toString()}`;
}

/** `/seamless?nodeId=7`: the page reloads the launch from this when opened on its own. */
export function seamlessPath(nodeId: number): string {
  return `${paths.seamless}?${new URLSearchParams({ nodeId: String(nodeId) }).toString()}`;
}
