import '../withdraw-texts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryContent } from '@/components/query-content';
import { useSession } from '@/lib/session';
import { displayAmount } from '@/lib/amount';
import { getBalanceQueryOptions } from '@/lib/wallet-balance';
import { getAccountsQueryOptions, getWithdrawInfoQueryOptions } from '../api/withdraw';
import { AccountsCard } from '../components/accounts-card';
import { WithdrawForm } from '../components/withdraw-form';
import { WithdrawHistory } from '../components/withdraw-history';
import { LoggedOutState } from '@/components/logged-out-state';
import shared from '@/components/money-page.module.css';
import styles from '../components/withdraw.module.css';
import { useWithdrawTranslation } from '../withdraw-texts';

/**
 * `/member/withdraw`: the main balance, the bound payout accounts (bind, choose, remove), the
 * request form (amount within the limits, payment password) and the member's withdrawals with
 * the receipt buttons of paid ones.
 */
export default function WithdrawRoute() {
  const { t } = useWithdrawTranslation();
  const session = useSession();
  const info = useQuery({ ...getWithdrawInfoQueryOptions(), enabled: Boolean(session) });
  const accounts = useQuery({ ...getAccountsQueryOptions(), enabled: Boolean(session) });
  const balance = useQuery({ ...getBalanceQueryOptions(), enabled: Boolean(session) });
  const [chosen, setChosen] = useState<number | null>(null);

  if (!session) return <LoggedOutState title={t('loggedOut')} />;

  const symbol = info.data?.currencySymbol ?? '';
  // The live balance (the socket writes it) once known; the page's own figure before that.
  const shownBalance = balance.data?.balance ?? info.data?.balance;
  const items = accounts.data?.items ?? [];
  const selected = items.some((a) => a.id === chosen) ? chosen : (items[0]?.id ?? null);

  return (
    <div className={shared.page} data-testid="withdraw-page">
      <h2 className={shared.title}>{t('title')}</h2>
      <div className={`${shared.card} ${styles.balance}`}>
        <span className={shared.muted}>{t('balance')}</span>
        <span className={styles.balanceValue} data-testid="withdraw-balance">
          {shownBalance ? displayAmount(shownBalance, symbol) : '…'}
        </span>
      </div>
      <div className={shared.layout}>
        <div className={shared.page}>
          <QueryContent query={accounts}>
            {(list) => <AccountsCard accounts={list} selected={selected} onSelect={setChosen} />}
          </QueryContent>
          <QueryContent query={info}>
            {(data) => <WithdrawForm info={data} payoutAccountId={selected} />}
          </QueryContent>
        </div>
        <WithdrawHistory currencySymbol={symbol} />
      </div>
    </div>
  );
}
