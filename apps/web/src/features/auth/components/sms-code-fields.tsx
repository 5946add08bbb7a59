import { checkFieldRule, type FieldRule } from '@app/shared';
import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CaptchaField, useCaptcha } from '@/components/form/captcha-field';
import { formStyles, type FormNote, TextField } from '@/components/form/fields';
import { useProblemText } from '@/components/form/validation';
import { bindField, errorText, translatedText } from '@/components/form/zod-form';
import { errorText as failureText } from '@/lib/error-text';
import { sendSmsCode, type SmsCodeKind } from '../api/log-in';
import { COUNTRY_DIALING_CODE, mobileRule } from '../field-rules';
import { formatCountdown, useCountdown } from '../use-countdown';

type CodePurpose = 'login' | 'reset';

/**
 * Sends SMS codes of one kind and counts down expiredMinutes x 60 s before the next send
 * (SPEC section 4). A send needs a captcha answer, which it uses up, right or wrong.
 */
export function useSmsCode(kind: SmsCodeKind, purpose?: CodePurpose) {
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  async function send(mobile: string, captcha: { captchaId?: string; captcha: string }) {
    setSending(true);
    try {
      const { expiredMinutes } = await sendSmsCode(kind, {
        countryDialingCode: COUNTRY_DIALING_CODE,
        mobile,
        ...(purpose ? { purpose } : {}),
        ...captcha,
      });
      setSent(true);
      countdown.start(expiredMinutes * 60);
      return expiredMinutes;
    } finally {
      setSending(false);
    }
  }

  return { remaining: countdown.remaining, sending, sent, send };
}

export type SmsCodeState = ReturnType<typeof useSmsCode>;

type SendCodeButtonProps = {
  sms: Pick<SmsCodeState, 'remaining' | 'sending' | 'sent'>;
  onClick: () => void;
  testId: string;
};

/** "Send code", then the time until a new one may be asked for, then "Resend code". */
export function SendCodeButton({ sms, onClick, testId }: SendCodeButtonProps) {
  const { t } = useTranslation('account');
  return (
    <button
      type="button"
      className={formStyles.actionButton}
      disabled={sms.sending || sms.remaining > 0}
      onClick={onClick}
      data-testid={testId}
    >
      {sms.remaining > 0
        ? t('sms.resendIn', { time: formatCountdown(sms.remaining) })
        : t(sms.sent ? 'sms.resend' : 'sms.send')}
    </button>
  );
}

export type SmsFieldErrors = Partial<Record<'mobile' | 'captcha' | 'code', string>>;

/** The fields of a form with an SMS code, named as LoginRequest and ForgotByPhoneRequest name them. */
type SmsValues = { mobileNum?: string; verificationCode?: string; captcha?: string };

/**
 * The SMS fields' value, change and error props bound to a react-hook-form form; the checks made
 * before a code is sent, and the captcha's refusal, show as the form's own errors.
 */
export function bindSmsFields<Values extends SmsValues>(
  form: UseFormReturn<Values, unknown, FieldValues>,
  t: Parameters<typeof bindField>[1],
) {
  // Only the three SMS fields are read or set; the form may have any others.
  const sms = form as unknown as UseFormReturn<SmsValues, unknown, FieldValues>;
  const { errors } = sms.formState;
  const mobile = bindField(sms, t, 'mobileNum');
  const code = bindField(sms, t, 'verificationCode');
  return {
    mobile: mobile.value ?? '',
    onMobileChange: mobile.onChange,
    code: code.value ?? '',
    onCodeChange: code.onChange,
    errors: { mobile: mobile.error, code: code.error, captcha: errorText(t, errors.captcha) },
    onErrors: (found: SmsFieldErrors) => {
      sms.clearErrors(['mobileNum', 'verificationCode', 'captcha']);
      if (found.mobile) sms.setError('mobileNum', { message: translatedText(found.mobile) });
      if (found.code) sms.setError('verificationCode', { message: translatedText(found.code) });
      if (found.captcha) sms.setError('captcha', { message: translatedText(found.captcha) });
    },
  };
}

type SmsCodeFieldsProps = {
  purpose: CodePurpose;
  rules: FieldRule[];
  mobile: string;
  onMobileChange: (mobile: string) => void;
  code: string;
  onCodeChange: (code: string) => void;
  errors: SmsFieldErrors;
  onErrors: (errors: SmsFieldErrors) => void;
  /** "Code sent", or why it was not (SPEC section 8: the server's message as a warning). */
  onNote: (note: FormNote) => void;
  testId: string;
};

/** Mobile number, captcha, and the code with its send button: SMS login and reset by phone. */
export function SmsCodeFields({
  purpose,
  rules,
  mobile,
  onMobileChange,
  code,
  onCodeChange,
  errors,
  onErrors,
  onNote,
  testId,
}: SmsCodeFieldsProps) {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const problemText = useProblemText();
  const captcha = useCaptcha();
  const sms = useSmsCode('noLogin', purpose);

  async function sendCode() {
    const rule = mobileRule(rules);
    const check = checkFieldRule(rule, mobile.trim());
    const next: SmsFieldErrors = {};
    if (!check.valid) {
      next.mobile = problemText({ ...check, min: rule.minLength, max: rule.maxLength }) ?? '';
    }
    if (!captcha.answer.trim()) next.captcha = t('validation.required');
    onErrors(next);
    onNote(null);
    if (next.mobile || next.captcha) return;
    try {
      const minutes = await sms.send(mobile.trim(), captcha.fields());
      onNote({
        kind: 'info',
        text: t('sms.sent', { mobile: `+${COUNTRY_DIALING_CODE} ${mobile.trim()}`, minutes }),
      });
    } catch (error) {
      onNote({ kind: 'error', text: failureText(tMain, error) });
    } finally {
      captcha.refresh(true);
    }
  }

  return (
    <>
      <TextField
        label={t('form.mobile')}
        value={mobile}
        onChange={onMobileChange}
        error={errors.mobile}
        required
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        prefix={`+${COUNTRY_DIALING_CODE}`}
        placeholder={t('form.mobilePlaceholder')}
        testId={`${testId}-mobile`}
      />
      <CaptchaField captcha={captcha} error={errors.captcha} testId={`${testId}-captcha`} />
      <TextField
        label={t('form.code')}
        value={code}
        onChange={(value) => onCodeChange(value.replace(/\D/g, '').slice(0, 6))}
        error={errors.code}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('form.codePlaceholder')}
        testId={`${testId}-code`}
        action={
          <SendCodeButton sms={sms} onClick={() => void sendCode()} testId={`${testId}-send`} />
        }
      />
    </>
  );
}
