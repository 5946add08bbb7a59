import { PaymentPasswordRequest } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, formStyles } from '@/components/form/fields';
import { bindField, messageKey, refuse, useZodForm } from '@/components/form/zod-form';
import { ApiError } from '@app/client';
import { errorText } from '@/lib/error-text';
import { useSetPaymentPassword } from '../api/security';
import { PaymentPasswordField } from '@/components/money-form';
import { FormActions } from './form-actions';
import { LoginPasswordField } from './login-password-field';

/** The request, with what the form checks before sending: the same password twice. */
const PaymentPasswordFields = PaymentPasswordRequest.superRefine((values, ctx) => {
  if (values.confirmPaymentPassword !== values.paymentPassword) {
    refuse(ctx, 'confirmPaymentPassword', 'validation.mismatch');
  }
});

/** Sets or changes the 6-digit payment password; the login password proves who asks. */
export function PaymentPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const form = useZodForm(
    PaymentPasswordFields,
    { loginPassword: '', paymentPassword: '', confirmPaymentPassword: '' },
    {
      required: ['loginPassword'],
      messages: {
        paymentPassword: messageKey('validation.DIGITS', { min: 6, max: 6 }),
        confirmPaymentPassword: 'validation.mismatch',
      },
    },
  );
  const save = useSetPaymentPassword(token);
  const [note, setNote] = useState<string | null>(null);

  const submit = form.handleSubmit(
    (values) => {
      setNote(null);
      save.mutate(values, {
        onSuccess: onDone,
        onError: (error) => {
          const code = error instanceof ApiError ? error.code : null;
          if (code === 'WRONG_PASSWORD') {
            form.setError('loginPassword', { message: 'security.wrongLoginPassword' });
          } else if (code === 'PASSWORD_MISMATCH') {
            form.setError('confirmPaymentPassword', { message: 'validation.mismatch' });
          } else setNote(errorText(tMain, error));
        },
      });
    },
    () => setNote(null),
  );

  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      <LoginPasswordField
        {...bindField(form, t, 'loginPassword')}
        testId="payment-login-password"
      />
      <PaymentPasswordField
        label={t('security.newPaymentPassword')}
        {...bindField(form, t, 'paymentPassword')}
        maxLength={6}
        testId="payment-password"
      />
      <PaymentPasswordField
        label={t('security.confirmPaymentPassword')}
        {...bindField(form, t, 'confirmPaymentPassword')}
        maxLength={6}
        testId="payment-password-confirm"
      />
      {note && <FormMessage testId="payment-password-message">{note}</FormMessage>}
      <FormActions onCancel={onDone} pending={save.isPending} testId="payment-password-save">
        {t('security.save')}
      </FormActions>
    </form>
  );
}
