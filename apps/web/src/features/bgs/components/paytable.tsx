import '../bgs-texts';
import type { BgsGame } from '@app/shared';
import { symbolName, useBgsTranslation } from '../bgs-texts';
import styles from './bgs.module.css';
import { SymbolPicture } from './reels';

/** Line pays (x line bet) and scatter pays (x total bet) for 3, 4 and 5 symbols. */
export function Paytable({ game }: { game: BgsGame }) {
  const { t } = useBgsTranslation();
  const rows: [string, number[]][] = [
    ...Object.entries(game.linePays),
    ['SCATTER', game.scatterPays],
  ];
  return (
    <section className={styles.card}>
      <h2 className={styles.cardTitle}>{t('paytable.title')}</h2>
      <p className={styles.muted}>{t('paytable.intro')}</p>
      <table className={styles.table}>
        <thead>
          <tr>
            <th>{t('paytable.symbol')}</th>
            <th>3</th>
            <th>4</th>
            <th>5</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([symbol, pays]) => (
            <tr key={symbol}>
              <td>
                <span className={styles.paySymbol}>
                  <SymbolPicture symbol={symbol} decorative />
                  {symbolName(t, symbol)}
                </span>
              </td>
              {pays.map((pay, i) => (
                <td key={i}>×{pay}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
