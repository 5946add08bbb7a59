import '@/lib/account-texts';
import { ChangePasswordRequest, type PermissionInfo } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormMessage, formStyles, TextField, SubmitButton } from '@/components/form/fields';
import { problemKey, problemsOf } from '@/components/form/validation';
import { bindField, refuse, translatedText, useZodForm } from '@/components/form/zod-form';
import { PopupModal } from '@/components/popup-modal';
import { paths } from '@/config/paths';
import { ApiError } from '@app/client';
import { forgetPasswordToChange, knownPasswordToChange, memberQueryKey } from '@/lib/auth';
import { errorText } from '@/lib/error-text';
import { completePasswordChange, useSession } from '@/lib/session';
import { useChangePassword } from '../api/passwords';
import styles from './auth.module.css';
import { NewPasswordFields, refuseNewPassword } from './new-password-fields';

/**
 * The request, with what the form checks before sending: the old password unless the login gave
 * it, a new one that meets the merchant's password rule, and the same one twice.
 */
function changePasswordFields(permission: PermissionInfo, askOld: boolean) {
  return ChangePasswordRequest.superRefine((values, ctx) => {
    if (askOld && !values.oldPassword) refuse(ctx, 'oldPassword', 'validation.required');
    refuseNewPassword(permission.register, values, ctx);
  });
}

/** The server refused a forced change to the same password (issue `same_as_old`). */
function sameAsOld(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') return false;
  const issues: unknown = error.value.issues;
  return (
    Array.isArray(issues) &&
    issues.some((issue) => (issue as { reason?: unknown }).reason === 'same_as_old')
  );
}

type ChangePasswordModalProps = {
  permission: PermissionInfo;
  /** Without it the modal is the forced change after login: it cannot be closed. */
  onClose?: () => void;
};

/**
 * Change password (SPEC section 2): username read-only, the old password unless the login just
 * made already gave it, the new one with its strength, and its confirmation.
 */
export default function ChangePasswordModal({ permission, onClose }: ChangePasswordModalProps) {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const [knownPassword, setKnownPassword] = useState(knownPasswordToChange);
  const form = useZodForm(
    changePasswordFields(permission, knownPassword === null),
    { oldPassword: '', newPassword: '', confirmNewPassword: '' },
    { messages: { confirmNewPassword: 'validation.mismatch' } },
  );
  const change = useChangePassword();
  const [note, setNote] = useState<string | null>(null);
  if (!session) return null;
  const token = session.token;

  const submit = form.handleSubmit(
    (values) => {
      setNote(null);
      change.mutate(
        { ...values, oldPassword: knownPassword ?? values.oldPassword },
        {
          onSuccess: () => {
            forgetPasswordToChange();
            void navigate(paths.home);
            onClose?.();
            // The forced change ends here: the host closes it and the shell shows the member.
            completePasswordChange();
            void queryClient.invalidateQueries({ queryKey: memberQueryKey(token) });
          },
          onError: (error) => {
            const code = error instanceof ApiError ? error.code : null;
            const newPasswordProblem = problemsOf(error).newPassword;
            if (sameAsOld(error)) {
              // A forced change must leave a password the agent or operator does not know.
              form.setError('newPassword', { message: 'changePassword.sameAsOld' });
            } else if (code === 'WRONG_PASSWORD') {
              // The remembered password no longer works: the member types it instead.
              setKnownPassword(null);
              form.setError('oldPassword', { message: translatedText(errorText(tMain, error)) });
            } else if (newPasswordProblem) {
              form.setError('newPassword', { message: problemKey(newPasswordProblem) });
            } else if (code === 'PASSWORD_MISMATCH') {
              form.setError('confirmNewPassword', { message: 'validation.mismatch' });
            } else {
              setNote(errorText(tMain, error));
            }
          },
        },
      );
    },
    () => setNote(null),
  );

  return (
    <PopupModal
      title={t('changePassword.title')}
      onClose={onClose}
      size="small"
      testId="change-password-modal"
    >
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        {!onClose && (
          <FormMessage kind="info" testId="change-password-forced">
            {t('changePassword.forced')}
          </FormMessage>
        )}
        <TextField
          label={t('form.username')}
          name="username"
          value={session.account}
          onChange={() => undefined}
          readOnly
          autoComplete="username"
          testId="change-password-username"
        />
        {knownPassword === null && (
          <TextField
            label={t('form.oldPassword')}
            type="password"
            {...bindField(form, t, 'oldPassword')}
            required
            autoComplete="current-password"
            testId="change-password-old"
          />
        )}
        <NewPasswordFields
          password={bindField(form, t, 'newPassword')}
          confirmation={bindField(form, t, 'confirmNewPassword')}
          testIds={{ password: 'change-password-new', confirmation: 'change-password-confirm' }}
        />
        {note && <FormMessage testId="change-password-message">{note}</FormMessage>}
        <SubmitButton pending={change.isPending} testId="change-password-submit">
          {t('changePassword.submit')}
        </SubmitButton>
      </form>
      <p className={styles.switch}>{t('changePassword.after')}</p>
    </PopupModal>
  );
}
