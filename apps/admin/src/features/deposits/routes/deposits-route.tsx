import { DepositStatus, type AdminDeposit } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListFilter } from '@/components/filter-bar';
import { QueuePage } from '@/components/list-page';
import { PagedTable } from '@/components/paged-table';
import { DecisionButtons } from '@/components/decision-buttons';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ImageButton } from '@/components/image-viewer';
import { ReasonDialog } from '@/components/reason-dialog';
import { displayAmount } from '@/lib/format';
import { useDisplayTime } from '@/lib/merchant-zone';
import {
  approveDeposit,
  getDepositsQueryOptions,
  rejectDeposit,
  type DepositFilter,
} from '../api/deposits';

type Decision = { kind: 'approve' | 'reject'; deposit: AdminDeposit };

/** The deposit queue: manual deposits wait here with their receipts for an operator's decision. */
export function DepositsRoute() {
  const displayTime = useDisplayTime();
  const { t } = useTranslation();
  const { filter, refine, onPage } = useListFilter<DepositFilter>({ page: 1, status: 'pending' });
  const [decision, setDecision] = useState<Decision | null>(null);
  const query = useQuery(getDepositsQueryOptions(filter));

  return (
    <QueuePage
      title="deposits"
      name="deposits"
      statuses={DepositStatus.options}
      statusLabel={(status) => t(`depositStatus.${status}`)}
      status={filter.status}
      refine={refine}
    >
      <PagedTable
        query={query}
        onPage={onPage}
        testId="deposits"
        columns={[
          { label: t('common.id') },
          { label: t('common.member') },
          { label: t('deposits.channel') },
          { label: t('common.amount'), number: true },
          { label: t('deposits.reference') },
          { label: t('common.status') },
          { label: t('common.createdAt') },
          { label: t('common.actions') },
        ]}
        row={(deposit) => (
          <tr key={deposit.id} data-testid={`deposit-row-${deposit.id}`}>
            <td>{deposit.id}</td>
            <td>{deposit.username}</td>
            <td>
              {deposit.channelName} · {t(`depositKind.${deposit.kind}`)}
            </td>
            <td className="number">
              {displayAmount(deposit.amount)} {deposit.currency}
              {deposit.fee !== '0.00' && (
                <div className="muted" data-testid="deposit-fee">
                  {t(`deposits.fee.${deposit.feeBearer}`, {
                    fee: displayAmount(deposit.fee),
                    credit: displayAmount(deposit.creditAmount),
                  })}
                </div>
              )}
            </td>
            <td>{deposit.reference}</td>
            <td data-testid="deposit-status">
              {t(`depositStatus.${deposit.status}`)}
              {deposit.reason && <div className="muted">{deposit.reason}</div>}
            </td>
            <td>
              {displayTime(deposit.createdAt)}
              {deposit.decidedAt && <div className="muted">{displayTime(deposit.decidedAt)}</div>}
            </td>
            <td className="actions">
              {deposit.hasReceipt && (
                <ImageButton
                  path={`/deposits/${deposit.id}/receipt`}
                  label={t('deposits.receipt')}
                  testId={`deposit-receipt-${deposit.id}`}
                />
              )}
              {deposit.status === 'pending' && deposit.kind === 'manual' && (
                <DecisionButtons
                  kind="deposit"
                  id={deposit.id}
                  onApprove={() => setDecision({ kind: 'approve', deposit })}
                  onReject={() => setDecision({ kind: 'reject', deposit })}
                />
              )}
            </td>
          </tr>
        )}
      />
      {decision?.kind === 'approve' && (
        <ConfirmDialog
          title={t('deposits.approveTitle', { id: decision.deposit.id })}
          text={t('deposits.approveText', {
            amount: displayAmount(decision.deposit.creditAmount),
            currency: decision.deposit.currency,
            member: decision.deposit.username,
          })}
          confirmLabel={t('common.approve')}
          onConfirm={() => approveDeposit(decision.deposit.id)}
          onClose={() => setDecision(null)}
          testId="deposit-approve"
        />
      )}
      {decision?.kind === 'reject' && (
        <ReasonDialog
          title={t('deposits.rejectTitle', { id: decision.deposit.id })}
          confirmLabel={t('common.reject')}
          onConfirm={(reason) => rejectDeposit(decision.deposit.id, reason)}
          onClose={() => setDecision(null)}
          testId="deposit-reject"
        />
      )}
    </QueuePage>
  );
}

export default DepositsRoute;
