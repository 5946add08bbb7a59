import '../transfer-texts';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '@/components/empty-state';
import { QueryContent } from '@/components/query-content';
import { useSession } from '@/lib/session';
import { getUplineInfoQueryOptions } from '../api/transfer';
import { PeerTransferForm } from '../components/peer-transfer-form';
import { LoggedOutState } from '@/components/logged-out-state';
import shared from '@/components/money-page.module.css';
import { useTransferTranslation } from '../transfer-texts';

/** `/member/transferUpline`: send money from the main wallet to the account's direct upline. */
export default function TransferUplineRoute() {
  const { t } = useTransferTranslation();
  const session = useSession();
  const info = useQuery({
    ...getUplineInfoQueryOptions(),
    enabled: Boolean(session) && !session?.isTrial,
  });

  if (!session) return <LoggedOutState title={t('loggedOut')} />;
  if (session.isTrial) return <EmptyState icon="lock" title={t('trial')} />;

  return (
    <div className={shared.page} data-testid="transfer-upline-page">
      <h2 className={shared.title}>{t('upline.title')}</h2>
      <QueryContent query={info}>
        {(data) =>
          data.upline ? (
            <section className={shared.card}>
              <PeerTransferForm mode="upline" info={data} uplineName={data.upline.displayName} />
            </section>
          ) : (
            <div data-testid="upline-transfer-none">
              <EmptyState icon="user" title={t('upline.noUpline')} />
            </div>
          )
        }
      </QueryContent>
    </div>
  );
}
