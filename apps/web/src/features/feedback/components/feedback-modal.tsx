import '@/lib/account-texts';
import { FEEDBACK_TYPES, FeedbackRequest } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CaptchaField, useCaptcha } from '@/components/form/captcha-field';
import {
  FormMessage,
  formStyles,
  SelectField,
  TextAreaField,
  SubmitButton,
} from '@/components/form/fields';
import {
  bindField,
  errorText as fieldErrorText,
  messageKey,
  refuse,
  translatedText,
  useZodForm,
} from '@/components/form/zod-form';
import { PopupModal } from '@/components/popup-modal';
import { ApiError } from '@app/client';
import { cx } from '@/lib/class-names';
import { showAlert } from '@/lib/dialogs';
import { errorText } from '@/lib/error-text';
import { useSession } from '@/lib/session';
import { useSendFeedback } from '../api/send-feedback';
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
const FIELDS: Field[] = ['type', 'content', 'captcha'];

/** The question type, FeedbackRequest's description, and the captcha's answer (kept by it). */
function feedbackFields(captchaAnswer: string) {
  return z
    .object({
      type: z.string(),
      content: FeedbackRequest.shape.content,
      captcha: z.string(),
    })
    .superRefine((_, ctx) => {
      if (!captchaAnswer.trim()) refuse(ctx, 'captcha', 'validation.required');
    });
}

function isFeedbackType(value: string): value is FeedbackType {
  return value in FEEDBACK_TYPES;
}

/** Feedback to customer service: question type, description and captcha (SPEC section 2). */
export default function FeedbackModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const session = useSession();
  const captcha = useCaptcha();
  const form = useZodForm(
    feedbackFields(captcha.answer),
    { type: '', content: '', captcha: '' },
    {
      required: ['type', 'content'],
      messages: { content: messageKey('feedback.length', { min: MIN_LENGTH, max: MAX_LENGTH }) },
    },
  );
  const { errors } = form.formState;
  const send = useSendFeedback();
  const [warning, setWarning] = useState<string | null>(null);
  const length = [...form.watch('content').trim()].length;

  const labels: Record<Field, string> = {
    type: t('feedback.type'),
    content: t('feedback.content'),
    captcha: t('form.captcha'),
  };

  const submit = form.handleSubmit(
    ({ type, content }) => {
      const { captchaId, captcha: captchaAnswer } = captcha.fields();
      setWarning(null);
      if (!isFeedbackType(type) || !captchaId) return;
      send.mutate(
        {
          type: FEEDBACK_TYPES[type],
          content,
          sender: session?.account ?? '',
          captchaId,
          captcha: captchaAnswer,
        },
        {
          onSuccess: () => {
            onClose();
            void showAlert(t('feedback.sent'), { title: t('feedback.sentTitle') });
          },
          onError: (error) => {
            captcha.refresh(true);
            if (error instanceof ApiError && error.code === 'INVALID_CAPTCHA') {
              form.setError('captcha', { message: translatedText(errorText(tMain, error)) });
            } else {
              setWarning(errorText(tMain, error));
            }
          },
        },
      );
    },
    (found) => {
      // The warning names every missing field (SPEC section 5).
      const missing = FIELDS.filter((field) => found[field]?.message === 'validation.required');
      setWarning(
        missing.length > 0
          ? t('feedback.missing', { fields: missing.map((field) => labels[field]).join(', ') })
          : null,
      );
    },
  );

  return (
    <PopupModal title={t('feedback.title')} onClose={onClose} testId="feedback-modal">
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        <SelectField
          label={labels.type}
          {...bindField(form, t, 'type')}
          options={TYPE_ORDER.map((key) => ({
            value: key,
            label: t(`feedback.types.${key}`),
          }))}
          placeholder={t('feedback.typePlaceholder')}
          required
          testId="feedback-type"
        />
        <TextAreaField
          label={labels.content}
          {...bindField(form, t, 'content')}
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
        <CaptchaField
          captcha={captcha}
          error={fieldErrorText(t, errors.captcha)}
          testId="feedback-captcha"
        />
        {warning && <FormMessage testId="feedback-warning">{warning}</FormMessage>}
        <SubmitButton pending={send.isPending} testId="feedback-submit">
          {t('feedback.submit')}
        </SubmitButton>
      </form>
    </PopupModal>
  );
}
