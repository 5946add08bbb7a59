import '@/lib/records-texts';
import type { ProfitFigures, ProfitReport } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { QueryContent } from '@/components/query-content';
import { cx } from '@/lib/class-names';
import { useSession } from '@/lib/session';
import { getProfitQueryOptions } from '../api/records';
import { DateRangeFilter } from '../components/date-range-filter';
import { RecordsLoggedOut } from '../components/logged-out';
import shared from '@/components/money-page.module.css';
import styles from '@/components/records.module.css';
import { initialRange, type DateRange } from '../date-range';
import { useMerchantToday } from '../use-merchant-today';
import { amountSign, signedAmount } from '@/lib/record-format';
import { useRecordsTranslation } from '@/lib/records-texts';

function profitClass(amount: string) {
  const sign = amountSign(amount);
  return cx(
    styles.number,
    sign === 'positive' && styles.positive,
    sign === 'negative' && styles.negative,
  );
}

/** Bets, winnings and profit cells of one row. */
function Figures({ figures, symbol }: { figures: ProfitFigures; symbol: string }) {
  const { t } = useRecordsTranslation();
  return (
    <>
      <td data-label={t('profit.stake')} className={styles.number}>
        {signedAmount(figures.stake, symbol)}
      </td>
      <td data-label={t('profit.payout')} className={styles.number}>
        {signedAmount(figures.payout, symbol)}
      </td>
      <td data-label={t('profit.profit')} className={profitClass(figures.profit)}>
        {signedAmount(figures.profit, symbol)}
      </td>
    </>
  );
}

function ProfitTables({ report }: { report: ProfitReport }) {
  const { t } = useRecordsTranslation();
  const symbol = report.currencySymbol;
  const category = (name: string) => (name === 'OTHER' ? t('profit.other') : name);
  const head = (first: string) => (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        <th scope="col" className={styles.number}>
          {t('profit.stake')}
        </th>
        <th scope="col" className={styles.number}>
          {t('profit.payout')}
        </th>
        <th scope="col" className={styles.number}>
          {t('profit.profit')}
        </th>
      </tr>
    </thead>
  );
  return (
    <>
      <section className={shared.cardCompact}>
        <h3 className={shared.cardTitle}>{t('profit.byCategory')}</h3>
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="profit-categories">
            {head(t('profit.category'))}
            <tbody>
              {report.categories.map((line) => (
                <tr key={line.gameCategory} data-testid="profit-category-row">
                  <td data-label={t('profit.category')}>{category(line.gameCategory)}</td>
                  <Figures figures={line} symbol={symbol} />
                </tr>
              ))}
              <tr>
                <td data-label={t('profit.category')}>
                  <strong>{t('profit.total')}</strong>
                </td>
                <Figures figures={report.total} symbol={symbol} />
              </tr>
            </tbody>
          </table>
        </div>
      </section>
      <section className={shared.cardCompact}>
        <h3 className={shared.cardTitle}>{t('profit.byDay')}</h3>
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="profit-days">
            {head(t('profit.date'))}
            <tbody>
              {report.days.map((day) => (
                <Fragment key={day.date}>
                  <tr data-testid="profit-day-row">
                    <td data-label={t('profit.date')}>
                      <strong>{day.date}</strong>
                    </td>
                    <Figures figures={day} symbol={symbol} />
                  </tr>
                  {day.categories.map((line) => (
                    <tr key={line.gameCategory} className={styles.sub}>
                      <td data-label={t('profit.category')}>{category(line.gameCategory)}</td>
                      <Figures figures={line} symbol={symbol} />
                    </tr>
                  ))}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}

/** `/member/personalProfit`: profit and loss per day and game category, with money in and out. */
export default function PersonalProfitRoute() {
  const { t } = useRecordsTranslation();
  const session = useSession();
  const today = useMerchantToday();
  const [range, setRange] = useState<DateRange>(() => initialRange(today));
  const report = useQuery({ ...getProfitQueryOptions(range), enabled: Boolean(session) });

  if (!session) return <RecordsLoggedOut />;

  return (
    <div className={shared.page} data-testid="personal-profit">
      <h2 className={shared.title}>{t('profit.title')}</h2>
      <section className={shared.cardCompact}>
        <DateRangeFilter value={range} onChange={setRange} testId="profit" />
      </section>
      <QueryContent query={report}>
        {(data) => (
          <>
            <section className={shared.cardCompact} aria-busy={report.isFetching}>
              <dl className={styles.summary} data-testid="profit-summary">
                <div>
                  <dt>{t('profit.profit')}</dt>
                  <dd className={profitClass(data.total.profit)} data-testid="profit-total">
                    {signedAmount(data.total.profit, data.currencySymbol)}
                  </dd>
                </div>
                <div>
                  <dt>{t('profit.stake')}</dt>
                  <dd>{signedAmount(data.total.stake, data.currencySymbol)}</dd>
                </div>
                <div>
                  <dt>{t('profit.payout')}</dt>
                  <dd>{signedAmount(data.total.payout, data.currencySymbol)}</dd>
                </div>
                <div>
                  <dt>{t('profit.bonus')}</dt>
                  <dd data-testid="profit-bonus">
                    {signedAmount(data.bonus, data.currencySymbol)}
                  </dd>
                </div>
                <div>
                  <dt>{t('profit.deposit')}</dt>
                  <dd data-testid="profit-deposit">
                    {signedAmount(data.deposit, data.currencySymbol)}
                  </dd>
                </div>
                <div>
                  <dt>{t('profit.withdrawal')}</dt>
                  <dd>{signedAmount(data.withdrawal, data.currencySymbol)}</dd>
                </div>
              </dl>
            </section>
            {data.days.length === 0 ? (
              <EmptyState title={t('profit.empty')} />
            ) : (
              <ProfitTables report={data} />
            )}
          </>
        )}
      </QueryContent>
    </div>
  );
}
