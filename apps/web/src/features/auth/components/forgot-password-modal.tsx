import '@/lib/account-texts';
import { checkFieldRule, type PermissionInfo } from '@app/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormMessage, formStyles, Tabs, TextField, SubmitButton } from '@/components/form/fields';
import { problemsOf, useProblemText } from '@/components/form/validation';
import { PopupModal } from '@/components/popup-modal';
import { paths } from '@/config/paths';
import { ApiError } from '@app/client';
import { signIn } from '@/lib/auth';
import { showAlert } from '@/lib/dialogs';
import { errorText } from '@/lib/error-text';
import { forgotByEmail, forgotByPhone } from '../api/passwords';
import { COUNTRY_DIALING_CODE, passwordRule, SMS_CODE } from '../field-rules';
import styles from './auth.module.css';
import { NewPasswordFields } from './new-password-fields';
import { SmsCodeFields, type FormNote, type SmsFieldErrors } from './sms-code-fields';

type Method = 'email' | 'phone';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

function ByEmail({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'username' | 'email', string>>>({});
  const [note, setNote] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!username.trim()) found.username = t('validation.required');
    if (!email.trim()) found.email = t('validation.required');
    else if (!EMAIL.test(email.trim())) found.email = t('validation.EMAIL', { min: 5, max: 254 });
    setErrors(found);
    setNote(null);
    if (found.username || found.email) return;
    setPending(true);
    try {
      await forgotByEmail({ username: username.trim(), email: email.trim() });
      onSent();
      void showAlert(t('forgot.emailSent'));
    } catch (error) {
      setNote(errorText(tMain, error));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      <p className={styles.lead}>{t('forgot.emailLead')}</p>
      <TextField
        label={t('form.username')}
        value={username}
        onChange={setUsername}
        error={errors.username}
        required
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        testId="forgot-username"
      />
      <TextField
        label={t('form.email')}
        type="email"
        value={email}
        onChange={setEmail}
        error={errors.email}
        required
        autoComplete="email"
        testId="forgot-email"
      />
      {note && <FormMessage testId="forgot-message">{note}</FormMessage>}
      <SubmitButton pending={pending} testId="forgot-submit">
        {t('forgot.sendEmail')}
      </SubmitButton>
    </form>
  );
}

type PhoneErrors = SmsFieldErrors & Partial<Record<'newPassword' | 'confirmNewPassword', string>>;

function ByPhone({ permission, onDone }: { permission: PermissionInfo; onDone: () => void }) {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const navigate = useNavigate();
  const problemText = useProblemText();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmNewPassword, setConfirmNewPassword] = useState('');
  const [errors, setErrors] = useState<PhoneErrors>({});
  const [note, setNote] = useState<FormNote>(null);
  const [pending, setPending] = useState(false);

  function validate(): PhoneErrors {
    const found: PhoneErrors = {};
    if (!mobile.trim()) found.mobile = t('validation.required');
    if (!SMS_CODE.test(code)) found.code = t('validation.code');
    const rule = passwordRule(permission.register);
    const check = checkFieldRule(rule, newPassword);
    if (!check.valid) {
      found.newPassword =
        problemText({ ...check, min: rule.minLength, max: rule.maxLength }) ?? undefined;
    }
    if (confirmNewPassword !== newPassword) found.confirmNewPassword = t('validation.mismatch');
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setNote(null);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      const result = await forgotByPhone({
        countryDialingCode: COUNTRY_DIALING_CODE,
        mobileNum: mobile.trim(),
        verificationCode: code,
        newPassword,
        confirmNewPassword,
        termsAccepted: true,
      });
      signIn(result);
      onDone();
      void navigate(paths.home);
    } catch (error) {
      const failure = error instanceof ApiError ? error.code : null;
      const newPasswordProblem = problemsOf(error).newPassword;
      if (newPasswordProblem) setErrors({ newPassword: problemText(newPasswordProblem) ?? '' });
      else if (failure === 'PASSWORD_MISMATCH') {
        setErrors({ confirmNewPassword: t('validation.mismatch') });
      } else if (failure === 'CODE_INVALID' || failure === 'CODE_EXPIRED') {
        setErrors({ code: errorText(tMain, error) });
      } else setNote({ kind: 'error', text: errorText(tMain, error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      <SmsCodeFields
        purpose="reset"
        rules={permission.register}
        mobile={mobile}
        onMobileChange={setMobile}
        code={code}
        onCodeChange={setCode}
        errors={errors}
        onErrors={setErrors}
        onNote={setNote}
        testId="forgot-sms"
      />
      <NewPasswordFields
        password={newPassword}
        confirmation={confirmNewPassword}
        onPasswordChange={setNewPassword}
        onConfirmationChange={setConfirmNewPassword}
        errors={errors}
        testIds={{ password: 'forgot-new-password', confirmation: 'forgot-confirm-password' }}
      />
      {note && (
        <FormMessage kind={note.kind} testId="forgot-message">
          {note.text}
        </FormMessage>
      )}
      <SubmitButton pending={pending} testId="forgot-submit">
        {t('forgot.reset')}
      </SubmitButton>
    </form>
  );
}

/** `banners`: the forgot-password banners (the content feature's), put in by the app layer. */
type ForgotPasswordModalProps = {
  permission: PermissionInfo;
  onClose: () => void;
  banners: ReactNode;
};

/** Forgot password: by email, by phone, or a choice when both are on (SPEC section 2). */
export default function ForgotPasswordModal({
  permission,
  onClose,
  banners,
}: ForgotPasswordModalProps) {
  const { t } = useTranslation('account');
  const { whitelabel } = permission;
  const methods: Method[] = [
    ...(whitelabel.CHNGPASSMAIL3 ? (['email'] as const) : []),
    ...(whitelabel.CHNGPASSVERIF3 || whitelabel.MOBILECODELOGIN ? (['phone'] as const) : []),
  ];
  const [method, setMethod] = useState<Method | undefined>(methods[0]);

  return (
    <PopupModal title={t('forgot.title')} onClose={onClose} size="small" testId="forgot-modal">
      {banners}
      <div className={formStyles.form}>
        {methods.length > 1 && (
          <Tabs
            label={t('forgot.methodLabel')}
            tabs={methods.map((value) => ({ value, label: t(`forgot.methods.${value}`) }))}
            value={method ?? 'email'}
            onChange={setMethod}
            testId="forgot-tab"
          />
        )}
        {method === 'email' && <ByEmail onSent={onClose} />}
        {method === 'phone' && <ByPhone permission={permission} onDone={onClose} />}
        {!method && (
          <FormMessage kind="info" testId="forgot-unavailable">
            {t('forgot.unavailable')}
          </FormMessage>
        )}
      </div>
      <p className={styles.switch}>
        <Link to={paths.login} onClick={onClose} data-testid="forgot-login">
          {t('forgot.backToLogin')}
        </Link>
      </p>
    </PopupModal>
  );
}
