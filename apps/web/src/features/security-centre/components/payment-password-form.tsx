import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, formStyles, TextField } from '@/components/form/fields';
import { ApiError } from '@app/client';
import { errorText } from '@/lib/error-text';
import { setPaymentPassword } from '../api/security';
import styles from './security-centre.module.css';
import { isPaymentPassword } from '@/lib/payment-password';

type Field = 'loginPassword' | 'paymentPassword' | 'confirmPaymentPassword';

/** Sets or changes the 6-digit payment password; the login password proves who asks. */
export function PaymentPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({
    loginPassword: '',
    paymentPassword: '',
    confirmPaymentPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [note, setNote] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const set = (field: Field) => (value: string) =>
    setValues((current) => ({
      ...current,
      [field]: field === 'loginPassword' ? value : value.replace(/\D/g, '').slice(0, 6),
    }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!values.loginPassword) found.loginPassword = t('validation.required');
    if (!isPaymentPassword(values.paymentPassword)) {
      found.paymentPassword = t('validation.DIGITS', { min: 6, max: 6 });
    }
    if (values.confirmPaymentPassword !== values.paymentPassword) {
      found.confirmPaymentPassword = t('validation.mismatch');
    }
    setErrors(found);
    setNote(null);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      await setPaymentPassword(token, values);
      onDone();
    } catch (error) {
      const code = error instanceof ApiError ? error.code : null;
      if (code === 'WRONG_PASSWORD') setErrors({ loginPassword: t('security.wrongLoginPassword') });
      else if (code === 'PASSWORD_MISMATCH') {
        setErrors({ confirmPaymentPassword: t('validation.mismatch') });
      } else setNote(errorText(tMain, error));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('security.loginPassword')}
        type="password"
        value={values.loginPassword}
        onChange={set('loginPassword')}
        error={errors.loginPassword}
        required
        autoComplete="current-password"
        testId="payment-login-password"
      />
      <TextField
        label={t('security.newPaymentPassword')}
        type="password"
        inputMode="numeric"
        value={values.paymentPassword}
        onChange={set('paymentPassword')}
        error={errors.paymentPassword}
        required
        autoComplete="off"
        maxLength={6}
        testId="payment-password"
      />
      <TextField
        label={t('security.confirmPaymentPassword')}
        type="password"
        inputMode="numeric"
        value={values.confirmPaymentPassword}
        onChange={set('confirmPaymentPassword')}
        error={errors.confirmPaymentPassword}
        required
        autoComplete="off"
        maxLength={6}
        testId="payment-password-confirm"
      />
      {note && <FormMessage testId="payment-password-message">{note}</FormMessage>}
      <div className={styles.formActions}>
        <button type="button" className="button" onClick={onDone}>
          {tMain('common.cancel')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={pending}
          data-testid="payment-password-save"
        >
          {t('security.save')}
        </button>
      </div>
    </form>
  );
}
