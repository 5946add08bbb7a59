import '@/lib/records-texts';
import type { RecordCategory, TransactionPage, TransactionRecord } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { QueryContent } from '@/components/query-content';
import { cx } from '@/lib/class-names';
import { useSession } from '@/lib/session';
import { getTransactionsQueryOptions, RECORDS_PAGE_SIZE } from '../api/records';
import { DateRangeFilter } from '../components/date-range-filter';
import { RecordsLoggedOut } from '../components/logged-out';
import { Pager } from '@/components/pager';
import shared from '@/components/money-page.module.css';
import styles from '@/components/records.module.css';
import { initialRange, type DateRange } from '../date-range';
import { useMerchantToday } from '../use-merchant-today';
import { formatTime } from '@/lib/format-time';
import { amountSign, RECORD_CATEGORY_CHOICES, signedAmount } from '@/lib/record-format';
import { useRecordsTranslation, type RecordsT } from '@/lib/records-texts';

function details(t: RecordsT, row: TransactionRecord): string {
  const parts: string[] = [];
  if (row.counterpart) {
    const incoming = !row.amount.startsWith('-');
    const isTransfer = row.type.startsWith('transfer') || row.type.startsWith('wallet');
    if (isTransfer) {
      parts.push(
        t(incoming ? 'transactions.from' : 'transactions.toName', { name: row.counterpart }),
      );
    } else {
      parts.push(row.counterpart);
    }
  }
  if (row.gameCategory) parts.push(row.gameCategory);
  if (row.reference) parts.push(t('transactions.ref', { reference: row.reference }));
  if (row.wallet !== 'main') {
    const wallet = row.wallet === 'commission' ? t('transactions.commissionWallet') : row.wallet;
    parts.push(t('transactions.wallet', { wallet }));
  }
  return parts.join(' · ');
}

function TransactionTable({ data }: { data: TransactionPage }) {
  const { t } = useRecordsTranslation();
  const symbol = data.currencySymbol;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="transactions-table">
        <thead>
          <tr>
            <th scope="col">{t('transactions.time')}</th>
            <th scope="col">{t('transactions.type')}</th>
            <th scope="col" className={styles.number}>
              {t('transactions.amount')}
            </th>
            <th scope="col" className={styles.number}>
              {t('transactions.balance')}
            </th>
            <th scope="col">{t('transactions.details')}</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((row) => {
            const sign = amountSign(row.amount);
            return (
              <tr key={row.id} data-testid="transaction-row" data-type={row.type}>
                <td data-label={t('transactions.time')}>
                  <time dateTime={row.time}>{formatTime(row.time)}</time>
                </td>
                <td data-label={t('transactions.type')} data-testid="transaction-type">
                  {t(`transactions.types.${row.type}`)}
                </td>
                <td
                  data-label={t('transactions.amount')}
                  className={cx(
                    styles.number,
                    sign === 'positive' && styles.positive,
                    sign === 'negative' && styles.negative,
                  )}
                  data-testid="transaction-amount"
                >
                  {signedAmount(row.amount, symbol)}
                </td>
                <td data-label={t('transactions.balance')} className={styles.number}>
                  {signedAmount(row.balanceAfter, symbol)}
                </td>
                <td data-label={t('transactions.details')}>{details(t, row) || '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** `/member/transactionHistory` (account record): every movement of the member's wallets. */
export default function TransactionHistoryRoute() {
  const { t } = useRecordsTranslation();
  const session = useSession();
  const id = useId();
  const today = useMerchantToday();
  const [range, setRange] = useState<DateRange>(() => initialRange(today));
  const [category, setCategory] = useState<RecordCategory | null>(null);
  const [page, setPage] = useState(1);
  const records = useQuery({
    ...getTransactionsQueryOptions(range, category, page),
    enabled: Boolean(session),
  });

  if (!session) return <RecordsLoggedOut />;

  return (
    <div className={shared.page} data-testid="transaction-history">
      <h2 className={shared.title}>{t('transactions.title')}</h2>
      <section className={shared.cardCompact}>
        <label className={styles.field} htmlFor={`${id}-type`}>
          {t('transactions.type')}
          <select
            id={`${id}-type`}
            className={styles.input}
            value={category ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setCategory(value === '' ? null : (value as RecordCategory));
              setPage(1);
            }}
            data-testid="transactions-type"
          >
            <option value="">{t('transactions.all')}</option>
            {RECORD_CATEGORY_CHOICES.map((option) => (
              <option key={option} value={option}>
                {t(`transactions.categories.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <DateRangeFilter
          value={range}
          onChange={(next) => {
            setRange(next);
            setPage(1);
          }}
          testId="transactions"
        />
      </section>
      <section className={shared.cardCompact} aria-busy={records.isFetching}>
        <QueryContent query={records}>
          {(data) =>
            data.items.length === 0 && data.total === 0 ? (
              <EmptyState title={t('transactions.empty')} />
            ) : (
              <>
                <dl className={styles.summary}>
                  <div>
                    <dt>{t('transactions.totalIn')}</dt>
                    <dd className={styles.positive} data-testid="transactions-total-in">
                      {signedAmount(data.totalIn, data.currencySymbol)}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('transactions.totalOut')}</dt>
                    <dd className={styles.negative} data-testid="transactions-total-out">
                      {signedAmount(data.totalOut, data.currencySymbol)}
                    </dd>
                  </div>
                </dl>
                <TransactionTable data={data} />
                <Pager
                  page={page}
                  size={RECORDS_PAGE_SIZE}
                  total={data.total}
                  onPage={setPage}
                  testId="transactions"
                />
              </>
            )
          }
        </QueryContent>
      </section>
    </div>
  );
}
