import type { DepositChannel } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDepositTranslation } from '../deposit-texts';
import { getDepositsQueryOptions, HISTORY_PAGE_SIZE } from '../api/deposit';
import { displayAmount } from '@/lib/amount';
import { historyDateFormat, HistoryRowColumns, HistoryCard } from '@/components/money-history';
import { DepositStatusBadge } from './status-badge';
import styles from './deposit.module.css';

type DepositHistoryProps = { channels: DepositChannel[]; currencySymbol: string };

/** The member's deposits, newest first, ten a page, with a rejection's reason. */
export function DepositHistory({ channels, currencySymbol }: DepositHistoryProps) {
  const { t, language } = useDepositTranslation();
  const [page, setPage] = useState(1);
  const deposits = useQuery(getDepositsQueryOptions(page));
  const when = historyDateFormat(language);

  return (
    <HistoryCard
      title={t('history.title')}
      testId="deposit-history"
      emptyText={t('history.empty')}
      query={deposits}
      pageSize={HISTORY_PAGE_SIZE}
      page={page}
      onPage={setPage}
      t={t}
    >
      {(items) => (
        <ul className={styles.history}>
          {items.map((deposit) => {
            const channel = channels.find((entry) => entry.id === deposit.channelId);
            return (
              <li key={deposit.id} className={styles.row} data-testid={`deposit-row-${deposit.id}`}>
                <HistoryRowColumns
                  id={deposit.id}
                  amount={displayAmount(deposit.amount, currencySymbol)}
                  detail={`${channel?.name ?? t(`history.${deposit.kind}`)}${deposit.reference ? ` · ${deposit.reference}` : ''}`}
                  createdAt={deposit.createdAt}
                  when={when}
                  status={
                    <DepositStatusBadge status={deposit.status} testId="deposit-row-status" />
                  }
                />
                {deposit.feeBearer === 'member' && deposit.fee !== '0.00' && (
                  <p className={styles.reason} data-testid="deposit-row-fee">
                    {t('history.fee', {
                      fee: displayAmount(deposit.fee, currencySymbol),
                      credit: displayAmount(deposit.creditAmount, currencySymbol),
                    })}
                  </p>
                )}
                {deposit.reason && (
                  <p className={styles.reason} data-testid="deposit-row-reason">
                    {t('history.reason', { reason: deposit.reason })}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </HistoryCard>
  );
}
