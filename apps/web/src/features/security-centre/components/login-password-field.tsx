import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/fields';

type LoginPasswordFieldProps = {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  testId: string;
};

/** The member's login password, which proves who asks for a change of security settings. */
export function LoginPasswordField(props: LoginPasswordFieldProps) {
  const { t } = useTranslation('account');
  return (
    <TextField
      {...props}
      label={t('security.loginPassword')}
      type="password"
      required
      autoComplete="current-password"
    />
  );
}
