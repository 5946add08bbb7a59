import '@/lib/account-texts';
import {
  checkFieldRule,
  RegisterField,
  type FieldRule,
  type PermissionInfo,
  type RegisterRequest,
} from '@app/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { CaptchaField, useCaptcha } from '@/components/form/captcha-field';
import {
  FormMessage,
  formStyles,
  LinkButton,
  SelectField,
  Tabs,
  TextField,
  SubmitButton,
} from '@/components/form/fields';
import { problemKey, problemsOf } from '@/components/form/validation';
import {
  bindField,
  errorText as fieldText,
  refuse,
  submitAfresh,
  translatedText,
  useFocusFirstProblem,
  useZodForm,
} from '@/components/form/zod-form';
import { PopupModal } from '@/components/popup-modal';
import { paths } from '@/config/paths';
import { isOldEnough } from '@/lib/age';
import { ApiError, type ClientErrorCode } from '@app/client';
import { signIn } from '@/lib/auth';
import { showAlert } from '@/lib/dialogs';
import { errorText } from '@/lib/error-text';
import { openAppModal } from '@/lib/modals';
import { intentLanding, readPendingIntent } from '@/lib/pending-intent';
import { clearPendingIntent, usePendingIntentText } from '@/lib/pending-intent-store';
import { useSession } from '@/lib/session';
import {
  getAffiliateCheckQueryOptions,
  useRegisterMember,
  type RegisterMode,
} from '../api/register';
import { COUNTRY_DIALING_CODE } from '../field-rules';
import styles from './auth.module.css';
import { PasswordStrength } from './password-strength';
import { FIELD_INPUTS, FIELD_OPTIONS, formRules, PASSWORD_FIELDS } from './register-fields';
import { useSmsCode } from './sms-code-fields';
import { SmsCodeModal } from './sms-code-modal';
import { TermsCheckbox } from './terms-checkbox';

/** Server errors that are about one field, shown under it. */
const ERROR_FIELDS: Partial<Record<ClientErrorCode, RegisterField | 'captcha'>> = {
  USERNAME_TAKEN: 'username',
  MOBILE_TAKEN: 'mobileNum',
  INVALID_PHONE: 'mobileNum',
  PASSWORD_MISMATCH: 'confirmPassword',
  UNDER_AGE: 'birthday',
  INVALID_CAPTCHA: 'captcha',
};

/** Errors of the code step, shown in the code overlay; any other closes it. */
const CODE_ERRORS = new Set<string>(['CODE_INVALID', 'CODE_EXPIRED', 'TOO_MANY_REQUESTS']);

function valueOf(rule: FieldRule, values: Partial<Record<RegisterField, string>>): string {
  const value = values[rule.field] ?? '';
  return PASSWORD_FIELDS.has(rule.field) ? value : value.trim();
}

/** The terms box's refusal, a key of the member site's main texts. */
const TERMS_NOT_ACCEPTED = 'translation:errors.TERMS_NOT_ACCEPTED';

/**
 * What the form checks before anything is sent: each shown field by the merchant's rule (SPEC
 * section 5), the password typed twice alike, 21 years or older, the captcha answered when there
 * is one, and the terms accepted.
 */
function registerFields(rules: FieldRule[], captchaAnswer: string | null) {
  const typed = Object.fromEntries(RegisterField.options.map((field) => [field, z.string()]));
  return z
    .object({
      ...(typed as Record<RegisterField, z.ZodString>),
      captcha: z.string(),
      termsAccepted: z.boolean(),
    })
    .superRefine((values, ctx) => {
      const refused = new Set<RegisterField>();
      for (const rule of rules) {
        const result = checkFieldRule(rule, valueOf(rule, values));
        if (!result.valid) {
          refuse(
            ctx,
            rule.field,
            problemKey({ ...result, min: rule.minLength, max: rule.maxLength }),
          );
          refused.add(rule.field);
        }
      }
      const shows = (field: RegisterField) =>
        rules.some((rule) => rule.field === field) && !refused.has(field);
      if (shows('confirmPassword') && values.confirmPassword !== values.password) {
        refuse(ctx, 'confirmPassword', 'validation.mismatch');
      }
      if (shows('birthday') && values.birthday && !isOldEnough(values.birthday)) {
        refuse(ctx, 'birthday', 'local_age_21');
      }
      if (captchaAnswer !== null && !captchaAnswer.trim()) {
        refuse(ctx, 'captcha', 'validation.required');
      }
      if (!values.termsAccepted) refuse(ctx, 'termsAccepted', TERMS_NOT_ACCEPTED);
    });
}

