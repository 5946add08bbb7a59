// The money helpers alone: the shared index would pull zod into the first paint.
import { formatDisplayAmount, parseAmount } from '@app/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon';
import { cx } from '@/lib/class-names';
import { localStore } from '@/lib/storage';
import { getBalanceQueryOptions } from '@/lib/wallet-balance';
import styles from './header-balance.module.css';

const HIDDEN_MASK = '••••';

/** The main wallet in the header: hide/show (remembered on this device) and refresh. */
export function HeaderBalance() {
  const { t } = useTranslation();
  const balance = useQuery(getBalanceQueryOptions());
  const [hidden, setHidden] = useState(() => localStore.get('balanceHidden') === '1');

  function toggle() {
    const next = !hidden;
    setHidden(next);
    localStore.set('balanceHidden', next ? '1' : '0');
  }

  const minor = balance.data ? parseAmount(balance.data.balance) : null;
  const shown = minor === null ? '—' : hidden ? HIDDEN_MASK : formatDisplayAmount(minor);
  return (
    <div className={styles.balance} data-testid="header-balance">
      <span className={styles.amount} aria-live="polite">
        <span className={styles.symbol}>{balance.data?.currencySymbol}</span>
        <span data-testid="header-balance-amount" aria-label={t('header.balance')}>
          {shown}
        </span>
      </span>
      <button
        type="button"
        className={styles.iconButton}
        onClick={toggle}
        aria-label={hidden ? t('header.showBalance') : t('header.hideBalance')}
        aria-pressed={hidden}
        data-testid="header-balance-toggle"
      >
        <Icon name={hidden ? 'eyeOff' : 'eye'} size={16} />
      </button>
      <button
        type="button"
        className={cx(styles.iconButton, balance.isFetching && styles.spinning)}
        onClick={() => void balance.refetch()}
        disabled={balance.isFetching}
        aria-label={t('header.refreshBalance')}
        data-testid="header-balance-refresh"
      >
        <Icon name="refresh" size={16} />
      </button>
    </div>
  );
}
