import '../transfer-texts';
import { useQuery } from '@tanstack/react-query';
import { QueryContent } from '@/components/query-content';
import { getDownlineInfoQueryOptions } from '../api/transfer';
import { useTransferTranslation } from '../transfer-texts';
import { PeerTransferForm } from './peer-transfer-form';
import shared from '@/components/money-page.module.css';

/**
 * An agent's transfer to an account of their own downline: a card that loads its own balance and
 * limits. The transferFund page shows it to agents; the agent centre can mount it as it is.
 */
export function DownlineTransferForm() {
  const { t } = useTransferTranslation();
  const info = useQuery(getDownlineInfoQueryOptions());
  return (
    <section className={shared.card} data-testid="downline-transfer">
      <h3 className={shared.cardTitle}>{t('downline.title')}</h3>
      <QueryContent query={info}>
        {(data) => <PeerTransferForm mode="downline" info={data} />}
      </QueryContent>
    </section>
  );
}