type RegisterFormProps = { permission: PermissionInfo; modes: RegisterMode[] };

function RegisterForm({ permission, modes }: RegisterFormProps) {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const referralCode = searchParams.get('referralCode')?.trim() ?? '';
  const linkAffiliateCode = searchParams.get('affiliateCode')?.trim() ?? '';
  const linkAffiliate = useQuery({
    ...getAffiliateCheckQueryOptions(linkAffiliateCode),
    enabled: linkAffiliateCode !== '',
  });

  const [mode, setMode] = useState<RegisterMode>(modes[0] ?? 'username');
  const smsVerification = mode === 'mobile' && permission.whitelabel.REGMOBVERF3;
  // By username the registration needs the captcha; by mobile the code request does.
  const needsCaptcha = mode === 'username' || smsVerification;
  const captcha = useCaptcha(needsCaptcha);
  const sms = useSmsCode('register');
  // A valid code in the link is used as it is; an invalid one is shown so it can be corrected.
  const rules = formRules(
    permission.register,
    mode,
    linkAffiliateCode !== '' && !linkAffiliate.isError,
  );
  const form = useZodForm(registerFields(rules, needsCaptcha ? captcha.answer : null), {
    ...Object.fromEntries(RegisterField.options.map((field) => [field, ''])),
    affiliateCode: linkAffiliateCode,
    captcha: '',
    termsAccepted: false,
  });
  const { errors } = form.formState;
  const formRef = useFocusFirstProblem(form.formState.submitCount);
  const register = useRegisterMember();
  const [note, setNote] = useState<string | null>(null);
  const [codeStep, setCodeStep] = useState<{ mobile: string; error: string | null } | null>(null);

  const mobile = form.watch('mobileNum').trim();
  const options = {
    sourceOfIncome: FIELD_OPTIONS.sourceOfIncome.map((key) => ({
      value: key,
      label: t(`register.sourceOfIncome.${key}`),
    })),
    occupation: FIELD_OPTIONS.occupation.map((key) => ({
      value: key,
      label: t(`register.occupation.${key}`),
    })),
  };

  function switchMode(next: RegisterMode) {
    setMode(next);
    form.clearErrors();
    setNote(null);
    // A new captcha for the new mode, when it has one (SPEC section 4).
    if (next === 'username' || permission.whitelabel.REGMOBVERF3) captcha.refresh(true);
  }

  function registerRequest(verificationCode?: string): RegisterRequest {
    const values = form.getValues();
    const fields: Partial<Record<RegisterField, string>> = {};
    for (const rule of rules) {
      const value = valueOf(rule, values);
      if (value) fields[rule.field] = value;
    }
    const affiliateCode = values.affiliateCode.trim();
    return {
      ...fields,
      ...(fields.mobileNum ? { countryDialingCode: COUNTRY_DIALING_CODE } : {}),
      ...(affiliateCode ? { affiliateCode } : {}),
      ...(referralCode ? { referralCode } : {}),
      ...(mode === 'username' ? captcha.fields() : {}),
      ...(verificationCode ? { verificationCode } : {}),
      termsAccepted: true,
      registerMethod: 'WEB',
      registerUrl: window.location.href,
      domain: window.location.hostname,
      login: true,
    };
  }

  /** The affiliate check before registering: an unknown code stops with a dialog (SPEC 4). */
  async function affiliateCodeAccepted(): Promise<boolean> {
    const code = form.getValues('affiliateCode').trim();
    if (!code) return true;
    try {
      await queryClient.fetchQuery(getAffiliateCheckQueryOptions(code));
      return true;
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'INVITATION_CODE_ERROR')) throw error;
      void showAlert(t('invitation_code_error'));
      return false;
    }
  }

  function failed(error: unknown) {
    // The registration by username used up its captcha, whatever went wrong.
    if (mode === 'username') captcha.refresh(true);
    if (!(error instanceof ApiError)) {
      setNote(errorText(tMain, error));
      return;
    }
    const shown = new Set<string>([...rules.map((rule) => rule.field), 'captcha']);
    const isShown = (field: string): field is RegisterField | 'captcha' => shown.has(field);
    form.clearErrors();
    if (error.code === 'VALIDATION_ERROR') {
      const problems = Object.entries(problemsOf(error)).filter(([field]) => isShown(field));
      for (const [field, problem] of problems) {
        if (isShown(field) && problem) form.setError(field, { message: problemKey(problem) });
      }
      if (problems.length === 0) setNote(errorText(tMain, error));
      return;
    }
    if (error.code === 'INVITATION_CODE_ERROR') {
      void showAlert(t('invitation_code_error'));
      return;
    }
    const field = ERROR_FIELDS[error.code];
    const message =
      error.code === 'UNDER_AGE'
        ? t('local_age_21')
        : error.code === 'PASSWORD_MISMATCH'
          ? t('validation.mismatch')
          : errorText(tMain, error);
    if (field && isShown(field)) form.setError(field, { message: translatedText(message) });
    else setNote(message);
  }

  async function complete(verificationCode?: string) {
    const result = await register.mutateAsync({
      mode,
      request: registerRequest(verificationCode),
    });
    // A trial that registered from its refusal goes on with what it chose (the page it tapped
    // the game on, where ResumeIntent starts the game; or the page it tried to open) instead
    // of the welcome.
    const intent = readPendingIntent();
    if (!intent) openAppModal('registerSuccess');
    signIn(result);
    void navigate(intent ? intentLanding(intent) : paths.home, { replace: true });
  }

  // Pending while the submit runs: the affiliate check, then the registration or the code sent.
  const submit = form.handleSubmit(async () => {
    try {
      if (!(await affiliateCodeAccepted())) return;
      if (!smsVerification) {
        await complete();
        return;
      }
      // A code still valid for this number is not sent again: the overlay just reopens.
      if (!(sms.remaining > 0 && codeStep?.mobile === mobile)) {
        await sms.send(mobile, captcha.fields()).finally(() => captcha.refresh(true));
      }
      setCodeStep({ mobile, error: null });
    } catch (error) {
      failed(error);
    }
  });

  async function completeWithCode(code: string) {
    try {
      await complete(code);
    } catch (error) {
      if (error instanceof ApiError && CODE_ERRORS.has(error.code)) {
        setCodeStep({ mobile, error: errorText(tMain, error) });
        return;
      }
      setCodeStep(null);
      failed(error);
    }
  }

  return (
    <>
      <form
        ref={formRef}
        className={formStyles.form}
        onSubmit={submitAfresh(() => setNote(null), submit)}
        noValidate
      >
        {modes.length > 1 && (
          <Tabs
            label={t('register.modeLabel')}
            tabs={modes.map((value) => ({ value, label: t(`register.modes.${value}`) }))}
            value={mode}
            onChange={switchMode}
            testId="register-tab"
          />
        )}
        <div className={styles.fields}>
          {rules.map((rule) => {
            const label = t(`register.fields.${rule.field}`);
            const common = {
              label,
              ...bindField(form, t, rule.field),
              required: rule.required,
              testId: `register-${rule.field}`,
            };
            if (rule.field === 'sourceOfIncome' || rule.field === 'occupation') {
              return (
                <SelectField
                  key={rule.field}
                  {...common}
                  placeholder={t('form.choose')}
                  options={options[rule.field]}
                />
              );
            }
            return (
              <TextField
                key={rule.field}
                {...common}
                {...FIELD_INPUTS[rule.field]}
                name={rule.field}
                maxLength={rule.field === 'birthday' ? undefined : rule.maxLength}
                prefix={rule.field === 'mobileNum' ? `+${COUNTRY_DIALING_CODE}` : undefined}
                hint={
                  rule.field === 'password' ? (
                    <PasswordStrength password={form.watch('password')} />
                  ) : undefined
                }
              />
            );
          })}
          {referralCode && (
            <TextField
              label={t('register.referralCode')}
              value={referralCode}
              onChange={() => undefined}
              readOnly
              testId="register-referralCode"
            />
          )}
          {needsCaptcha && (
            <div className={styles.wide}>
              <CaptchaField
                captcha={captcha}
                error={fieldText(t, errors.captcha)}
                testId="register-captcha"
              />
            </div>
          )}
        </div>
        <TermsCheckbox
          checked={form.watch('termsAccepted')}
          onChange={(checked) => {
            form.setValue('termsAccepted', checked, { shouldDirty: true });
            form.clearErrors('termsAccepted');
          }}
          error={fieldText(t, errors.termsAccepted)}
          testId="register-terms"
        />
        {note && <FormMessage testId="register-message">{note}</FormMessage>}
        <SubmitButton
          pending={form.formState.isSubmitting || (mode === 'mobile' && mobile === '')}
          testId="register-submit"
        >
          {t('register.next')}
        </SubmitButton>
      </form>
      {codeStep && (
        <SmsCodeModal
          destination={`+${COUNTRY_DIALING_CODE} ${codeStep.mobile}`}
          sms={sms}
          onResend={(fields) => sms.send(codeStep.mobile, fields)}
          onSubmit={completeWithCode}
          error={codeStep.error}
          onClose={() => setCodeStep(null)}
        />
      )}
    </>
  );
}

