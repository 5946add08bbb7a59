import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/fields';
import { PasswordStrength } from './password-strength';

type NewPasswordFieldsProps = {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  errors: { newPassword?: string | null; confirmNewPassword?: string | null };
  testIds: { password: string; confirmation: string };
};

/** A new password with its strength bars, and its confirmation (change and forgot password). */
export function NewPasswordFields({
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  errors,
  testIds,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation('account');
  return (
    <>
      <TextField
        label={t('form.newPassword')}
        type="password"
        value={password}
        onChange={onPasswordChange}
        error={errors.newPassword}
        required
        autoComplete="new-password"
        hint={<PasswordStrength password={password} />}
        testId={testIds.password}
      />
      <TextField
        label={t('form.confirmPassword')}
        type="password"
        value={confirmation}
        onChange={onConfirmationChange}
        error={errors.confirmNewPassword}
        required
        autoComplete="new-password"
        testId={testIds.confirmation}
      />
    </>
  );
}
