import type { AdminGatewayCallback } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { FilterBar, TextFilter, typedFilter, useListFilter } from '@/components/filter-bar';
import { ListPage } from '@/components/list-page';
import { PagedTable } from '@/components/paged-table';
import { RowButton } from '@/components/row-button';
import { ChoiceFilter } from '@/components/status-filter';
import { useDisplayTime } from '@/lib/merchant-zone';
import { getCallbacksQueryOptions, type CallbackFilter } from '../api/callbacks';
import styles from './callbacks-route.module.css';

/**
 * The verdicts of callbacks matched to this merchant's deposits and payouts (payments, deposit
 * and withdrawal modules); unmatched or unsigned callbacks belong to no merchant.
 */
const VERDICTS = [
  'credited',
  'paid',
  'failed',
  'duplicate',
  'replayed',
  'amount_mismatch',
  'currency_mismatch',
  'not_pending',
  'not_processing',
] as const;

function CallbackDialog({
  callback,
  onClose,
}: {
  callback: AdminGatewayCallback;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('callbacks.detail', { id: callback.id })}
      onClose={onClose}
      wide
      testId="callback-detail"
      actions={
        <button type="button" className="button" onClick={onClose}>
          {t('common.close')}
        </button>
      }
    >
      <h3>{t('callbacks.headers')}</h3>
      <pre className={styles.code}>{JSON.stringify(callback.headers, null, 2)}</pre>
      <h3>{t('callbacks.body')}</h3>
      <pre className={styles.code} data-testid="callback-body">
        {callback.body}
      </pre>
    </Dialog>
  );
}

/** The gateway callback log: every callback about this merchant's payments, newest first. */
export function CallbacksRoute() {
  const displayTime = useDisplayTime();
  const { t } = useTranslation();
  const { filter, refine, onPage } = useListFilter<CallbackFilter>({ page: 1 });
  const [paymentId, setPaymentId] = useState('');
  const [open, setOpen] = useState<AdminGatewayCallback | null>(null);
  const query = useQuery(getCallbacksQueryOptions(filter));
  return (
    <ListPage title="callbacks" testId="callbacks-page">
      <FilterBar onSearch={() => refine({ paymentId: typedFilter(paymentId) })}>
        <ChoiceFilter
          title={t('callbacks.verdict')}
          options={VERDICTS}
          value={VERDICTS.find((verdict) => verdict === filter.verdict)}
          label={(verdict) => verdict}
          onChange={(verdict) => refine({ verdict })}
          testId="callbacks-verdict"
          inline
        />
        <TextFilter label={t('callbacks.paymentId')} value={paymentId} onChange={setPaymentId} />
      </FilterBar>
      <PagedTable
        query={query}
        columns={[
          { label: t('callbacks.receivedAt') },
          { label: t('callbacks.gateway') },
          { label: t('callbacks.paymentId') },
          { label: t('callbacks.deposit') },
          { label: t('callbacks.signature') },
          { label: t('callbacks.verdict') },
          { label: t('common.actions') },
        ]}
        row={(callback) => (
          <tr key={callback.id} data-testid={`callback-${callback.id}`}>
            <td>{displayTime(callback.receivedAt)}</td>
            <td>{callback.gatewayCode}</td>
            <td>{callback.paymentId}</td>
            <td>{callback.depositId}</td>
            <td>{callback.signatureValid ? t('common.yes') : t('common.no')}</td>
            <td>{callback.verdict}</td>
            <td>
              <RowButton onClick={() => setOpen(callback)} testId={`callback-open-${callback.id}`}>
                {t('callbacks.open')}
              </RowButton>
            </td>
          </tr>
        )}
        onPage={onPage}
        testId="callbacks"
        tableTestId="callbacks"
      />
      {open && <CallbackDialog callback={open} onClose={() => setOpen(null)} />}
    </ListPage>
  );
}

export default CallbacksRoute;
