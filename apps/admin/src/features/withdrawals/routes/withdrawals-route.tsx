import { WithdrawalStatus, type AdminWithdrawal, type Withdrawal } from '@app/shared';
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
  approveWithdrawal,
  retryPayout,
  getWithdrawalsQueryOptions,
  rejectWithdrawal,
  type WithdrawalFilter,
} from '../api/withdrawals';

type Decision = { kind: 'approve' | 'reject' | 'retry'; withdrawal: AdminWithdrawal };

function Payee({ payee }: { payee: AdminWithdrawal['payee'] }) {
  const { t } = useTranslation();
  return (
    <>
      <div>
        {t(`payoutMethod.${payee.method}`)}
        {payee.bankName && ` · ${payee.bankName}`}
      </div>
      <div className="muted">
        {payee.accountName} · {payee.accountNumber}
      </div>
    </>
  );
}

/**
 * The withdrawal queue: approve (the gateway pays out) or reject with a reason (the hold goes
 * back); paid ones show the member's receipt answer and proof image.
 */
export function WithdrawalsRoute() {
  const displayTime = useDisplayTime();
  const { t } = useTranslation();
  const { filter, refine, onPage } = useListFilter<WithdrawalFilter>({
    page: 1,
    status: 'pending',
  });
  const [decision, setDecision] = useState<Decision | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const query = useQuery(getWithdrawalsQueryOptions(filter));

  async function decide(withdrawal: AdminWithdrawal, send: (id: number) => Promise<Withdrawal>) {
    const result = await send(withdrawal.id);
    setOutcome(
      t('withdrawals.approved', { id: result.id, status: t(`withdrawalStatus.${result.status}`) }),
    );
  }

  return (
    <QueuePage
      title="withdrawals"
      name="withdrawals"
      statuses={WithdrawalStatus.options}
      statusLabel={(status) => t(`withdrawalStatus.${status}`)}
      status={filter.status}
      refine={refine}
    >
      {outcome && (
        <p className="notice" role="status" data-testid="withdrawals-outcome">
          {outcome}
        </p>
      )}
      <PagedTable
        query={query}
        onPage={onPage}
        testId="withdrawals"
        columns={[
          { label: t('common.id') },
          { label: t('common.member') },
          { label: t('common.amount'), number: true },
          { label: t('withdrawals.payee') },
          { label: t('common.status') },
          { label: t('withdrawals.receipt') },
          { label: t('common.createdAt') },
          { label: t('common.actions') },
        ]}
        row={(withdrawal) => (
          <tr key={withdrawal.id} data-testid={`withdrawal-row-${withdrawal.id}`}>
            <td>{withdrawal.id}</td>
            <td>{withdrawal.username}</td>
            <td className="number">
              {displayAmount(withdrawal.amount)} {withdrawal.currency}
            </td>
            <td>
              <Payee payee={withdrawal.payee} />
            </td>
            <td data-testid="withdrawal-status">
              {t(`withdrawalStatus.${withdrawal.status}`)}
              {withdrawal.reason && <div className="muted">{withdrawal.reason}</div>}
            </td>
            <td>
              {withdrawal.receiptStatus && (
                <div>{t(`receiptStatus.${withdrawal.receiptStatus}`)}</div>
              )}
              {withdrawal.receiptNote && <div className="muted">{withdrawal.receiptNote}</div>}
            </td>
            <td>
              {displayTime(withdrawal.createdAt)}
              {withdrawal.paidAt && <div className="muted">{displayTime(withdrawal.paidAt)}</div>}
            </td>
            <td className="actions">
              {withdrawal.hasProof && (
                <ImageButton
                  path={`/withdrawals/${withdrawal.id}/proof`}
                  label={t('withdrawals.proof')}
                  testId={`withdrawal-proof-${withdrawal.id}`}
                />
              )}
              {withdrawal.status === 'processing' && withdrawal.gatewayPayoutId === null && (
                <button
                  type="button"
                  className="button"
                  onClick={() => setDecision({ kind: 'retry', withdrawal })}
                  data-testid={`withdrawal-retry-${withdrawal.id}`}
                >
                  {t('withdrawals.retry')}
                </button>
              )}
              {withdrawal.status === 'pending' && (
                <DecisionButtons
                  kind="withdrawal"
                  id={withdrawal.id}
                  onApprove={() => setDecision({ kind: 'approve', withdrawal })}
                  onReject={() => setDecision({ kind: 'reject', withdrawal })}
                  approveLabel={t('withdrawals.approve')}
                />
              )}
            </td>
          </tr>
        )}
      />
      {decision?.kind === 'approve' && (
        <ConfirmDialog
          title={t('withdrawals.approveTitle', { id: decision.withdrawal.id })}
          text={t('withdrawals.approveText', {
            amount: displayAmount(decision.withdrawal.amount),
            currency: decision.withdrawal.currency,
            member: decision.withdrawal.username,
            account: decision.withdrawal.payee.accountNumber,
          })}
          confirmLabel={t('withdrawals.approve')}
          onConfirm={() => decide(decision.withdrawal, approveWithdrawal)}
          onClose={() => setDecision(null)}
          testId="withdrawal-approve"
        />
      )}
      {decision?.kind === 'retry' && (
        <ConfirmDialog
          title={t('withdrawals.retryTitle', { id: decision.withdrawal.id })}
          text={t('withdrawals.retryText')}
          confirmLabel={t('withdrawals.retry')}
          onConfirm={() => decide(decision.withdrawal, retryPayout)}
          onClose={() => setDecision(null)}
          testId="withdrawal-retry"
        />
      )}
      {decision?.kind === 'reject' && (
        <ReasonDialog
          title={t('withdrawals.rejectTitle', { id: decision.withdrawal.id })}
          confirmLabel={t('common.reject')}
          onConfirm={(reason) => rejectWithdrawal(decision.withdrawal.id, reason)}
          onClose={() => setDecision(null)}
          testId="withdrawal-reject"
        />
      )}
    </QueuePage>
  );
}

export default WithdrawalsRoute;
