import { cx } from '@/lib/class-names';
import { amountSign, signedAmount } from '@/lib/record-format';
import records from '@/components/records.module.css';
import styles from './agent-centre.module.css';

export type Figure = {
  label: string;
  /** A count, or an API amount shown with the currency symbol and coloured by its sign. */
  value: number | string;
  testId: string;
  /** Colour the amount by its sign (profit, in/out); plain for sums that are never negative. */
  signed?: boolean;
};

/** The class that colours a signed amount: green above zero, red below. */
export function amountTone(amount: string): string | undefined {
  const sign = amountSign(amount);
  if (sign === 'positive') return records.positive;
  if (sign === 'negative') return records.negative;
  return undefined;
}

type ReportFiguresProps = {
  figures: readonly Figure[];
  currencySymbol: string;
  /** Cards (team overview) or the compact totals line above a table. */
  variant?: 'cards' | 'totals';
};

export function ReportFigures({ figures, currencySymbol, variant = 'totals' }: ReportFiguresProps) {
  return (
    <dl className={variant === 'cards' ? styles.cards : records.summary}>
      {figures.map((figure) => {
        return (
          <div key={figure.testId}>
            <dt>{figure.label}</dt>
            <dd
              className={cx(
                typeof figure.value === 'string' && figure.signed && amountTone(figure.value),
              )}
              data-testid={figure.testId}
            >
              {typeof figure.value === 'string'
                ? signedAmount(figure.value, currencySymbol)
                : figure.value.toLocaleString()}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
