import { zodResolver } from '@hookform/resolvers/zod';
import { AdminReason, AdminReasonRequest } from '@app/shared';
import { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { Dialog, DialogButtons } from './dialog';
import { ErrorMessage } from './feedback';

/** The longest reason the API takes (RejectDepositRequest and its siblings). */
const MAX_REASON = AdminReason.maxLength ?? 500;

/** A note may be left empty; a reason is AdminReasonRequest's (1 to 500 characters, trimmed). */
const NoteRequest = AdminReasonRequest.extend({ reason: AdminReason.or(z.string().trim().max(0)) });

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
  const form = useForm({
    // Whatever the schema refuses is the missing reason: the textarea keeps it within the length.
    resolver: zodResolver(optional ? NoteRequest : AdminReasonRequest, {
      error: () => 'issues.reason_required',
    }),
    defaultValues: { reason: '' },
  });
  const [message, setMessage] = useState<string | null>(null);
  const decide = useMutation({ mutationFn: onConfirm });

  const submit = form.handleSubmit(
    ({ reason }) => {
      const invalid = validate?.();
      if (invalid) return setMessage(invalid);
      setMessage(null);
      decide.mutate(reason.trim(), {
        onSuccess: onClose,
        onError: (error) => setMessage(errorText(t, error)),
      });
    },
    (errors) => {
      const problem = errors.reason?.message;
      setMessage(validate?.() ?? (problem ? t('issues.reason_required') : null));
    },
  );

  return (
    <Dialog title={title} onClose={onClose} testId={testId}>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        {children}
        <label className="field">
          <span>{optional ? t('common.note') : t('common.reason')}</span>
          <textarea
            {...form.register('reason')}
            maxLength={MAX_REASON}
            rows={4}
            data-testid={`${testId}-reason`}
          />
        </label>
        <ErrorMessage text={message} testId={`${testId}-message`} />
        <div className="form__actions">
          <DialogButtons
            onCancel={onClose}
            label={confirmLabel}
            busy={decide.isPending}
            tone="danger"
            testId={`${testId}-confirm`}
          />
        </div>
      </form>
    </Dialog>
  );
}
