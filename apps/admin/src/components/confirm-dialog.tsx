import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { Dialog, DialogButtons } from './dialog';
import { ErrorMessage } from './feedback';

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
        <DialogButtons
          onCancel={onClose}
          label={confirmLabel}
          busy={action.isPending || action.isSuccess}
          onConfirm={confirm}
          testId={`${testId}-confirm`}
        />
      }
    >
      <p>{text}</p>
      <ErrorMessage text={message} testId={`${testId}-message`} />
    </Dialog>
  );
}
