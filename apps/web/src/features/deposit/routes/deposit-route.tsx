import '../deposit-texts';
import { useQuery } from '@tanstack/react-query';
import { useDepositTranslation } from '../deposit-texts';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { QueryContent } from '@/components/query-content';
import { useSession } from '@/lib/session';
import { getBalanceQueryOptions } from '@/lib/wallet-balance';
import { getChannelsQueryOptions } from '../api/deposit';
import { DepositForm } from '../components/deposit-form';
import { DepositHistory } from '../components/deposit-history';
import { DepositResult } from '../components/deposit-result';
import { LoggedOutState } from '@/components/logged-out-state';
import shared from '@/components/money-page.module.css';

const DEPOSIT_PARAM = 'deposit';

/**
 * `/member/depositv2`: deposit through an operator-configured channel (manual with a receipt, or
 * online through a gateway), see the status of the latest one (`?deposit=<id>`, where the gateway
 * sends the member back) and the recent deposits.
 */
export default function DepositRoute() {
  const { t } = useDepositTranslation();
  const session = useSession();
  const [search, setSearch] = useSearchParams();
  const channels = useQuery({ ...getChannelsQueryOptions(), enabled: Boolean(session) });
  const balance = useQuery({ ...getBalanceQueryOptions(), enabled: Boolean(session) });
  const currencySymbol = balance.data?.currencySymbol ?? '';
  const shown = Number(search.get(DEPOSIT_PARAM));
  const shownId = Number.isSafeInteger(shown) && shown > 0 ? shown : null;

  function show(id: number | null) {
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete(DEPOSIT_PARAM);
        else next.set(DEPOSIT_PARAM, String(id));
        return next;
      },
      { replace: true },
    );
  }

  if (!session) return <LoggedOutState title={t('loggedOut')} />;

  return (
    <div className={shared.page} data-testid="deposit-page">
      <h2 className={shared.title}>{t('title')}</h2>
      {shownId !== null && (
        <DepositResult
          key={shownId}
          id={shownId}
          currencySymbol={currencySymbol}
          onDismiss={() => show(null)}
        />
      )}
      <QueryContent query={channels}>
        {(list) => (
          <div className={shared.layout}>
            {list.length === 0 ? (
              <EmptyState icon="wallet" title={t('noChannels')} />
            ) : (
              <DepositForm
                channels={list}
                currencySymbol={currencySymbol}
                onSubmitted={(id) => show(id)}
              />
            )}
            <DepositHistory channels={list} currencySymbol={currencySymbol} />
          </div>
        )}
      </QueryContent>
    </div>
  );
}
