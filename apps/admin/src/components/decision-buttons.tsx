import { useTranslation } from 'react-i18next';

type DecisionButtonsProps = {
  /**
   * The record's kind and id name the buttons for tests: `<kind>-approve-<id>`, or
   * `<kind>-approve` on a record's own page.
   */
  kind: string;
  id?: number;
  onApprove: () => void;
  onReject: () => void;
  /** The approve button's text when approving does more than approve (pay out). */
  approveLabel?: string;
};

/** Approve and reject of one record of a queue (deposits, withdrawals, adjustments, KYC). */
export function DecisionButtons({
  kind,
  id,
  onApprove,
  onReject,
  approveLabel,
}: DecisionButtonsProps) {
  const { t } = useTranslation();
  const testId = (decision: string) =>
    [kind, decision, id].filter((part) => part !== undefined).join('-');
  return (
    <>
      <button
        type="button"
        className="button button--primary"
        onClick={onApprove}
        data-testid={testId('approve')}
      >
        {approveLabel ?? t('common.approve')}
      </button>
      <button
        type="button"
        className="button button--danger"
        onClick={onReject}
        data-testid={testId('reject')}
      >
        {t('common.reject')}
      </button>
    </>
  );
}
