import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, formStyles, TextField } from '@/components/form/fields';
import { isOldEnough } from '@/lib/age';
import { ApiError } from '@app/client';
import { errorText } from '@/lib/error-text';
import { updateMemberInfo } from '../api/security';
import styles from './security-centre.module.css';

/** The profile details a member fills in themself; all but the nickname only once. */
export type InfoField = 'nickname' | 'email' | 'payeeName' | 'birthday';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const FULL_NAME = /^[A-Za-z]+( [A-Za-z]+)+$/;

type InfoFieldFormProps = { field: InfoField; token: string; onDone: () => void };

/** One detail to set: checked here as the server checks it, then POST /wps/member/info. */
export function InfoFieldForm({ field, token, onDone }: InfoFieldFormProps) {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const formatMessage: Record<InfoField, string> = {
    nickname: t('validation.ANY', { min: 2, max: 20 }),
    email: t('validation.EMAIL', { min: 5, max: 254 }),
    payeeName: t('validation.FULL_NAME', { min: 3, max: 80 }),
    birthday: t('validation.DATE_YMD', { min: 10, max: 10 }),
  };

  function problem(text: string): string | null {
    if (!text) return t('validation.required');
    if (field === 'nickname' && (text.length < 2 || text.length > 20))
      return formatMessage.nickname;
    if (field === 'email' && !EMAIL.test(text)) return formatMessage.email;
    if (field === 'payeeName' && !FULL_NAME.test(text)) return formatMessage.payeeName;
    if (field === 'birthday' && !isOldEnough(text)) return t('local_age_21');
    return null;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = value.trim();
    const found = problem(text);
    setError(found);
    setNote(null);
    if (found) return;
    setPending(true);
    try {
      await updateMemberInfo(token, { [field]: text });
      onDone();
    } catch (failure) {
      const code = failure instanceof ApiError ? failure.code : null;
      if (code === 'UNDER_AGE') setError(t('local_age_21'));
      else if (code === 'VALIDATION_ERROR') setError(formatMessage[field]);
      else if (
        code === 'FORBIDDEN' &&
        failure instanceof ApiError &&
        failure.value.reason === 'set_once'
      ) {
        setNote(t('security.setOnceError'));
      } else setNote(errorText(tMain, failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t(`security.fields.${field}`)}
        value={value}
        onChange={setValue}
        error={error}
        required
        type={field === 'email' ? 'email' : field === 'birthday' ? 'date' : 'text'}
        autoComplete={
          { nickname: 'nickname', email: 'email', payeeName: 'name', birthday: 'bday' }[field]
        }
        hint={field === 'nickname' ? undefined : t('security.setOnce')}
        testId={`security-${field}-input`}
      />
      {note && <FormMessage testId={`security-${field}-message`}>{note}</FormMessage>}
      <div className={styles.formActions}>
        <button type="button" className="button" onClick={onDone}>
          {tMain('common.cancel')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={pending}
          data-testid={`security-${field}-save`}
        >
          {t('security.save')}
        </button>
      </div>
    </form>
  );
}
