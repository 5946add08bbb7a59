import type { OperatorLoginRequest, OperatorLoginResult } from '@app/shared';
import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '@/components/qr-code';
import { ApiError } from '@app/client';
import { errorText } from '@/lib/error-text';
import { useConfirmTotp, useLogin } from '../api/session';
import styles from './login-route.module.css';
import { ErrorMessage } from '@/components/feedback';

type Enrolment = Extract<OperatorLoginResult, { step: 'totp_enrolment' }>;

/** Six digits, as authenticator apps show them. */
const CODE_PATTERN = /^\d{6}$/;

/**
 * Sign-in: merchant (empty for a platform operator), username and password, then the
 * authenticator code (asked for when the server answers `totp_required`, also while the account
 * is under attack: then the password is judged only together with the code). The first sign-in
 * takes the one-time enrolment code with the password and enrols TOTP: the QR code is drawn here
 * from the otpauth URL and confirmed with the app's first code. The password stays in this
 * component's memory only, for the second step.
 */
export function LoginRoute() {
  const { t } = useTranslation();
  const [credentials, setCredentials] = useState({ merchantCode: '', username: '', password: '' });
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [firstSignIn, setFirstSignIn] = useState(false);
  const [enrolmentCode, setEnrolmentCode] = useState('');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const login = useLogin();
  const confirm = useConfirmTotp();
  const busy = login.isPending || confirm.isPending;

  function failed(error: unknown) {
    setMessage(errorText(t, error));
    // Password and code were judged together: either may be wrong, so both can be typed again.
    if (error instanceof ApiError && error.code === 'INVALID_CREDENTIALS') setNeedsCode(false);
  }

  function codeIsValid(): boolean {
    if (CODE_PATTERN.test(code.trim())) return true;
    setMessage(t('login.codeInvalid'));
    return false;
  }

  function submitPassword(event: FormEvent) {
    event.preventDefault();
    if (!credentials.username.trim() || !credentials.password) {
      setMessage(t('login.required'));
      return;
    }
    if (needsCode && !codeIsValid()) return;
    if (firstSignIn && !enrolmentCode.trim()) {
      setMessage(t('login.enrolmentCodeHelp'));
      return;
    }
    const request: OperatorLoginRequest = {
      username: credentials.username.trim(),
      password: credentials.password,
      ...(credentials.merchantCode.trim() ? { merchantCode: credentials.merchantCode.trim() } : {}),
      ...(needsCode ? { code: code.trim() } : {}),
      ...(firstSignIn ? { enrolmentCode: enrolmentCode.trim() } : {}),
    };
    setMessage(null);
    login.mutate(request, {
      onSuccess: (result) => {
        if (result.step === 'totp_required') {
          setNeedsCode(true);
          setCode('');
        } else if (result.step === 'totp_enrolment') {
          setEnrolment(result);
          setCode('');
        }
      },
      onError: failed,
    });
  }

  function submitEnrolment(event: FormEvent) {
    event.preventDefault();
    if (!enrolment || !codeIsValid()) return;
    setMessage(null);
    confirm.mutate(
      { enrolmentToken: enrolment.enrolmentToken, code: code.trim() },
      { onError: failed },
    );
  }

  const codeField = (testId: string) => (
    <label className="field">
      <span>{t('login.code')}</span>
      <input
        value={code}
        onChange={(event) => setCode(event.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus
        data-testid={testId}
      />
    </label>
  );

  const credentialField = (
    key: keyof typeof credentials,
    label: string,
    input: InputHTMLAttributes<HTMLInputElement> & { 'data-testid': string },
  ) => (
    <label className="field">
      <span>{label}</span>
      <input
        value={credentials[key]}
        onChange={(event) => setCredentials({ ...credentials, [key]: event.target.value })}
        disabled={needsCode}
        {...input}
      />
    </label>
  );

  /** The message of the last attempt and the step's submit button. */
  const submitRow = (label: string, testId: string) => (
    <>
      <ErrorMessage text={message} testId="login-message" />
      <button type="submit" className="button button--primary" disabled={busy} data-testid={testId}>
        {label}
      </button>
    </>
  );

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>{t('title')}</h1>
        {enrolment ? (
          <form className="form" onSubmit={submitEnrolment} noValidate data-testid="totp-form">
            <h2 className={styles.subtitle}>{t('login.enrolTitle')}</h2>
            <p className="muted">{t('login.enrolHelp')}</p>
            <div className={styles.qr}>
              <QrCode value={enrolment.otpauthUrl} label={t('login.qrLabel')} testId="totp-qr" />
            </div>
            <p className="muted">
              {t('login.secretLabel')}{' '}
              <code className={styles.secret} data-testid="totp-secret">
                {enrolment.secret}
              </code>
            </p>
            {codeField('totp-code')}
            {submitRow(t('login.confirm'), 'totp-submit')}
          </form>
        ) : (
          <form className="form" onSubmit={submitPassword} noValidate data-testid="login-form">
            {credentialField('merchantCode', t('login.merchant'), {
              placeholder: t('login.merchantHint'),
              'data-testid': 'login-merchant',
            })}
            {credentialField('username', t('login.username'), {
              autoComplete: 'username',
              'data-testid': 'login-username',
            })}
            {credentialField('password', t('login.password'), {
              type: 'password',
              autoComplete: 'current-password',
              'data-testid': 'login-password',
            })}
            {needsCode && codeField('login-code')}
            {!needsCode && (
              <label className="field field--inline">
                <input
                  type="checkbox"
                  checked={firstSignIn}
                  onChange={(event) => setFirstSignIn(event.target.checked)}
                  data-testid="login-first-sign-in"
                />
                <span>{t('login.firstSignIn')}</span>
              </label>
            )}
            {firstSignIn && !needsCode && (
              <label className="field">
                <span>{t('login.enrolmentCode')}</span>
                <input
                  value={enrolmentCode}
                  onChange={(event) => setEnrolmentCode(event.target.value)}
                  autoComplete="off"
                  spellCheck={false}
                  data-testid="login-enrolment-code"
                />
                <small className="muted">{t('login.enrolmentCodeHelp')}</small>
              </label>
            )}
            {submitRow(needsCode ? t('login.verify') : t('login.submit'), 'login-submit')}
          </form>
        )}
      </div>
    </main>
  );
}

export default LoginRoute;
