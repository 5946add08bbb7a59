import '@/lib/account-texts';
import { checkFieldRule, type PermissionInfo } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormMessage, formStyles, TextField } from '@/components/form/fields';
import { problemsOf, useProblemText } from '@/components/form/validation';
import { PopupModal } from '@/components/popup-modal';
import { paths } from '@/config/paths';
import { ApiError } from '@app/client';
import { forgetPasswordToChange, knownPasswordToChange, memberQueryKey } from '@/lib/auth';
import { errorText } from '@/lib/error-text';
import { completePasswordChange, useSession } from '@/lib/session';
import { changePassword } from '../api/passwords';
import { passwordRule } from '../field-rules';
import styles from './auth.module.css';
import { NewPasswordFields } from './new-password-fields';

type Field = 'oldPassword' | 'newPassword' | 'confirmNewPassword';

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
  const problemText = useProblemText();
  const session = useSession();
  const [knownPassword, setKnownPassword] = useState(knownPasswordToChange);
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmNewPassword, setConfirmNewPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [note, setNote] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (!session) return null;
  const token = session.token;

  function validate() {
    const found: Partial<Record<Field, string>> = {};
    if (knownPassword === null && !oldPassword) found.oldPassword = t('validation.required');
    const rule = passwordRule(permission.register);
    const check = checkFieldRule(rule, newPassword);
    if (!check.valid) {
      found.newPassword =
        problemText({ ...check, min: rule.minLength, max: rule.maxLength }) ?? undefined;
    }
    if (confirmNewPassword !== newPassword) found.confirmNewPassword = t('validation.mismatch');
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setNote(null);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      await changePassword({
        oldPassword: knownPassword ?? oldPassword,
        newPassword,
        confirmNewPassword,
      });
      forgetPasswordToChange();
      void navigate(paths.home);
      onClose?.();
      // The forced change ends here: the host closes it and the shell shows the member.
      completePasswordChange();
      void queryClient.invalidateQueries({ queryKey: memberQueryKey(token) });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : null;
      const newPasswordProblem = problemsOf(error).newPassword;
      if (sameAsOld(error)) {
        // A forced change must leave a password the agent or operator does not know.
        setErrors({ newPassword: t('changePassword.sameAsOld') });
      } else if (code === 'WRONG_PASSWORD') {
        // The remembered password no longer works: the member types it instead.
        setKnownPassword(null);
        setErrors({ oldPassword: errorText(tMain, error) });
      } else if (newPasswordProblem) {
        setErrors({ newPassword: problemText(newPasswordProblem) ?? '' });
      } else if (code === 'PASSWORD_MISMATCH') {
        setErrors({ confirmNewPassword: t('validation.mismatch') });
      } else {
        setNote(errorText(tMain, error));
      }
    } finally {
      setPending(false);
    }
  }

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
            value={oldPassword}
            onChange={setOldPassword}
            error={errors.oldPassword}
            required
            autoComplete="current-password"
            testId="change-password-old"
          />
        )}
        <NewPasswordFields
          password={newPassword}
          confirmation={confirmNewPassword}
          onPasswordChange={setNewPassword}
          onConfirmationChange={setConfirmNewPassword}
          errors={errors}
          testIds={{ password: 'change-password-new', confirmation: 'change-password-confirm' }}
        />
        {note && <FormMessage testId="change-password-message">{note}</FormMessage>}
        <button
          type="submit"
          className={`button button--primary button--block ${formStyles.submit}`}
          disabled={pending}
          data-testid="change-password-submit"
        >
          {t('changePassword.submit')}
        </button>
      </form>
      <p className={styles.switch}>{t('changePassword.after')}</p>
    </PopupModal>
  );
}
