import '../bgs-texts';
import { slotSymbolArt, SYMBOL_VIEW_BOX } from '@app/games/slot-art';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { cx } from '@/lib/class-names';
import { symbolName, useBgsTranslation } from '../bgs-texts';
import styles from './bgs.module.css';

const ROWS = 3;

/** How long reel k slides (the reels stop one after the other, left to right). */
const slideMs = (reel: number) => 900 + 250 * reel;

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A reel symbol's picture (drawn in packages/games slot-art), named in the page language; a
 * `decorative` one stands beside its written name and is hidden from screen readers.
 */
export function SymbolPicture({ symbol, decorative }: { symbol: string; decorative?: boolean }) {
  const { t } = useBgsTranslation();
  return (
    <svg
      className={styles.picture}
      viewBox={SYMBOL_VIEW_BOX}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : symbolName(t, symbol)}
      aria-hidden={decorative || undefined}
      data-symbol={symbol}
      // A constant drawing of this repository, never text from outside.
      dangerouslySetInnerHTML={{ __html: slotSymbolArt(symbol) }}
    />
  );
}

type ReelsProps = {
  /** The reel strips, read top to bottom and wrapping around. */
  strips: string[][];
  /** Where the reels stop: the top row's position on each strip. */
  stops: number[];
  /** Changes with every round; a new one spins the reels from where they stand to `stops`. */
  spinId: string | null;
  /** A spin was asked for and its answer is awaited. */
  waiting: boolean;
  /** Cells on a winning line, as `reel:row`, lit once the reels stand still. */
  winning: ReadonlySet<string>;
  /** Told the spin id once its reels have stopped. */
  onStopped: (spinId: string) => void;
};

/** A spin from `from` to `to`: strips laid out at the start, sliding, or standing at `to`. */
type Spin = {
  id: string | null;
  from: number[];
  to: number[];
  phase: 'laid' | 'sliding' | 'still';
};

/**
 * The 5 x 3 window of the slot. A spin lays each reel's strip out from where it stands to its
 * stop one turn later and slides it up with an easing, each reel a little longer than the one
 * on its left, so the reels stop one after the other on the round's symbols; with reduced motion
 * they show the stop at once.
 */
export function Reels({ strips, stops, spinId, waiting, winning, onStopped }: ReelsProps) {
  const { t } = useBgsTranslation();
  const [spin, setSpin] = useState<Spin>({ id: spinId, from: stops, to: stops, phase: 'still' });
  const stripRefs = useRef<(HTMLDivElement | null)[]>([]);

  // A new round: the reels leave from where the last spin left them.
  if (spin.id !== spinId) {
    setSpin({
      id: spinId,
      from: spin.to,
      to: stops,
      phase: prefersReducedMotion() ? 'still' : 'laid',
    });
  }

  // Laid out at their start first, the strips then slide to their stops.
  useLayoutEffect(() => {
    if (spin.phase !== 'laid') return;
    stripRefs.current.forEach((strip) => strip?.getBoundingClientRect());
    const frame = requestAnimationFrame(() => setSpin({ ...spin, phase: 'sliding' }));
    return () => cancelAnimationFrame(frame);
  }, [spin]);

  // The last reel's transition ends the spin; a timer stands in if no transition event comes.
  useEffect(() => {
    if (spin.phase !== 'sliding') return;
    const finish = () => setSpin({ ...spin, phase: 'still' });
    const timer = setTimeout(finish, slideMs(strips.length - 1) + 400);
    const last = stripRefs.current[strips.length - 1];
    last?.addEventListener('transitionend', finish, { once: true });
    return () => {
      clearTimeout(timer);
      last?.removeEventListener('transitionend', finish);
    };
  }, [spin, strips.length]);

  useEffect(() => {
    if (spin.phase === 'still' && spin.id !== null) onStopped(spin.id);
  }, [spin.phase, spin.id, onStopped]);

  const still = spin.phase === 'still';
  return (
    <div
      className={cx(styles.reels, waiting && styles.waiting)}
      data-testid="bgs-reels"
      role="group"
      aria-label={t('reels')}
      aria-busy={waiting || !still}
    >
      {strips.map((strip, k) => {
        const from = still ? spin.to[k]! : spin.from[k]!;
        // One full turn and on to the stop; the later reels take longer to come to rest.
        const steps = still
          ? 0
          : ((spin.to[k]! - from + strip.length) % strip.length) + strip.length;
        const symbols = Array.from(
          { length: steps + ROWS },
          (_, i) => strip[(from + i) % strip.length]!,
        );
        const moving = spin.phase === 'sliding';
        return (
          <div key={k} className={styles.reel}>
            <div
              ref={(node) => {
                stripRefs.current[k] = node;
              }}
              className={styles.strip}
              style={
                moving
                  ? {
                      transform: `translateY(${(-100 * steps) / (steps + ROWS)}%)`,
                      transition: `transform ${slideMs(k)}ms cubic-bezier(0.15, 0.6, 0.25, 1.04)`,
                    }
                  : undefined
              }
            >
              {symbols.map((symbol, row) => (
                <div
                  key={row}
                  className={cx(styles.cell, still && winning.has(`${k}:${row}`) && styles.winning)}
                  data-testid={still ? 'bgs-cell' : undefined}
                >
                  <SymbolPicture symbol={symbol} />
                </div>
              ))}
            </div>
          </div>
        );
      })}
    </div>
  );
}
