import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { Dialog } from './dialog';

/** The longest reason the API takes (RejectDepositRequest and its siblings). */
const MAX_REASON = 500;

type ReasonDialogProps = {
  title: string;
  confirmLabel: string;
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
  testId: string;
  /** Fields the action needs besides the reason (new type, agent, amount), above it. */
  children?: ReactNode;
  /** Checks those fields first: the message to show, or null when they are fine. */
  validate?: () => string | null;
  /** The reason may be left empty (an approval's note). */
  optional?: boolean;
};

/** Asks for the reason of a decision (kept in the audit log; a member reads a rejection's). */
export function ReasonDialog({
  title,
  confirmLabel,
  onConfirm,
  onClose,
  testId,
  children,
  validate,
  optional = false,
}: ReasonDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid =
      validate?.() ?? (!optional && !reason.trim() ? t('issues.reason_required') : null);
    if (invalid) {
      setMessage(invalid);
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await onConfirm(reason.trim());
      onClose();
    } catch (error) {
      setMessage(errorText(t, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={title} onClose={onClose} testId={testId}>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        {children}
        <label className="field">
          <span>{optional ? t('common.note') : t('common.reason')}</span>
          <textarea
            value={reason}
            maxLength={MAX_REASON}
            rows={4}
            onChange={(event) => setReason(event.target.value)}
            data-testid={`${testId}-reason`}
          />
        </label>
        {message && (
          <p className="form__error" role="alert" data-testid={`${testId}-message`}>
            {message}
          </p>
        )}
        <div className="form__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className="button button--danger"
            disabled={busy}
            data-testid={`${testId}-confirm`}
          >
            {confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
