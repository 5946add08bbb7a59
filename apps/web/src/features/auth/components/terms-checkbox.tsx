import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckboxField } from '@/components/form/fields';
import { paths } from '@/config/paths';

type TermsCheckboxProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | null | undefined;
  testId: string;
};

/** The terms and 21+ confirmation that login and registration require (SPEC section 4). */
export function TermsCheckbox({ checked, onChange, error, testId }: TermsCheckboxProps) {
  const { t } = useTranslation('account');
  return (
    <CheckboxField checked={checked} onChange={onChange} error={error} testId={testId}>
      {t('terms.before')}
      <Link to={paths.terms} data-testid={`${testId}-link`}>
        {t('terms.link')}
      </Link>
      {t('terms.after')}
    </CheckboxField>
  );
}
