// Carousel behaviour of SPEC section 9, shared by the banner, winners, video and hot-match
// carousels. Pure, so the rules are unit-tested without a browser.

/** A carousel moves on by itself every 5 s... */
export const CAROUSEL_AUTOPLAY_MS = 5000;
/** ...and each move slides for 1 s. */
export const CAROUSEL_SPEED_MS = 1000;
/** Banners in view at once; LIVE and SPORTS pages show one wide banner. */
export const BANNERS_PER_VIEW = 3;
export const WIDE_BANNER_CATEGORIES = ['LIVE', 'SPORTS'] as const;
/** A carousel loops (wraps from the last slide to the first) only with more slides than this. */
export const LOOP_ABOVE = 3;
/** Items in view: home game rows and the winners carousel. */
export const HOME_ITEMS_PER_VIEW = 6.5;
export const WINNERS_PER_VIEW = 7.2;
/** The hot-match carousel shows its arrows only with more matches than this. */
export const HOT_MATCH_ARROWS_ABOVE = 3;
/** Winner cards cycle through nine looks. */
export const WINNER_STYLES = 9;

/** Banners in view for a page: 1 on the LIVE and SPORTS pages, else 3. */
export function bannersPerView(category?: string): number {
  return (WIDE_BANNER_CATEGORIES as readonly string[]).includes(category ?? '')
    ? 1
    : BANNERS_PER_VIEW;
}

export function carouselLoops(count: number): boolean {
  return count > LOOP_ABOVE;
}

/** The last first-visible slide: the carousel cannot move past the point where it is full. */
export function lastIndex(count: number, perView: number): number {
  return Math.max(0, Math.ceil(count - perView));
}

/**
 * The slide a step of `direction` leads to. A looping carousel wraps around; one that does not
 * stays at its ends.
 */
export function stepIndex(
  index: number,
  count: number,
  perView: number,
  direction: 1 | -1,
): number {
  const last = lastIndex(count, perView);
  const next = index + direction;
  if (next > last) return carouselLoops(count) ? 0 : last;
  if (next < 0) return carouselLoops(count) ? last : 0;
  return next;
}

/** Whether the carousel has anywhere to move, so autoplay and arrows make sense. */
export function carouselMoves(count: number, perView: number): boolean {
  return lastIndex(count, perView) > 0;
}

export function showsHotMatchArrows(count: number): boolean {
  return count > HOT_MATCH_ARROWS_ABOVE;
}

/** The look (1-9) of the winner card at `position`. */
export function winnerStyle(position: number): number {
  return (position % WINNER_STYLES) + 1;
}
