import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { Dialog } from './dialog';

type ConfirmDialogProps = {
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  testId: string;
};

/** Asks once more before an action that moves money or locks an account, then runs it. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  onConfirm,
  onClose,
  testId,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<string | null>(null);
  const action = useMutation({ mutationFn: onConfirm });

  function confirm() {
    setMessage(null);
    action.mutate(undefined, {
      onSuccess: onClose,
      onError: (error) => setMessage(errorText(t, error)),
    });
  }

  return (
    <Dialog
      title={title}
      onClose={onClose}
      testId={testId}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={action.isPending || action.isSuccess}
            onClick={confirm}
            data-testid={`${testId}-confirm`}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{text}</p>
      {message && (
        <p className="form__error" role="alert" data-testid={`${testId}-message`}>
          {message}
        </p>
      )}
    </Dialog>
  );
}