/** `/register` over the home page: registration by username or by mobile (SPEC section 2). */
export default function RegisterModal({ permission }: { permission: PermissionInfo }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const session = useSession();
  const pending = readPendingIntent(usePendingIntentText());
  // A trial account may register (its refusals lead here); a member or agent has an account.
  // Once registered, a refused trial's choice is where it goes (see complete()).
  if (session && !session.isTrial) {
    return <Navigate to={pending ? intentLanding(pending) : paths.home} replace />;
  }
  const { whitelabel } = permission;
  const modes: RegisterMode[] = [
    ...(whitelabel.USERNAMEREG3 ? (['username'] as const) : []),
    ...(whitelabel.MOBILENUMREG3 ? (['mobile'] as const) : []),
  ];

  function forgotPassword() {
    void navigate(paths.home, { replace: true });
    openAppModal('forgotPassword');
  }

  return (
    <PopupModal
      title={t('register.title')}
      onClose={() => {
        // Closed without registering: what a refused trial meant to do is given up.
        clearPendingIntent();
        void navigate(paths.home);
      }}
      testId="register-modal"
    >
      {modes.length > 0 ? (
        <RegisterForm permission={permission} modes={modes} />
      ) : (
        <FormMessage kind="info" testId="register-closed">
          {t('register.closed')}
        </FormMessage>
      )}
      <p className={styles.links}>
        <span>
          {t('register.haveAccount')}{' '}
          <Link to={paths.login} replace data-testid="auth-switch-login">
            {t('register.logIn')}
          </Link>
        </span>
        <LinkButton onClick={forgotPassword} testId="register-forgot">
          {t('login.forgot')}
        </LinkButton>
        <Link to={paths.terms} data-testid="register-protocol">
          {t('register.protocol')}
        </Link>
      </p>
    </PopupModal>
  );
}
