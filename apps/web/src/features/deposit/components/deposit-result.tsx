import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDepositTranslation } from '../deposit-texts';
import { ApiError } from '@app/client';
import { errorText } from '@/lib/error-text';
import {
  getDepositQueryOptions,
  isWaiting,
  POLL_FOR_MS,
  refreshAfterDeposit,
} from '../api/deposit';
import { displayAmount } from '@/lib/amount';
import { DepositStatusBadge } from './status-badge';
import shared from '@/components/money-page.module.css';
import styles from './deposit.module.css';
import { Button } from '@/components/button';

type DepositResultProps = { id: number; currencySymbol: string; onDismiss: () => void };

/**
 * The deposit the member just made or came back from the gateway with: its status, reloaded by
 * the live socket's deposit event, and asked again while it is pending (every 2 s for a minute,
 * then less often). When it leaves pending the list and the balances are refreshed (the header
 * also gets the new balance from the live socket).
 */
export function DepositResult({ id, currencySymbol, onDismiss }: DepositResultProps) {
  const { t } = useDepositTranslation();
  const { t: tMain } = useTranslation();
  const [since] = useState(() => Date.now());
  const deposit = useQuery(getDepositQueryOptions(id, since));
  const status = deposit.data?.status;
  const settled = useRef(false);
  const card = useRef<HTMLElement>(null);

  // Shown after a submit at the bottom of a phone screen, or on the way back from the gateway.
  useEffect(() => {
    card.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, []);

  useEffect(() => {
    if (!deposit.data || isWaiting(deposit.data.status) || settled.current) return;
    settled.current = true;
    void refreshAfterDeposit(deposit.data);
  }, [deposit.data]);

  let text: string;
  if (deposit.isError && !deposit.data) {
    text =
      deposit.error instanceof ApiError && deposit.error.status === 404
        ? t('result.notFound')
        : errorText(tMain, deposit.error);
  } else if (!deposit.data || isWaiting(status)) {
    // Asked again after the first minute of quick polls: still waiting, and the page still listens.
    text =
      deposit.dataUpdatedAt - since < POLL_FOR_MS ? t('result.pending') : t('result.pendingLong');
    if (status === 'approved') text = t('result.approved');
  } else if (status === 'credited') {
    text = t('result.credited', {
      amount: displayAmount(deposit.data.creditAmount, currencySymbol),
    });
  } else if (status === 'rejected') {
    text = t('result.rejected', { reason: deposit.data.reason ?? '' });
  } else {
    text = t('result.failed');
  }

  return (
    <section
      ref={card}
      className={`${shared.card} ${styles.result}`}
      aria-live="polite"
      data-testid="deposit-result"
      data-status={status ?? 'loading'}
    >
      <div className={styles.resultText}>
        <h3 className={shared.cardTitle}>
          {t('result.title', { id })}{' '}
          {status && <DepositStatusBadge status={status} testId="deposit-result-status" />}
        </h3>
        <p className={shared.muted} data-testid="deposit-result-text">
          {text}
        </p>
      </div>
      <Button onClick={onDismiss} testId="deposit-result-close">
        {t('result.dismiss')}
      </Button>
    </section>
  );
}
