import type { AuthenticatorSetup } from '@app/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, formStyles, TextField } from '@/components/form/fields';
import { QrCode } from '@/components/qr-code';
import { ApiError } from '@app/client';
import { errorText } from '@/lib/error-text';
import { bindAuthenticator, startAuthenticatorSetup, unbindAuthenticator } from '../api/security';
import styles from './security-centre.module.css';

const SIX_DIGITS = /^\d{6}$/;

type FormProps = { token: string; onDone: () => void };

/** The 6-digit code the app shows, sent with `send`; a wrong one shows under the field. */
function CodeForm({
  send,
  submitLabel,
  onDone,
  testId,
}: {
  send: (code: string) => Promise<unknown>;
  submitLabel: string;
  onDone: () => void;
  testId: string;
}) {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!SIX_DIGITS.test(code)) {
      setError(t('validation.code'));
      return;
    }
    setPending(true);
    setError(null);
    try {
      await send(code);
      onDone();
    } catch (failure) {
      setError(errorText(tMain, failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('security.authenticator.code')}
        value={code}
        onChange={(value) => setCode(value.replace(/\D/g, '').slice(0, 6))}
        error={error}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        testId={`${testId}-code`}
      />
      <div className={styles.formActions}>
        <button type="button" className="button" onClick={onDone}>
          {tMain('common.cancel')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={pending}
          data-testid={`${testId}-submit`}
        >
          {submitLabel}
        </button>
      </div>
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
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [setup, setSetup] = useState<AuthenticatorSetup | null>(null);
  const [pending, setPending] = useState(false);

  async function start(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError(t('validation.required'));
      return;
    }
    setPending(true);
    setError(null);
    setNote(null);
    try {
      setSetup(await startAuthenticatorSetup(password));
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'WRONG_PASSWORD') {
        setError(t('security.wrongLoginPassword'));
      } else setNote(errorText(tMain, failure));
    } finally {
      setPending(false);
    }
  }

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
          send={(code) => bindAuthenticator(token, code)}
          submitLabel={t('security.authenticator.link')}
          onDone={onDone}
          testId="authenticator-link"
        />
      </div>
    );
  }
  return (
    <form className={formStyles.form} onSubmit={(event) => void start(event)} noValidate>
      <p>{t('security.authenticator.lead')}</p>
      <TextField
        label={t('security.loginPassword')}
        type="password"
        value={password}
        onChange={setPassword}
        error={error}
        required
        autoComplete="current-password"
        testId="authenticator-password"
      />
      {note && <FormMessage testId="authenticator-message">{note}</FormMessage>}
      <div className={styles.formActions}>
        <button type="button" className="button" onClick={onDone}>
          {tMain('common.cancel')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={pending}
          data-testid="authenticator-start"
        >
          {t('security.authenticator.next')}
        </button>
      </div>
    </form>
  );
}

/** Unlinks the app; a current code from it proves the member still has it. */
export function AuthenticatorUnlinkForm({ token, onDone }: FormProps) {
  const { t } = useTranslation('account');
  return (
    <CodeForm
      send={(code) => unbindAuthenticator(token, code)}
      submitLabel={t('security.authenticator.unlink')}
      onDone={onDone}
      testId="authenticator-unlink"
    />
  );
}
