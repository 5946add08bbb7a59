import {
  SecondVerificationAnswer,
  SecondVerificationChallenge,
  type LoginResult,
  type SecondVerificationMethod,
} from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FormNote,
  FormNoteMessage,
  formStyles,
  LinkButton,
  Tabs,
  TextField,
  SubmitButton,
} from '@/components/form/fields';
import { ApiError } from '@app/client';
import { signIn } from '@/lib/auth';
import { errorText } from '@/lib/error-text';
import { useCompleteSecondVerification, useSendSecondVerificationCode } from '../api/log-in';
import { bindField, refuse, translatedText, useZodForm } from '@/components/form/zod-form';
import { SMS_CODE } from '../field-rules';
import { useCountdown } from '../use-countdown';
import styles from './auth.module.css';
import { SendCodeButton } from './sms-code-fields';

export type Challenge = { challengeId: string; methods: SecondVerificationMethod[] };

/** The challenge of a login held for coming from a network the member never used. */
export function challengeOf(error: unknown): Challenge | null {
  if (!(error instanceof ApiError) || error.code !== 'SECOND_VERIFICATION_REQUIRED') return null;
  const parsed = SecondVerificationChallenge.safeParse(error.value);
  return parsed.success && parsed.data.methods.length > 0 ? parsed.data : null;
}

type MethodFormProps = {
  challenge: Challenge;
  method: SecondVerificationMethod;
  password: string | undefined;
  onLoggedIn: (result: LoginResult) => void;
  onExpired: (message: string) => void;
};

/**
 * The answer as the member types it: a 6-digit code, or the bank account name (SecondVerification
 * Answer's answer: at least one character).
 */
function answerFields(byCode: boolean) {
  return SecondVerificationAnswer.pick({ answer: true }).superRefine((values, ctx) => {
    if (byCode && !SMS_CODE.test(values.answer)) refuse(ctx, 'answer', 'validation.code');
  });
}

function MethodForm({ challenge, method, password, onLoggedIn, onExpired }: MethodFormProps) {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const countdown = useCountdown();
  const byCode = method !== 'payeeName';
  // SMS and email codes are sent on request; the authenticator app shows its own.
  const sendable = method === 'sms' || method === 'email';
  const form = useZodForm(
    answerFields(byCode),
    { answer: '' },
    { messages: { answer: byCode ? 'validation.code' : 'validation.required' } },
  );
  const send = useSendSecondVerificationCode();
  const complete = useCompleteSecondVerification();
  const [note, setNote] = useState<FormNote>(null);
  // "Resend" from the first code on, even after a later send failed.
  const [sent, setSent] = useState(false);

  function sendCode() {
    if (!sendable) return;
    setNote(null);
    send.mutate(
      { challengeId: challenge.challengeId, method },
      {
        onSuccess: ({ expiredMinutes }) => {
          setSent(true);
          countdown.start(expiredMinutes * 60);
          setNote({ kind: 'info', text: t(`secondVerification.sent.${method}`) });
        },
        onError: (failure) => setNote({ kind: 'error', text: errorText(tMain, failure) }),
      },
    );
  }

  const submit = form.handleSubmit(
    ({ answer }) => {
      setNote(null);
      complete.mutate(
        { challengeId: challenge.challengeId, method, answer },
        {
          onSuccess: (result) => {
            signIn(result, password);
            onLoggedIn(result);
          },
          onError: (failure) => {
            const code = failure instanceof ApiError ? failure.code : null;
            // The challenge is used up or too old, or the password held with it was wrong (under
            // attack the server tells only after the second factor): back to the password.
            if (code === 'CODE_EXPIRED' || code === 'INVALID_CREDENTIALS') {
              onExpired(errorText(tMain, failure));
            } else if (code === 'CODE_INVALID') {
              form.setError('answer', { message: translatedText(errorText(tMain, failure)) });
            } else setNote({ kind: 'error', text: errorText(tMain, failure) });
          },
        },
      );
    },
    () => setNote(null),
  );

  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t(`secondVerification.answer.${method}`)}
        {...bindField(form, t, 'answer', (value) =>
          byCode ? value.replace(/\D/g, '').slice(0, 6) : value,
        )}
        required
        inputMode={byCode ? 'numeric' : 'text'}
        autoComplete={byCode ? 'one-time-code' : 'name'}
        maxLength={byCode ? 6 : 80}
        testId="second-verification-answer"
        action={
          sendable && (
            <SendCodeButton
              sms={{
                remaining: countdown.remaining,
                sending: send.isPending,
                sent,
              }}
              onClick={sendCode}
              testId="second-verification-send"
            />
          )
        }
      />
      <FormNoteMessage note={note} testId="second-verification-message" />
      <SubmitButton pending={complete.isPending} testId="second-verification-submit">
        {t('secondVerification.submit')}
      </SubmitButton>
    </form>
  );
}

type SecondVerificationProps = Omit<MethodFormProps, 'method'> & { onBack: () => void };

/**
 * The second step of a login from an unknown network (SPEC section 4): a code sent to the bound
 * mobile or email, the bank account name, or the code of a linked authenticator app, whichever the
 * member has.
 */
export function SecondVerification({ onBack, ...props }: SecondVerificationProps) {
  const { t } = useTranslation('account');
  const [method, setMethod] = useState(props.challenge.methods[0] ?? 'sms');
  return (
    <div className={formStyles.form} data-testid="second-verification">
      <p className={styles.lead}>{t('secondVerification.lead')}</p>
      {props.challenge.methods.length > 1 && (
        <Tabs
          label={t('secondVerification.methodLabel')}
          tabs={props.challenge.methods.map((value) => ({
            value,
            label: t(`secondVerification.methods.${value}`),
          }))}
          value={method}
          onChange={setMethod}
          testId="second-verification-tab"
        />
      )}
      <MethodForm key={method} method={method} {...props} />
      <LinkButton onClick={onBack}>{t('secondVerification.back')}</LinkButton>
    </div>
  );
}
