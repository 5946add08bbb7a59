import { AdjustmentStatus, type AdminAdjustment } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListFilter } from '@/components/filter-bar';
import { QueuePage } from '@/components/list-page';
import { PagedTable } from '@/components/paged-table';
import { DecisionButtons } from '@/components/decision-buttons';
import { QueryContent } from '@/components/query-content';
import { ReasonDialog } from '@/components/reason-dialog';
import { fieldIssues } from '@app/client';
import { errorText, issueText } from '@/lib/error-text';
import { displayAmount } from '@/lib/format';
import { useDisplayTime } from '@/lib/merchant-zone';
import { useCan, useOperator } from '@/lib/use-operator';
import {
  decideAdjustment,
  getAdjustmentSettingsQueryOptions,
  getAdjustmentsQueryOptions,
  updateAdjustmentSettings,
  type AdjustmentFilter,
} from '../api/adjustments';

type Decision = { kind: 'approve' | 'reject'; adjustment: AdminAdjustment };

/** The approval threshold; only an owner (operators.manage) may change it. */
function Threshold() {
  const { t } = useTranslation();
  const canChange = useCan('operators.manage');
  const query = useQuery(getAdjustmentSettingsQueryOptions());
  const [draft, setDraft] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (draft === null) return;
    setMessage(null);
    try {
      await updateAdjustmentSettings(draft.trim());
      setDraft(null);
    } catch (error) {
      setMessage(issueText(t, fieldIssues(error).approvalThreshold) ?? errorText(t, error));
    }
  }

  return (
    <QueryContent query={query}>
      {(settings) => (
        <form
          className="toolbar"
          onSubmit={(event) => void save(event)}
          data-testid="adjustment-threshold"
        >
          <label className="field field--inline">
            <span>{t('adjustments.threshold')}</span>
            <input
              value={draft ?? settings.approvalThreshold}
              onChange={(event) => setDraft(event.target.value)}
              readOnly={!canChange}
              inputMode="decimal"
              data-testid="adjustment-threshold-input"
            />
          </label>
          {canChange && (
            <button type="submit" className="button" disabled={draft === null}>
              {t('common.save')}
            </button>
          )}
          {message && (
            <span className="form__error" role="alert">
              {message}
            </span>
          )}
        </form>
      )}
    </QueryContent>
  );
}

/** Balance adjustments: the ones waiting for a second operator, and the decided ones. */
export function AdjustmentsRoute() {
  const displayTime = useDisplayTime();
  const { t } = useTranslation();
  const operator = useOperator();
  const { filter, refine, onPage } = useListFilter<AdjustmentFilter>({
    page: 1,
    status: 'pending',
  });
  const [decision, setDecision] = useState<Decision | null>(null);
  const query = useQuery(getAdjustmentsQueryOptions(filter));

  return (
    <QueuePage
      title="adjustments"
      name="adjustments"
      statuses={AdjustmentStatus.options}
      statusLabel={(status) => t(`adjustmentStatus.${status}`)}
      status={filter.status}
      refine={refine}
    >
      <Threshold />
      <PagedTable
        query={query}
        onPage={onPage}
        testId="adjustments"
        columns={[
          { label: t('common.id') },
          { label: t('common.member') },
          { label: t('common.amount'), number: true },
          { label: t('common.reason') },
          { label: t('adjustments.requestedBy') },
          { label: t('common.status') },
          { label: t('common.actions') },
        ]}
        row={(adjustment) => (
          <tr key={adjustment.id} data-testid={`adjustment-row-${adjustment.id}`}>
            <td>{adjustment.id}</td>
            <td>
              <Link to={`/members/${adjustment.memberId}`}>{adjustment.username}</Link>
            </td>
            <td className="number">{displayAmount(adjustment.amount)}</td>
            <td>{adjustment.reason}</td>
            <td>
              {adjustment.requestedBy.username}
              <div className="muted">{displayTime(adjustment.requestedAt)}</div>
            </td>
            <td>
              {t(`adjustmentStatus.${adjustment.status}`)}
              {adjustment.decidedBy && (
                <div className="muted">
                  {adjustment.decidedBy.username} · {adjustment.decisionReason}
                </div>
              )}
            </td>
            <td className="actions">
              {adjustment.status === 'pending' && adjustment.requestedBy.id !== operator.id && (
                <DecisionButtons
                  kind="adjustment"
                  id={adjustment.id}
                  onApprove={() => setDecision({ kind: 'approve', adjustment })}
                  onReject={() => setDecision({ kind: 'reject', adjustment })}
                />
              )}
            </td>
          </tr>
        )}
      />
      {decision && (
        <ReasonDialog
          title={t(`adjustments.${decision.kind}Title`, { id: decision.adjustment.id })}
          confirmLabel={decision.kind === 'approve' ? t('common.approve') : t('common.reject')}
          onConfirm={(reason) => decideAdjustment(decision.adjustment.id, decision.kind, reason)}
          onClose={() => setDecision(null)}
          testId="adjustment-decide"
        />
      )}
    </QueuePage>
  );
}

export default AdjustmentsRoute;
