import { checkFieldRule, type FieldRule } from '@app/shared';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TextField } from '@/components/form/fields';
import { problemKey } from '@/components/form/validation';
import { refuse, type bindField } from '@/components/form/zod-form';
import { passwordRule } from '../field-rules';
import { PasswordStrength } from './password-strength';

/**
 * The checks of a new password before it is sent (change and forgot password): it meets the
 * merchant's password rule, and the confirmation repeats it.
 */
export function refuseNewPassword(
  rules: FieldRule[],
  values: { newPassword: string; confirmNewPassword?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  const rule = passwordRule(rules);
  const check = checkFieldRule(rule, values.newPassword);
  if (!check.valid) {
    refuse(ctx, 'newPassword', problemKey({ ...check, min: rule.minLength, max: rule.maxLength }));
  }
  if (values.confirmNewPassword !== values.newPassword) {
    refuse(ctx, 'confirmNewPassword', 'validation.mismatch');
  }
}

type Binding = ReturnType<typeof bindField>;

type NewPasswordFieldsProps = {
  password: Binding;
  confirmation: Binding;
  testIds: { password: string; confirmation: string };
};

/** A new password with its strength bars, and its confirmation (change and forgot password). */
export function NewPasswordFields({ password, confirmation, testIds }: NewPasswordFieldsProps) {
  const { t } = useTranslation('account');
  return (
    <>
      <TextField
        label={t('form.newPassword')}
        type="password"
        {...password}
        required
        autoComplete="new-password"
        hint={<PasswordStrength password={password.value} />}
        testId={testIds.password}
      />
      <TextField
        label={t('form.confirmPassword')}
        type="password"
        {...confirmation}
        required
        autoComplete="new-password"
        testId={testIds.confirmation}
      />
    </>
  );
}
