import { useTranslation } from 'react-i18next';

type DecisionButtonsProps = {
  /** The record's kind and id name the buttons for tests: `<kind>-approve-<id>`. */
  kind: string;
  id: number;
  onApprove: () => void;
  onReject: () => void;
  /** The approve button's text when approving does more than approve (pay out). */
  approveLabel?: string;
};

/** Approve and reject of one row of a queue (deposits, withdrawals, adjustments). */
export function DecisionButtons({
  kind,
  id,
  onApprove,
  onReject,
  approveLabel,
}: DecisionButtonsProps) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        className="button button--primary"
        onClick={onApprove}
        data-testid={`${kind}-approve-${id}`}
      >
        {approveLabel ?? t('common.approve')}
      </button>
      <button
        type="button"
        className="button button--danger"
        onClick={onReject}
        data-testid={`${kind}-reject-${id}`}
      >
        {t('common.reject')}
      </button>
    </>
  );
}
