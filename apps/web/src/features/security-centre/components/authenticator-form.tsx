import { AuthenticatorCode, AuthenticatorSetupRequest } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, formStyles, TextField } from '@/components/form/fields';
import { bindField, translatedText, useZodForm } from '@/components/form/zod-form';
import { QrCode } from '@/components/qr-code';
import { ApiError } from '@app/client';
import { errorText } from '@/lib/error-text';
import { useAuthenticatorCode, useStartAuthenticatorSetup } from '../api/security';
import { FormActions } from './form-actions';
import styles from './security-centre.module.css';
import { LoginPasswordField } from './login-password-field';

type FormProps = { token: string; onDone: () => void };

/** The 6-digit code the app shows, sent with `send`; a wrong one shows under the field. */
function CodeForm({
  token,
  action,
  submitLabel,
  onDone,
  testId,
}: {
  token: string;
  action: 'bind' | 'unbind';
  submitLabel: string;
  onDone: () => void;
  testId: string;
}) {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const form = useZodForm(
    AuthenticatorCode,
    { code: '' },
    { messages: { code: 'validation.code' } },
  );
  const send = useAuthenticatorCode(token, action);

  const submit = form.handleSubmit(({ code }) =>
    send.mutate(code, {
      onSuccess: onDone,
      onError: (failure) =>
        form.setError('code', { message: translatedText(errorText(tMain, failure)) }),
    }),
  );

  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('security.authenticator.code')}
        {...bindField(form, t, 'code', (value) => value.replace(/\D/g, '').slice(0, 6))}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        testId={`${testId}-code`}
      />
      <FormActions onCancel={onDone} pending={send.isPending} testId={`${testId}-submit`}>
        {submitLabel}
      </FormActions>
    </form>
  );
}

/**
 * Links an authenticator app (Google Authenticator and the like): the login password, then the
 * QR code and the secret to type in, then a code from the app to prove it was added.
 */
export function AuthenticatorLinkForm({ token, onDone }: FormProps) {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const form = useZodForm(AuthenticatorSetupRequest, { password: '' }, { required: ['password'] });
  const start = useStartAuthenticatorSetup();
  const [note, setNote] = useState<string | null>(null);
  const setup = start.data;

  const submit = form.handleSubmit(
    ({ password }) => {
      setNote(null);
      start.mutate(password, {
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === 'WRONG_PASSWORD') {
            form.setError('password', { message: 'security.wrongLoginPassword' });
          } else setNote(errorText(tMain, failure));
        },
      });
    },
    () => setNote(null),
  );

  if (setup) {
    return (
      <div className={formStyles.form} data-testid="authenticator-setup">
        <p>{t('security.authenticator.scan')}</p>
        <QrCode
          value={setup.uri}
          label={t('security.authenticator.qrLabel')}
          className={styles.authenticatorQr}
        />
        <p>
          {t('security.authenticator.secret')}{' '}
          <code className={styles.secret} data-testid="authenticator-secret">
            {setup.secret}
          </code>
        </p>
        <CodeForm
          token={token}
          action="bind"
          submitLabel={t('security.authenticator.link')}
          onDone={onDone}
          testId="authenticator-link"
        />
      </div>
    );
  }
  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('security.authenticator.lead')}</p>
      <LoginPasswordField {...bindField(form, t, 'password')} testId="authenticator-password" />
      {note && <FormMessage testId="authenticator-message">{note}</FormMessage>}
      <FormActions onCancel={onDone} pending={start.isPending} testId="authenticator-start">
        {t('security.authenticator.next')}
      </FormActions>
    </form>
  );
}

/** Unlinks the app; a current code from it proves the member still has it. */
export function AuthenticatorUnlinkForm({ token, onDone }: FormProps) {
  const { t } = useTranslation('account');
  return (
    <CodeForm
      token={token}
      action="unbind"
      submitLabel={t('security.authenticator.unlink')}
      onDone={onDone}
      testId="authenticator-unlink"
    />
  );
}
