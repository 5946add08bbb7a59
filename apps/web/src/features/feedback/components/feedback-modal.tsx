import '@/lib/account-texts';
import { FEEDBACK_TYPES, type FeedbackRequest } from '@app/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaField, useCaptcha } from '@/components/form/captcha-field';
import { FormMessage, formStyles, SelectField, TextAreaField } from '@/components/form/fields';
import { PopupModal } from '@/components/popup-modal';
import { ApiError } from '@app/client';
import { cx } from '@/lib/class-names';
import { showAlert } from '@/lib/dialogs';
import { errorText } from '@/lib/error-text';
import { useSession } from '@/lib/session';
import { sendFeedback } from '../api/send-feedback';
import styles from './feedback-modal.module.css';

type FeedbackType = keyof typeof FEEDBACK_TYPES;

/** The question types in the order of SPEC section 3, "other" last. */
const TYPE_ORDER: FeedbackType[] = [
  'deposit_issues',
  'withdraw_issues',
  'game_issues',
  'service_issues',
  'apply_issues',
  'other_issues',
];

/** Description length after trimming (SPEC section 5). */
const MIN_LENGTH = 20;
const MAX_LENGTH = 200;

type Field = 'type' | 'content' | 'captcha';

function isFeedbackType(value: string): value is FeedbackType {
  return value in FEEDBACK_TYPES;
}

/** Feedback to customer service: question type, description and captcha (SPEC section 2). */
export default function FeedbackModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const session = useSession();
  const captcha = useCaptcha();
  const [type, setType] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [warning, setWarning] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const length = [...content.trim()].length;

  const labels: Record<Field, string> = {
    type: t('feedback.type'),
    content: t('feedback.content'),
    captcha: t('form.captcha'),
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { captchaId, captcha: captchaAnswer } = captcha.fields();
    const missing = (
      [
        ['type', type],
        ['content', content.trim()],
        ['captcha', captchaAnswer],
      ] as const
    )
      .filter(([, value]) => !value)
      .map(([field]) => field);
    const found: Partial<Record<Field, string>> = {};
    for (const field of missing) found[field] = t('validation.required');
    if (!found.content && (length < MIN_LENGTH || length > MAX_LENGTH)) {
      found.content = t('feedback.length', { min: MIN_LENGTH, max: MAX_LENGTH });
    }
    setErrors(found);
    // The warning names every missing field (SPEC section 5).
    setWarning(
      missing.length > 0
        ? t('feedback.missing', { fields: missing.map((field) => labels[field]).join(', ') })
        : null,
    );
    if (Object.keys(found).length > 0 || !isFeedbackType(type) || !captchaId) return;
    setPending(true);
    try {
      const request: FeedbackRequest = {
        type: FEEDBACK_TYPES[type],
        content: content.trim(),
        sender: session?.account ?? '',
        captchaId,
        captcha: captchaAnswer,
      };
      await sendFeedback(request);
      onClose();
      void showAlert(t('feedback.sent'));
    } catch (error) {
      captcha.refresh(true);
      if (error instanceof ApiError && error.code === 'INVALID_CAPTCHA') {
        setErrors({ captcha: errorText(tMain, error) });
      } else {
        setWarning(errorText(tMain, error));
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <PopupModal title={t('feedback.title')} onClose={onClose} testId="feedback-modal">
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        <SelectField
          label={labels.type}
          value={type}
          onChange={setType}
          options={TYPE_ORDER.map((key) => ({
            value: key,
            label: t(`feedback.types.${key}`),
          }))}
          placeholder={t('feedback.typePlaceholder')}
          error={errors.type}
          required
          testId="feedback-type"
        />
        <TextAreaField
          label={labels.content}
          value={content}
          onChange={setContent}
          error={errors.content}
          required
          placeholder={t('feedback.contentPlaceholder', { min: MIN_LENGTH, max: MAX_LENGTH })}
          rows={5}
          hint={
            <span
              className={cx(
                styles.counter,
                (length < MIN_LENGTH || length > MAX_LENGTH) && styles.counterOff,
              )}
              data-testid="feedback-counter"
            >
              {t('feedback.counter', { length, max: MAX_LENGTH })}
            </span>
          }
          testId="feedback-content"
        />
        <CaptchaField captcha={captcha} error={errors.captcha} testId="feedback-captcha" />
        {warning && <FormMessage testId="feedback-warning">{warning}</FormMessage>}
        <button
          type="submit"
          className={`button button--primary button--block ${formStyles.submit}`}
          disabled={pending}
          data-testid="feedback-submit"
        >
          {t('feedback.submit')}
        </button>
      </form>
    </PopupModal>
  );
}
