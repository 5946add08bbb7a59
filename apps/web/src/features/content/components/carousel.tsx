import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Icon } from '@/components/icon';
import { cx } from '@/lib/class-names';
import {
  CAROUSEL_AUTOPLAY_MS,
  CAROUSEL_SPEED_MS,
  carouselMoves,
  lastIndex,
  stepIndex,
} from '../carousel-rules';
import { useContentTranslation } from '../content-texts';
import styles from './carousel.module.css';
import { useMediaQuery } from '@/lib/use-media-query';

const COMPACT_QUERY = '(max-width: 639px)';
/** How far a finger moves sideways before the carousel takes it for a swipe. */
const SWIPE_PX = 40;
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

type CarouselProps<T> = {
  items: readonly T[];
  /** Slides in view on a wide screen (SPEC section 9). */
  perView: number;
  /** Slides in view on a phone. */
  compactPerView: number;
  label: string;
  itemKey: (item: T) => string | number;
  renderItem: (item: T, position: number) => ReactNode;
  /** Arrows shown; by default whenever the carousel can move. */
  arrows?: boolean;
  /**
   * Arrows beside the slides rather than over them: for slides that are cards with words and
   * buttons (winners, hot matches), which an arrow must not cover. Banners keep them over on a
   * wide screen; on a phone, where a banner's drawn title fills the slide, they show dots instead
   * and move by swipe.
   */
  arrowsBeside?: boolean;
  /** Slide shape (width / height) that reserves the carousel's height before images arrive. */
  className?: string;
  testId?: string;
};

/**
 * A carousel with the behaviour of SPEC section 9: moves on every 5 s, slides for 1 s, loops only
 * with more than 3 slides. It pauses while pointed at or focused (and does not move by itself
 * for visitors who ask for reduced motion). Slides have fixed widths, so nothing shifts when
 * their images load.
 */
export function Carousel<T>({
  items,
  perView: widePerView,
  compactPerView,
  label,
  itemKey,
  renderItem,
  arrows,
  arrowsBeside = false,
  className,
  testId,
}: CarouselProps<T>) {
  const { t } = useContentTranslation();
  const compact = useMediaQuery(COMPACT_QUERY);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const perView = compact ? compactPerView : widePerView;
  const count = items.length;
  const moves = carouselMoves(count, perView);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const shown = Math.min(index, Math.max(0, Math.ceil(count - perView)));

  useEffect(() => {
    if (!moves || paused || reducedMotion) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') {
        setIndex((current) => stepIndex(current, count, perView, 1));
      }
    }, CAROUSEL_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [moves, paused, reducedMotion, count, perView]);

  const step = (direction: 1 | -1) => setIndex(stepIndex(shown, count, perView, direction));
  // A finger's sideways swipe moves it as the arrows do; an up or down swipe scrolls the page.
  const swipeFrom = useRef<number | null>(null);
  const endSwipe = (x: number) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null || !moves || Math.abs(x - from) < SWIPE_PX) return;
    step(x < from ? 1 : -1);
  };
  const style = {
    '--per-view': perView,
    '--index': shown,
    '--speed': `${CAROUSEL_SPEED_MS}ms`,
  } as CSSProperties;

  // On a phone a banner's drawn title fills the slide: no arrows over it, but dots and swipes.
  const overSlides = !arrowsBeside && compact;
  const showArrows = (arrows ?? moves) && moves && !overSlides;
  return (
    <div
      className={cx(styles.carousel, showArrows && arrowsBeside && styles.arrowsBeside, className)}
      style={style}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-testid={testId}
      data-index={shown}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        className={styles.viewport}
        onPointerDown={(event) => {
          if (event.pointerType !== 'mouse') swipeFrom.current = event.clientX;
        }}
        onPointerUp={(event) => endSwipe(event.clientX)}
        onPointerCancel={() => (swipeFrom.current = null)}
      >
        <ul className={styles.track}>
          {items.map((item, position) => (
            <li
              key={itemKey(item)}
              className={styles.slide}
              aria-roledescription="slide"
              aria-label={t('carousel.slide', { position: position + 1, count })}
            >
              {renderItem(item, position)}
            </li>
          ))}
        </ul>
      </div>
      {moves && overSlides && (
        <div className={styles.dots} aria-hidden="true" data-testid={testId && `${testId}-dots`}>
          {Array.from({ length: lastIndex(count, perView) + 1 }, (_, dot) => (
            <span key={dot} className={cx(styles.dot, dot === shown && styles.dotShown)} />
          ))}
        </div>
      )}
      {showArrows && (
        <>
          <button
            type="button"
            className={cx(styles.arrow, styles.previous)}
            onClick={() => step(-1)}
            aria-label={t('carousel.previous')}
            data-testid={testId && `${testId}-previous`}
          >
            <Icon name="chevronLeft" />
          </button>
          <button
            type="button"
            className={cx(styles.arrow, styles.next)}
            onClick={() => step(1)}
            aria-label={t('carousel.next')}
            data-testid={testId && `${testId}-next`}
          >
            <Icon name="chevronRight" />
          </button>
        </>
      )}
    </div>
  );
}
