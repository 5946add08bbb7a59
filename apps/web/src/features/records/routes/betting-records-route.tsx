import '@/lib/records-texts';
import {
  BET_STATUSES,
  GAME_CATEGORIES,
  type BetRecordPage,
  type BetStatus,
  type GameCategory,
} from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { QueryContent } from '@/components/query-content';
import { useVendorLogos, VendorLogo } from '@/components/vendor-logo';
import { cx } from '@/lib/class-names';
import { formatTime } from '@/lib/format-time';
import { useSession } from '@/lib/session';
import { useGameMenus } from '@/lib/game-menus';
import { useGamesTranslation } from '@/lib/games-texts';
import shared from '@/components/money-page.module.css';
import { getBetsQueryOptions, type BetFilters } from '../api/bets';
import { RECORDS_PAGE_SIZE } from '../api/records';
import { DateRangeFilter } from '../components/date-range-filter';
import { RecordsLoggedOut } from '../components/logged-out';
import { Pager } from '@/components/pager';
import styles from '@/components/records.module.css';
import { initialRange, type DateRange } from '../date-range';
import { useMerchantToday } from '../use-merchant-today';
import { amountSign, signedAmount } from '@/lib/record-format';

function signClass(amount: string): string | undefined {
  const sign = amountSign(amount);
  if (sign === 'positive') return styles.positive;
  return sign === 'negative' ? styles.negative : undefined;
}

function BetTable({ data }: { data: BetRecordPage }) {
  const { t, tMain } = useGamesTranslation();
  const logos = useVendorLogos();
  const symbol = data.currencySymbol;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="bets-table">
        <thead>
          <tr>
            <th scope="col">{t('bets.time')}</th>
            <th scope="col">{t('bets.vendor')}</th>
            <th scope="col">{t('bets.game')}</th>
            <th scope="col" className={styles.number}>
              {t('bets.bet')}
            </th>
            <th scope="col" className={styles.number}>
              {t('bets.win')}
            </th>
            <th scope="col" className={styles.number}>
              {t('bets.profit')}
            </th>
            <th scope="col">{t('bets.status')}</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((row) => (
            <tr key={row.id} data-testid="bet-row" data-status={row.status}>
              <td data-label={t('bets.time')}>
                <time dateTime={row.time}>{formatTime(row.time)}</time>
              </td>
              <td data-label={t('bets.vendor')} data-testid="bet-vendor">
                <span className={styles.vendorCell}>
                  <VendorLogo
                    name={row.vendorName}
                    logoUrl={logos.get(row.vendor)}
                    size="meta"
                    withName
                  />
                </span>
              </td>
              <td data-label={t('bets.game')}>
                <span data-testid="bet-game">{row.gameName}</span>
                <span className={styles.muted}>
                  {' · '}
                  {tMain(`categories.${row.gameCategory as GameCategory}`, {
                    defaultValue: row.gameCategory,
                  })}
                  {' · '}
                  {t('bets.round', { id: row.roundId })}
                </span>
              </td>
              <td data-label={t('bets.bet')} className={styles.number} data-testid="bet-bet">
                {signedAmount(row.bet, symbol)}
              </td>
              <td data-label={t('bets.win')} className={styles.number}>
                {signedAmount(row.win, symbol)}
              </td>
              <td
                data-label={t('bets.profit')}
                className={cx(styles.number, signClass(row.profit))}
                data-testid="bet-profit"
              >
                {signedAmount(row.profit, symbol)}
              </td>
              <td data-label={t('bets.status')} data-testid="bet-status">
                {t(`bets.statuses.${row.status}`)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The providers of the vendor filter: each once, though one may serve several categories. */
function useVendors(): { code: string; name: string }[] {
  const menus = useGameMenus().data ?? [];
  const byCode = new Map<string, string>();
  for (const { vendors } of menus) {
    for (const vendor of vendors) byCode.set(vendor.vassalage, vendor.displayName);
  }
  return [...byCode].map(([code, name]) => ({ code, name }));
}

const NO_FILTERS: BetFilters = { vendor: null, category: null, status: null };

/**
 * `/member/personalHistoryCopy` (betting record): every game round of the member with vendor,
 * game, bet, win, profit, status and time; narrowed by provider, game type, status and dates,
 * 20 rounds a page.
 */
export default function BettingRecordsRoute() {
  const { t, tMain } = useGamesTranslation();
  const session = useSession();
  const id = useId();
  const vendors = useVendors();
  const today = useMerchantToday();
  const [range, setRange] = useState<DateRange>(() => initialRange(today));
  const [filters, setFilters] = useState<BetFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const records = useQuery({
    ...getBetsQueryOptions(range, filters, page),
    enabled: Boolean(session),
  });

  if (!session) return <RecordsLoggedOut />;

  function narrow(changes: Partial<BetFilters>) {
    setFilters((current) => ({ ...current, ...changes }));
    setPage(1);
  }

  return (
    <div className={shared.page} data-testid="betting-records">
      <h2 className={shared.title}>{t('bets.title')}</h2>
      <section className={shared.cardCompact}>
        <div className={styles.filters}>
          <label className={styles.field} htmlFor={`${id}-vendor`}>
            {t('bets.vendor')}
            <select
              id={`${id}-vendor`}
              className={styles.input}
              value={filters.vendor ?? ''}
              onChange={(event) => narrow({ vendor: event.currentTarget.value || null })}
              data-testid="bets-vendor"
            >
              <option value="">{t('bets.allVendors')}</option>
              {vendors.map((vendor) => (
                <option key={vendor.code} value={vendor.code}>
                  {vendor.name}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field} htmlFor={`${id}-category`}>
            {t('bets.category')}
            <select
              id={`${id}-category`}
              className={styles.input}
              value={filters.category ?? ''}
              onChange={(event) => narrow({ category: event.currentTarget.value || null })}
              data-testid="bets-category"
            >
              <option value="">{t('bets.allCategories')}</option>
              {GAME_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {tMain(`categories.${category}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field} htmlFor={`${id}-status`}>
            {t('bets.status')}
            <select
              id={`${id}-status`}
              className={styles.input}
              value={filters.status ?? ''}
              onChange={(event) =>
                narrow({ status: (event.currentTarget.value || null) as BetStatus | null })
              }
              data-testid="bets-status"
            >
              <option value="">{t('bets.allStatuses')}</option>
              {BET_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`bets.statuses.${status}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <DateRangeFilter
          value={range}
          onChange={(next) => {
            setRange(next);
            setPage(1);
          }}
          testId="bets"
        />
      </section>
      <section className={shared.cardCompact} aria-busy={records.isFetching}>
        <QueryContent query={records}>
          {(data) =>
            data.total === 0 ? (
              <EmptyState title={t('bets.empty')} />
            ) : (
              <>
                <dl className={styles.summary}>
                  <div>
                    <dt>{t('bets.totalBet')}</dt>
                    <dd data-testid="bets-total-bet">
                      {signedAmount(data.totalBet, data.currencySymbol)}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('bets.totalWin')}</dt>
                    <dd data-testid="bets-total-win">
                      {signedAmount(data.totalWin, data.currencySymbol)}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('bets.totalProfit')}</dt>
                    <dd className={signClass(data.totalProfit)} data-testid="bets-total-profit">
                      {signedAmount(data.totalProfit, data.currencySymbol)}
                    </dd>
                  </div>
                </dl>
                <BetTable data={data} />
                <Pager
                  page={page}
                  size={RECORDS_PAGE_SIZE}
                  total={data.total}
                  onPage={setPage}
                  testId="bets"
                />
              </>
            )
          }
        </QueryContent>
      </section>
    </div>
  );
}
