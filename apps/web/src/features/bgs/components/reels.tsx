import '../bgs-texts';
import { cx } from '@/lib/class-names';
import { symbolName, useBgsTranslation } from '../bgs-texts';
import styles from './bgs.module.css';

type ReelsProps = {
  /** Symbols shown, window[reel][row]. */
  window: string[][];
  /** Cells on a winning line, as `reel:row`. */
  winning: ReadonlySet<string>;
  spinning: boolean;
};

/** The 5 x 3 window of the slot. */
export function Reels({ window, winning, spinning }: ReelsProps) {
  const { t } = useBgsTranslation();
  return (
    <div className={cx(styles.reels, spinning && styles.spinning)} data-testid="bgs-reels">
      {window.map((reel, k) => (
        <div key={k} className={styles.reel}>
          {reel.map((symbol, row) => (
            <div
              key={row}
              className={cx(
                styles.cell,
                styles[symbol],
                winning.has(`${k}:${row}`) && styles.winning,
              )}
              data-symbol={symbol}
            >
              {symbolName(t, symbol)}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
