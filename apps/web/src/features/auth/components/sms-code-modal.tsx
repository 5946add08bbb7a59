import { RegisterRequest } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaField, useCaptcha } from '@/components/form/captcha-field';
import { FormMessage, formStyles, TextField } from '@/components/form/fields';
import { bindField, refuse, useZodForm } from '@/components/form/zod-form';
import { PopupModal } from '@/components/popup-modal';
import { errorText } from '@/lib/error-text';
import { SMS_CODE } from '../field-rules';
import { formatCountdown } from '../use-countdown';
import styles from './auth.module.css';
import type { SmsCodeState } from './sms-code-fields';
import { Button } from '@/components/button';

type SmsCodeModalProps = {
  /** Where the code went, e.g. "+63 9171234567". */
  destination: string;
  sms: SmsCodeState;
  onResend: (captcha: { captchaId?: string; captcha: string }) => Promise<unknown>;
  onSubmit: (code: string) => Promise<void>;
  /** Why the last code was refused (wrong, expired). */
  error: string | null;
  onClose: () => void;
};

/** The code as RegisterRequest takes it, six digits (submit is held until then). */
const smsCodeFields = RegisterRequest.pick({ verificationCode: true }).superRefine(
  (values, ctx) => {
    if (!SMS_CODE.test(values.verificationCode ?? ''))
      refuse(ctx, 'verificationCode', 'validation.code');
  },
);

/**
 * The 6-digit code step of mobile registration: submit stays disabled until six digits are in;
 * a new code can be asked for once the countdown ends, with a new captcha.
 */
export function SmsCodeModal({
  destination,
  sms,
  onResend,
  onSubmit,
  error,
  onClose,
}: SmsCodeModalProps) {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const formId = useId();
  const form = useZodForm(smsCodeFields, { verificationCode: '' });
  const code = form.watch('verificationCode') ?? '';
  const send = useMutation({ mutationFn: onSubmit });
  const canResend = sms.remaining === 0;
  const captcha = useCaptcha(canResend);
  const [resendError, setResendError] = useState<string | null>(null);

  const submit = form.handleSubmit(({ verificationCode }) => send.mutate(verificationCode ?? ''));

  async function resend() {
    if (!captcha.answer.trim()) {
      setResendError(t('validation.required'));
      return;
    }
    setResendError(null);
    try {
      await onResend(captcha.fields());
      form.reset({ verificationCode: '' });
    } catch (failure) {
      setResendError(errorText(tMain, failure));
    } finally {
      captcha.refresh(true);
    }
  }

  return (
    <PopupModal
      title={t('sms.title')}
      onClose={onClose}
      size="small"
      testId="sms-code-modal"
      footer={
        <Button
          type="submit"
          form={formId}
          variant="primary"
          block
          className={formStyles.submit}
          disabled={!SMS_CODE.test(code) || send.isPending}
          testId="sms-code-submit"
        >
          {t('register.submit')}
        </Button>
      }
    >
      <form
        id={formId}
        className={formStyles.form}
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <p className={styles.lead}>{t('sms.sentTo', { mobile: destination })}</p>
        <TextField
          label={t('form.code')}
          {...bindField(form, t, 'verificationCode', (value) =>
            value.replace(/\D/g, '').slice(0, 6),
          )}
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          className={styles.codeInput}
          placeholder="••••••"
          testId="sms-code-input"
        />
        {error && <FormMessage testId="sms-code-error">{error}</FormMessage>}
        {canResend ? (
          <>
            <CaptchaField captcha={captcha} error={resendError} testId="sms-resend-captcha" />
            <Button
              block
              onClick={() => void resend()}
              disabled={sms.sending}
              testId="sms-code-resend"
            >
              {t('sms.resend')}
            </Button>
          </>
        ) : (
          <p className={styles.lead} data-testid="sms-code-countdown">
            {t('sms.resendIn', { time: formatCountdown(sms.remaining) })}
          </p>
        )}
      </form>
    </PopupModal>
  );
}
