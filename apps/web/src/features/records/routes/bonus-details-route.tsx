import '@/lib/records-texts';
import type { BonusPage, BonusStatus } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { QueryContent } from '@/components/query-content';
import { useSession } from '@/lib/session';
import { getBonusesQueryOptions, RECORDS_PAGE_SIZE } from '../api/records';
import { DateRangeFilter } from '../components/date-range-filter';
import { RecordsLoggedOut } from '../components/logged-out';
import { Pager } from '@/components/pager';
import shared from '@/components/money-page.module.css';
import styles from '@/components/records.module.css';
import { initialRange, type DateRange } from '../date-range';
import { useMerchantToday } from '../use-merchant-today';
import { formatTime } from '@/lib/format-time';
import { signedAmount } from '@/lib/record-format';
import { useRecordsTranslation } from '@/lib/records-texts';

const STATUSES: readonly BonusStatus[] = ['active', 'completed', 'cancelled'];

function BonusTable({ data }: { data: BonusPage }) {
  const { t } = useRecordsTranslation();
  const symbol = data.currencySymbol;
  const money = (text: string) => signedAmount(text, symbol);
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="bonus-table">
        <thead>
          <tr>
            <th scope="col">{t('bonus.time')}</th>
            <th scope="col">{t('bonus.name')}</th>
            <th scope="col" className={styles.number}>
              {t('bonus.amount')}
            </th>
            <th scope="col" className={styles.number}>
              {t('bonus.required')}
            </th>
            <th scope="col" className={styles.number}>
              {t('bonus.done')}
            </th>
            <th scope="col" className={styles.number}>
              {t('bonus.left')}
            </th>
            <th scope="col">{t('bonus.status')}</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((bonus) => (
            <tr key={bonus.id} data-testid="bonus-row">
              <td data-label={t('bonus.time')}>
                <time dateTime={bonus.time}>{formatTime(bonus.time)}</time>
              </td>
              <td data-label={t('bonus.name')}>{bonus.title}</td>
              <td data-label={t('bonus.amount')} className={styles.number}>
                {money(bonus.amount)}
              </td>
              <td data-label={t('bonus.required')} className={styles.number}>
                {money(bonus.turnoverRequired)}
              </td>
              <td data-label={t('bonus.done')} className={styles.number}>
                {money(bonus.turnoverDone)}
              </td>
              <td data-label={t('bonus.left')} className={styles.number}>
                {money(bonus.turnoverLeft)}
              </td>
              <td data-label={t('bonus.status')} data-testid="bonus-status">
                {t(`bonus.statuses.${bonus.status}`)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `/member/bonusDetails`: the member's bonuses and the turnover each still asks. */
export default function BonusDetailsRoute() {
  const { t } = useRecordsTranslation();
  const session = useSession();
  const today = useMerchantToday();
  const [range, setRange] = useState<DateRange>(() => initialRange(today));
  const [status, setStatus] = useState<BonusStatus | null>(null);
  const [page, setPage] = useState(1);
  const bonuses = useQuery({
    ...getBonusesQueryOptions(range, status, page),
    enabled: Boolean(session),
  });

  if (!session) return <RecordsLoggedOut />;

  return (
    <div className={shared.page} data-testid="bonus-details">
      <h2 className={shared.title}>{t('bonus.title')}</h2>
      <section className={shared.cardCompact}>
        <fieldset className={shared.chips}>
          <legend>{t('bonus.status')}</legend>
          {[null, ...STATUSES].map((option) => (
            <button
              key={option ?? 'all'}
              type="button"
              className={shared.chip}
              aria-pressed={status === option}
              onClick={() => {
                setStatus(option);
                setPage(1);
              }}
              data-testid={`bonus-status-${option ?? 'all'}`}
            >
              {option ? t(`bonus.statuses.${option}`) : t('bonus.all')}
            </button>
          ))}
        </fieldset>
        <DateRangeFilter
          value={range}
          onChange={(next) => {
            setRange(next);
            setPage(1);
          }}
          testId="bonus"
        />
      </section>
      <QueryContent query={bonuses}>
        {(data) => (
          <section className={shared.cardCompact} aria-busy={bonuses.isFetching}>
            <dl className={styles.summary}>
              <div>
                <dt>{t('bonus.remaining')}</dt>
                <dd data-testid="bonus-remaining-turnover">
                  {signedAmount(data.remainingTurnover, data.currencySymbol)}
                </dd>
              </div>
            </dl>
            {data.total === 0 ? (
              <EmptyState title={t('bonus.empty')} />
            ) : (
              <>
                <BonusTable data={data} />
                <Pager
                  page={page}
                  size={RECORDS_PAGE_SIZE}
                  total={data.total}
                  onPage={setPage}
                  testId="bonus"
                />
              </>
            )}
          </section>
        )}
      </QueryContent>
    </div>
  );
}
