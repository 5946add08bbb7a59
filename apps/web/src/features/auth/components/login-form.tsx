import { LoginRequest, type LoginResult, type PermissionInfo } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaField, useCaptcha } from '@/components/form/captcha-field';
import {
  CheckboxField,
  type FormNote,
  FormNoteMessage,
  formStyles,
  LinkButton,
  Tabs,
  TextField,
  UsernameField,
  SubmitButton,
} from '@/components/form/fields';
import {
  bindField,
  errorText as fieldErrorText,
  refuse,
  translatedText,
  useZodForm,
} from '@/components/form/zod-form';
import { ApiError } from '@app/client';
import { signIn } from '@/lib/auth';
import { errorText } from '@/lib/error-text';
import { useLogIn } from '../api/log-in';
import { COUNTRY_DIALING_CODE, SMS_CODE } from '../field-rules';
import { readRememberedLogin, saveRememberedLogin } from '../remembered-login';
import { bindSmsFields, SmsCodeFields } from './sms-code-fields';
import { challengeOf, SecondVerification, type Challenge } from './second-verification';
import { SocialButtons } from './social-sign-in';
import { TermsCheckbox } from './terms-checkbox';

type LoginMode = 'username' | 'sms';

/** The terms box's refusal, a key of the member site's main texts. */
const TERMS_NOT_ACCEPTED = 'translation:errors.TERMS_NOT_ACCEPTED';

/**
 * The fields of LoginRequest the member types, with what each mode needs: username and password
 * (and the captcha once asked for), or mobile number and a 6-digit code; the terms box always.
 */
function loginFields(mode: LoginMode, captchaAnswer: string | null) {
  return LoginRequest.pick({
    username: true,
    password: true,
    mobileNum: true,
    verificationCode: true,
    captcha: true,
    termsAccepted: true,
  }).superRefine((values, ctx) => {
    if (mode === 'username') {
      if (!values.username) refuse(ctx, 'username', 'validation.required');
      if (!values.password) refuse(ctx, 'password', 'validation.required');
      if (captchaAnswer !== null && !captchaAnswer.trim()) {
        refuse(ctx, 'captcha', 'validation.required');
      }
    } else {
      if (!values.mobileNum) refuse(ctx, 'mobileNum', 'validation.required');
      if (!SMS_CODE.test(values.verificationCode ?? '')) {
        refuse(ctx, 'verificationCode', 'validation.code');
      }
    }
    if (!values.termsAccepted) refuse(ctx, 'termsAccepted', TERMS_NOT_ACCEPTED);
  });
}

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
  const [remember, setRemember] = useState(remembered !== null);
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const captcha = useCaptcha(captchaRequired);
  const form = useZodForm(
    loginFields(mode, captchaRequired ? captcha.answer : null),
    {
      username: remembered?.username ?? '',
      password: '',
      mobileNum: remembered?.mobile ?? '',
      verificationCode: '',
      captcha: '',
      termsAccepted: false,
    },
    { messages: { verificationCode: 'validation.code' } },
  );
  const { errors } = form.formState;
  const termsAccepted = form.watch('termsAccepted');
  const login = useLogIn();
  const [note, setNote] = useState<FormNote>(null);
  const [challenge, setChallenge] = useState<Challenge | null>(null);

  /** The typed username and mobile number, as "remember me" keeps them. */
  const typed = () => ({
    username: form.getValues('username')?.trim() ?? '',
    mobile: form.getValues('mobileNum')?.trim() ?? '',
  });

  function switchMode(next: LoginMode) {
    setMode(next);
    form.clearErrors();
    setNote(null);
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
      form.clearErrors();
      form.setError('captcha', { message: translatedText(message) });
    } else {
      setNote({ kind: 'error', text: message });
    }
  }

  const submit = form.handleSubmit(
    (values) => {
      setNote(null);
      const password = values.password ?? '';
      login.mutate(
        mode === 'username'
          ? {
              type: 'username',
              username: values.username ?? '',
              password,
              termsAccepted: true,
              area,
              ...(captchaRequired ? captcha.fields() : {}),
            }
          : {
              type: 'sms',
              countryDialingCode: COUNTRY_DIALING_CODE,
              mobileNum: values.mobileNum ?? '',
              verificationCode: values.verificationCode ?? '',
              termsAccepted: true,
              area,
            },
        {
          onSuccess: (result) => {
            saveRememberedLogin(remember, typed());
            signIn(result, mode === 'username' ? password : undefined);
            onLoggedIn?.(result);
          },
          onError: failed,
        },
      );
    },
    () => setNote(null),
  );

  if (challenge) {
    return (
      <SecondVerification
        challenge={challenge}
        password={form.getValues('password') ?? ''}
        onLoggedIn={(result) => {
          saveRememberedLogin(remember, typed());
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
          <UsernameField
            account="own"
            label={t('form.username')}
            name="username"
            {...bindField(form, t, 'username')}
            required
            testId="login-username"
          />
          <TextField
            label={t('form.password')}
            name="password"
            type="password"
            {...bindField(form, t, 'password')}
            required
            autoComplete="current-password"
            testId="login-password"
          />
          {captchaRequired && (
            <CaptchaField
              captcha={captcha}
              error={fieldErrorText(t, errors.captcha)}
              testId="login-captcha"
            />
          )}
        </>
      ) : (
        <SmsCodeFields
          purpose="login"
          rules={permission.register}
          {...bindSmsFields(form, t)}
          onNote={setNote}
          testId="login-sms"
        />
      )}
      <div className={formStyles.row}>
        <CheckboxField checked={remember} onChange={setRemember} testId="login-remember">
          {t('login.remember')}
        </CheckboxField>
        <LinkButton onClick={onForgotPassword} testId="login-forgot">
          {t('login.forgot')}
        </LinkButton>
      </div>
      <TermsCheckbox
        checked={termsAccepted}
        onChange={(accepted) =>
          form.setValue('termsAccepted', accepted, {
            shouldValidate: form.formState.isSubmitted,
          })
        }
        error={fieldErrorText(t, errors.termsAccepted)}
        testId="login-terms"
      />
      <FormNoteMessage note={note} testId="login-message" />
      <SubmitButton pending={login.isPending} testId="login-submit">
        {t('login.submit')}
      </SubmitButton>
      {area === 'member' && (
        <SocialButtons
          whitelabel={permission.whitelabel}
          mayStart={() => {
            if (termsAccepted) return true;
            form.setError('termsAccepted', { message: TERMS_NOT_ACCEPTED });
            return false;
          }}
        />
      )}
    </form>
  );
}
