/**
 * Where the demo merchant's artwork lives: WebP files drawn here (no stock images) by
 * src/scripts/draw-demo-art.ts and committed under apps/web/public/demo, so a fresh machine serves
 * them with nothing to generate. The seed steps point the demo rows at these paths; the sizes are
 * the files' own, so the member site can reserve each image's box before it loads.
 */

/** Pixel sizes of the drawn images, [width, height]. */
export const DEMO_ART_SIZES = {
  /** A game's tile: square, sharp on a 2x phone at the list card's width (about 160 px). */
  game: [320, 320],
  /** A vendor's logo: a wordmark of 2:1. */
  vendor: [200, 100],
  /** A hot-match team's crest. */
  team: [96, 96],
  /** A banner of w_home, w_login and w_forget: the 16:7 frame of the site. */
  banner: [960, 420],
  /** A w_video banner's cover: the 16:9 frame of the video it stands for. */
  videoCover: [960, 540],
} as const;

/** Lower-case letters and digits joined by dashes: a team or banner name as a file name. */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A demo game's tile (iconUrl and lagerIcon): its game code is unique in the catalogue. */
export function gameArtUrl(gameCode: string): string {
  return `/demo/games/${slug(gameCode)}.webp`;
}

/** A demo vendor's logo. */
export function vendorLogoUrl(vendorCode: string): string {
  return `/demo/vendors/${slug(vendorCode)}.webp`;
}

/** A hot-match team's crest, by the team's name. */
export function teamCrestUrl(team: string): string {
  return `/demo/teams/${slug(team)}.webp`;
}

/** The demo's banners: each drawn once per language, with its words in that language. */
export const DEMO_BANNERS = [
  'slots',
  'live',
  'sabong',
  'promotions',
  'responsible',
  'login',
  'forget',
  'video',
] as const;
export type DemoBanner = (typeof DEMO_BANNERS)[number];

export function bannerArtUrl(banner: DemoBanner, language: 'EN' | 'TL'): string {
  return `/demo/banners/${banner}-${language.toLowerCase()}.webp`;
}
