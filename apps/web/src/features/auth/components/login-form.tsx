import type { LoginResult, PermissionInfo } from '@app/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaField, useCaptcha } from '@/components/form/captcha-field';
import { CheckboxField, FormMessage, formStyles, Tabs, TextField } from '@/components/form/fields';
import { ApiError } from '@app/client';
import { signIn } from '@/lib/auth';
import { errorText } from '@/lib/error-text';
import { logIn } from '../api/log-in';
import { COUNTRY_DIALING_CODE, SMS_CODE } from '../field-rules';
import { readRememberedLogin, saveRememberedLogin } from '../remembered-login';
import { SmsCodeFields, type FormNote, type SmsFieldErrors } from './sms-code-fields';
import { challengeOf, SecondVerification, type Challenge } from './second-verification';
import { SocialButtons } from './social-sign-in';
import { TermsCheckbox } from './terms-checkbox';

type LoginMode = 'username' | 'sms';

type FieldErrors = SmsFieldErrors & Partial<Record<'username' | 'password' | 'terms', string>>;

type LoginFormProps = {
  permission: PermissionInfo;
  /** The member site, or the agent area (/agent), where only agents may log in. */
  area: 'member' | 'agent';
  /** After the session is saved; the modal needs nothing, the agent page goes to /agentHome. */
  onLoggedIn?: (result: LoginResult) => void;
  onForgotPassword: () => void;
};

/** Whether a failed login says a captcha is needed from now on. */
function asksForCaptcha(error: unknown): boolean {
  return error instanceof ApiError && error.value.captchaRequired === true;
}

/**
 * Login by username and password, or by mobile number and SMS code when the merchant allows it
 * (SPEC section 2). The captcha appears once the server asks for it after failures.
 */
export function LoginForm({ permission, area, onLoggedIn, onForgotPassword }: LoginFormProps) {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const smsEnabled = permission.whitelabel.MOBILECODELOGIN;
  const [remembered] = useState(readRememberedLogin);
  const [mode, setMode] = useState<LoginMode>('username');
  const [username, setUsername] = useState(remembered?.username ?? '');
  const [password, setPassword] = useState('');
  const [mobile, setMobile] = useState(remembered?.mobile ?? '');
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(remembered !== null);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const captcha = useCaptcha(captchaRequired);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [note, setNote] = useState<FormNote>(null);
  const [pending, setPending] = useState(false);
  const [challenge, setChallenge] = useState<Challenge | null>(null);

  function switchMode(next: LoginMode) {
    setMode(next);
    setErrors({});
    setNote(null);
  }

  function validate(): FieldErrors {
    const required = t('validation.required');
    const found: FieldErrors = {};
    if (mode === 'username') {
      if (!username.trim()) found.username = required;
      if (!password) found.password = required;
      if (captchaRequired && !captcha.answer.trim()) found.captcha = required;
    } else {
      if (!mobile.trim()) found.mobile = required;
      if (!SMS_CODE.test(code)) found.code = t('validation.code');
    }
    if (!termsAccepted) found.terms = tMain('errors.TERMS_NOT_ACCEPTED');
    return found;
  }

  function failed(error: unknown) {
    const held = challengeOf(error);
    if (held) {
      setChallenge(held);
      return;
    }
    const needsCaptcha = asksForCaptcha(error);
    // A captcha is used up by any attempt; once shown, each failure brings a new one.
    if (captchaRequired) captcha.refresh(true);
    if (needsCaptcha) setCaptchaRequired(true);
    const message = errorText(tMain, error);
    if (error instanceof ApiError && error.code === 'INVALID_CAPTCHA') {
      setErrors({ captcha: message });
    } else {
      setNote({ kind: 'error', text: message });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setNote(null);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      const result = await logIn(
        mode === 'username'
          ? {
              type: 'username',
              username: username.trim(),
              password,
              termsAccepted: true,
              area,
              ...(captchaRequired ? captcha.fields() : {}),
            }
          : {
              type: 'sms',
              countryDialingCode: COUNTRY_DIALING_CODE,
              mobileNum: mobile.trim(),
              verificationCode: code,
              termsAccepted: true,
              area,
            },
      );
      saveRememberedLogin(remember, { username: username.trim(), mobile: mobile.trim() });
      signIn(result, mode === 'username' ? password : undefined);
      onLoggedIn?.(result);
    } catch (error) {
      failed(error);
    } finally {
      setPending(false);
    }
  }

  if (challenge) {
    return (
      <SecondVerification
        challenge={challenge}
        password={password}
        onLoggedIn={(result) => {
          saveRememberedLogin(remember, { username: username.trim(), mobile: mobile.trim() });
          onLoggedIn?.(result);
        }}
        onExpired={(message) => {
          setChallenge(null);
          setNote({ kind: 'error', text: message });
        }}
        onBack={() => setChallenge(null)}
      />
    );
  }

  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      {smsEnabled && (
        <Tabs
          label={t('login.modeLabel')}
          tabs={[
            { value: 'username', label: t('login.byUsername') },
            { value: 'sms', label: t('login.bySms') },
          ]}
          value={mode}
          onChange={switchMode}
          testId="login-tab"
        />
      )}
      {mode === 'username' ? (
        <>
          <TextField
            label={t('form.username')}
            name="username"
            value={username}
            onChange={setUsername}
            error={errors.username}
            required
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            testId="login-username"
          />
          <TextField
            label={t('form.password')}
            name="password"
            type="password"
            value={password}
            onChange={setPassword}
            error={errors.password}
            required
            autoComplete="current-password"
            testId="login-password"
          />
          {captchaRequired && (
            <CaptchaField captcha={captcha} error={errors.captcha} testId="login-captcha" />
          )}
        </>
      ) : (
        <SmsCodeFields
          purpose="login"
          rules={permission.register}
          mobile={mobile}
          onMobileChange={setMobile}
          code={code}
          onCodeChange={setCode}
          errors={errors}
          onErrors={setErrors}
          onNote={setNote}
          testId="login-sms"
        />
      )}
      <div className={formStyles.row}>
        <CheckboxField checked={remember} onChange={setRemember} testId="login-remember">
          {t('login.remember')}
        </CheckboxField>
        <button
          type="button"
          className={formStyles.linkButton}
          onClick={onForgotPassword}
          data-testid="login-forgot"
        >
          {t('login.forgot')}
        </button>
      </div>
      <TermsCheckbox
        checked={termsAccepted}
        onChange={setTermsAccepted}
        error={errors.terms}
        testId="login-terms"
      />
      {note && (
        <FormMessage kind={note.kind} testId="login-message">
          {note.text}
        </FormMessage>
      )}
      <button
        type="submit"
        className={`button button--primary button--block ${formStyles.submit}`}
        disabled={pending}
        data-testid="login-submit"
      >
        {t('login.submit')}
      </button>
      {area === 'member' && (
        <SocialButtons
          whitelabel={permission.whitelabel}
          mayStart={() => {
            if (termsAccepted) return true;
            setErrors({ terms: tMain('errors.TERMS_NOT_ACCEPTED') });
            return false;
          }}
        />
      )}
    </form>
  );
}
