import {
  SecondVerificationChallenge,
  type LoginResult,
  type SecondVerificationMethod,
} from '@app/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, formStyles, Tabs, TextField, SubmitButton } from '@/components/form/fields';
import { ApiError } from '@app/client';
import { signIn } from '@/lib/auth';
import { errorText } from '@/lib/error-text';
import { completeSecondVerification, sendSecondVerificationCode } from '../api/log-in';
import { SMS_CODE } from '../field-rules';
import { useCountdown } from '../use-countdown';
import styles from './auth.module.css';
import { SendCodeButton, type FormNote } from './sms-code-fields';

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

function MethodForm({ challenge, method, password, onLoggedIn, onExpired }: MethodFormProps) {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<FormNote>(null);
  const [pending, setPending] = useState(false);
  const byCode = method !== 'payeeName';
  // SMS and email codes are sent on request; the authenticator app shows its own.
  const sendable = method === 'sms' || method === 'email';

  async function sendCode() {
    if (!sendable) return;
    setSending(true);
    setNote(null);
    try {
      const { expiredMinutes } = await sendSecondVerificationCode(challenge.challengeId, method);
      setSent(true);
      countdown.start(expiredMinutes * 60);
      setNote({ kind: 'info', text: t(`secondVerification.sent.${method}`) });
    } catch (failure) {
      setNote({ kind: 'error', text: errorText(tMain, failure) });
    } finally {
      setSending(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = answer.trim();
    const problem = byCode
      ? SMS_CODE.test(value)
        ? null
        : t('validation.code')
      : value
        ? null
        : t('validation.required');
    setError(problem);
    setNote(null);
    if (problem) return;
    setPending(true);
    try {
      const result = await completeSecondVerification(challenge.challengeId, method, value);
      signIn(result, password);
      onLoggedIn(result);
    } catch (failure) {
      const code = failure instanceof ApiError ? failure.code : null;
      // The challenge is used up or too old, or the password held with it was wrong (under
      // attack the server tells only after the second factor): back to the password.
      if (code === 'CODE_EXPIRED' || code === 'INVALID_CREDENTIALS') {
        onExpired(errorText(tMain, failure));
      } else if (code === 'CODE_INVALID') setError(errorText(tMain, failure));
      else setNote({ kind: 'error', text: errorText(tMain, failure) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t(`secondVerification.answer.${method}`)}
        value={answer}
        onChange={(value) => setAnswer(byCode ? value.replace(/\D/g, '').slice(0, 6) : value)}
        error={error}
        required
        inputMode={byCode ? 'numeric' : 'text'}
        autoComplete={byCode ? 'one-time-code' : 'name'}
        maxLength={byCode ? 6 : 80}
        testId="second-verification-answer"
        action={
          sendable && (
            <SendCodeButton
              sms={{ remaining: countdown.remaining, sending, sent }}
              onClick={() => void sendCode()}
              testId="second-verification-send"
            />
          )
        }
      />
      {note && (
        <FormMessage kind={note.kind} testId="second-verification-message">
          {note.text}
        </FormMessage>
      )}
      <SubmitButton pending={pending} testId="second-verification-submit">
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
      <button type="button" className={formStyles.linkButton} onClick={onBack}>
        {t('secondVerification.back')}
      </button>
    </div>
  );
}
