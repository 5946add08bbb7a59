import type { AdminGatewayCallback } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { PagedTable } from '@/components/paged-table';
import { displayTime } from '@/lib/format';
import {
  CALLBACKS_PAGE_SIZE,
  getCallbacksQueryOptions,
  type CallbackFilter,
} from '../api/callbacks';
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
  const { t } = useTranslation();
  const [filter, setFilter] = useState<CallbackFilter>({ page: 1 });
  const [paymentId, setPaymentId] = useState('');
  const [open, setOpen] = useState<AdminGatewayCallback | null>(null);
  const query = useQuery(getCallbacksQueryOptions(filter));
  return (
    <section className="page" data-testid="callbacks-page">
      <header className="page__header">
        <h1>{t('nav.callbacks')}</h1>
      </header>
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter({ ...filter, paymentId: paymentId.trim() || undefined, page: 1 });
        }}
      >
        <label className="field field--inline">
          <span>{t('callbacks.verdict')}</span>
          <select
            value={filter.verdict ?? ''}
            onChange={(event) =>
              setFilter({ ...filter, verdict: event.target.value || undefined, page: 1 })
            }
            data-testid="callbacks-verdict"
          >
            <option value="">{t('common.all')}</option>
            {VERDICTS.map((verdict) => (
              <option key={verdict} value={verdict}>
                {verdict}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('callbacks.paymentId')}</span>
          <input value={paymentId} onChange={(event) => setPaymentId(event.target.value)} />
        </label>
        <button type="submit" className="button">
          {t('common.search')}
        </button>
      </form>
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
              <button
                type="button"
                className="button"
                onClick={() => setOpen(callback)}
                data-testid={`callback-open-${callback.id}`}
              >
                {t('callbacks.open')}
              </button>
            </td>
          </tr>
        )}
        onPage={(page) => setFilter({ ...filter, page })}
        pageSize={CALLBACKS_PAGE_SIZE}
        testId="callbacks"
        tableTestId="callbacks"
      />
      {open && <CallbackDialog callback={open} onClose={() => setOpen(null)} />}
    </section>
  );
}

export default CallbacksRoute;
