import '@/lib/account-texts';
import { ForgotByEmailRequest, ForgotByPhoneRequest, type PermissionInfo } from '@app/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  FormMessage,
  type FormNote,
  FormNoteMessage,
  formStyles,
  SubmitButton,
  Tabs,
  TextField,
  UsernameField,
} from '@/components/form/fields';
import { problemKey, problemsOf } from '@/components/form/validation';
import {
  bindField,
  messageKey,
  refuse,
  translatedText,
  useZodForm,
} from '@/components/form/zod-form';
import { PopupModal } from '@/components/popup-modal';
import { paths } from '@/config/paths';
import { ApiError } from '@app/client';
import { signIn } from '@/lib/auth';
import { showAlert } from '@/lib/dialogs';
import { errorText } from '@/lib/error-text';
import { useForgotByEmail, useForgotByPhone } from '../api/passwords';
import { COUNTRY_DIALING_CODE, SMS_CODE } from '../field-rules';
import styles from './auth.module.css';
import { NewPasswordFields, refuseNewPassword } from './new-password-fields';
import { bindSmsFields, SmsCodeFields } from './sms-code-fields';

type Method = 'email' | 'phone';

function ByEmail({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const form = useZodForm(
    ForgotByEmailRequest,
    { username: '', email: '' },
    {
      required: ['username', 'email'],
      messages: { email: messageKey('validation.EMAIL', { min: 5, max: 254 }) },
    },
  );
  const send = useForgotByEmail();
  const [note, setNote] = useState<string | null>(null);

  const submit = form.handleSubmit(
    (values) => {
      setNote(null);
      send.mutate(values, {
        onSuccess: () => {
          onSent();
          void showAlert(t('forgot.emailSent'));
        },
        onError: (error) => setNote(errorText(tMain, error)),
      });
    },
    () => setNote(null),
  );

  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      <p className={styles.lead}>{t('forgot.emailLead')}</p>
      <UsernameField
        account="own"
        label={t('form.username')}
        {...bindField(form, t, 'username')}
        required
        testId="forgot-username"
      />
      <TextField
        label={t('form.email')}
        type="email"
        {...bindField(form, t, 'email')}
        required
        autoComplete="email"
        testId="forgot-email"
      />
      {note && <FormMessage testId="forgot-message">{note}</FormMessage>}
      <SubmitButton pending={send.isPending} testId="forgot-submit">
        {t('forgot.sendEmail')}
      </SubmitButton>
    </form>
  );
}

/**
 * The reset by phone as the member types it: the request's mobile number and code, a new password
 * that meets the merchant's rule, and the same one twice.
 */
function byPhoneFields(permission: PermissionInfo) {
  return ForgotByPhoneRequest.pick({
    mobileNum: true,
    verificationCode: true,
    newPassword: true,
    confirmNewPassword: true,
  }).superRefine((values, ctx) => {
    if (!values.mobileNum) refuse(ctx, 'mobileNum', 'validation.required');
    if (!SMS_CODE.test(values.verificationCode)) {
      refuse(ctx, 'verificationCode', 'validation.code');
    }
    refuseNewPassword(permission.register, values, ctx);
  });
}

function ByPhone({ permission, onDone }: { permission: PermissionInfo; onDone: () => void }) {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm(
    byPhoneFields(permission),
    { mobileNum: '', verificationCode: '', newPassword: '', confirmNewPassword: '' },
    { messages: { verificationCode: 'validation.code' } },
  );
  const reset = useForgotByPhone();
  const [note, setNote] = useState<FormNote>(null);

  const submit = form.handleSubmit(
    (values) => {
      setNote(null);
      reset.mutate(
        { ...values, countryDialingCode: COUNTRY_DIALING_CODE, termsAccepted: true },
        {
          onSuccess: (result) => {
            signIn(result);
            onDone();
            void navigate(paths.home);
          },
          onError: (error) => {
            const failure = error instanceof ApiError ? error.code : null;
            const newPasswordProblem = problemsOf(error).newPassword;
            if (newPasswordProblem) {
              form.setError('newPassword', { message: problemKey(newPasswordProblem) });
            } else if (failure === 'PASSWORD_MISMATCH') {
              form.setError('confirmNewPassword', { message: 'validation.mismatch' });
            } else if (failure === 'CODE_INVALID' || failure === 'CODE_EXPIRED') {
              form.setError('verificationCode', {
                message: translatedText(errorText(tMain, error)),
              });
            } else setNote({ kind: 'error', text: errorText(tMain, error) });
          },
        },
      );
    },
    () => setNote(null),
  );

  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      <SmsCodeFields
        purpose="reset"
        rules={permission.register}
        {...bindSmsFields(form, t)}
        onNote={setNote}
        testId="forgot-sms"
      />
      <NewPasswordFields
        password={bindField(form, t, 'newPassword')}
        confirmation={bindField(form, t, 'confirmNewPassword')}
        testIds={{ password: 'forgot-new-password', confirmation: 'forgot-confirm-password' }}
      />
      <FormNoteMessage note={note} testId="forgot-message" />
      <SubmitButton pending={reset.isPending} testId="forgot-submit">
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
