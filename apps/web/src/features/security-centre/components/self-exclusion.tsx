import { SelfExclusionRequest } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormMessage, formStyles } from '@/components/form/fields';
import { bindField, useZodForm } from '@/components/form/zod-form';
import { paths } from '@/config/paths';
import { ApiError } from '@app/client';
import { askConfirm, showAlert } from '@/lib/dialogs';
import { errorText } from '@/lib/error-text';
import { endSession } from '@/lib/session';
import { useExcludeSelf, type SelfExclusionPeriod } from '../api/security';
import styles from './security-centre.module.css';
import { Button } from '@/components/button';
import { SecurityCard } from './security-card';
import { LoginPasswordField } from './login-password-field';

const PERIODS: SelfExclusionPeriod[] = ['6M', '1Y', '5Y'];

/**
 * Self-exclusion (responsible gaming): after a confirmation the account closes for the chosen
 * period and the member is logged out everywhere, this tab included.
 */
export function SelfExclusion() {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm(
    SelfExclusionRequest,
    { period: '6M', password: '' },
    { required: ['password'] },
  );
  const period = form.watch('period');
  const exclude = useExcludeSelf();
  const [note, setNote] = useState<string | null>(null);

  const submit = form.handleSubmit(
    async (request) => {
      setNote(null);
      const length = t(`selfExclusion.periods.${request.period}`);
      if (!(await askConfirm(t('selfExclusion.confirm', { period: length })))) return;
      exclude.mutate(request, {
        onSuccess: () => {
          endSession();
          void navigate(paths.home);
          void showAlert(t('selfExclusion.done', { period: length }));
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === 'WRONG_PASSWORD') {
            form.setError('password', { message: 'security.wrongLoginPassword' });
          } else setNote(errorText(tMain, failure));
        },
      });
    },
    () => setNote(null),
  );

  return (
    <SecurityCard id="self-exclusion-title" title={t('selfExclusion.title')}>
      <p className={styles.cardText}>{t('selfExclusion.text')}</p>
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className={styles.periods}>
          <legend>{t('selfExclusion.period')}</legend>
          {PERIODS.map((value) => (
            <label key={value} className={styles.period}>
              <input
                type="radio"
                name="self-exclusion-period"
                value={value}
                checked={period === value}
                onChange={() => form.setValue('period', value)}
                data-testid={`self-exclusion-${value}`}
              />
              {t(`selfExclusion.periods.${value}`)}
            </label>
          ))}
        </fieldset>
        <LoginPasswordField {...bindField(form, t, 'password')} testId="self-exclusion-password" />
        {note && <FormMessage testId="self-exclusion-message">{note}</FormMessage>}
        <div className={styles.formActions}>
          <Button
            type="submit"
            className={styles.danger}
            disabled={exclude.isPending}
            testId="self-exclusion-submit"
          >
            {t('selfExclusion.submit')}
          </Button>
        </div>
      </form>
    </SecurityCard>
  );
}
