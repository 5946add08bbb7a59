import { UpdateMemberInfo } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormMessage, formStyles, TextField } from '@/components/form/fields';
import { bindField, messageKey, refuse, useZodForm } from '@/components/form/zod-form';
import { isOldEnough } from '@/lib/age';
import { ApiError } from '@app/client';
import { errorText } from '@/lib/error-text';
import { useUpdateMemberInfo } from '../api/security';
import { FormActions } from './form-actions';

/** The profile details a member fills in themself; all but the nickname only once. */
export type InfoField = 'nickname' | 'email' | 'payeeName' | 'birthday';

/** The message key of a detail the request schema refuses, with its lengths. */
const FORMAT_MESSAGE: Record<InfoField, string> = {
  nickname: messageKey('validation.ANY', { min: 2, max: 20 }),
  email: messageKey('validation.EMAIL', { min: 5, max: 254 }),
  payeeName: messageKey('validation.FULL_NAME', { min: 3, max: 80 }),
  birthday: messageKey('validation.DATE_YMD', { min: 10, max: 10 }),
};

/** The detail as UpdateMemberInfo checks it, trimmed; a birthday must also be 21 years ago. */
function infoFieldSchema(field: InfoField) {
  return z
    .object({ value: z.string().trim().pipe(UpdateMemberInfo.shape[field].unwrap()) })
    .superRefine(({ value }, ctx) => {
      if (field === 'birthday' && value && !isOldEnough(value)) {
        refuse(ctx, 'value', 'local_age_21');
      }
    });
}

type InfoFieldFormProps = { field: InfoField; token: string; onDone: () => void };

/** One detail to set: checked here as the server checks it, then POST /wps/member/info. */
export function InfoFieldForm({ field, token, onDone }: InfoFieldFormProps) {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const form = useZodForm(
    infoFieldSchema(field),
    { value: '' },
    { required: ['value'], messages: { value: FORMAT_MESSAGE[field] } },
  );
  const save = useUpdateMemberInfo(token);
  const [note, setNote] = useState<string | null>(null);

  const submit = form.handleSubmit(
    ({ value }) => {
      setNote(null);
      save.mutate(
        { [field]: value },
        {
          onSuccess: onDone,
          onError: (failure) => {
            const code = failure instanceof ApiError ? failure.code : null;
            if (code === 'UNDER_AGE') form.setError('value', { message: 'local_age_21' });
            else if (code === 'VALIDATION_ERROR') {
              form.setError('value', { message: FORMAT_MESSAGE[field] });
            } else if (
              code === 'FORBIDDEN' &&
              failure instanceof ApiError &&
              failure.value.reason === 'set_once'
            ) {
              setNote(t('security.setOnceError'));
            } else setNote(errorText(tMain, failure));
          },
        },
      );
    },
    () => setNote(null),
  );

  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t(`security.fields.${field}`)}
        {...bindField(form, t, 'value')}
        required
        type={field === 'email' ? 'email' : field === 'birthday' ? 'date' : 'text'}
        autoComplete={
          { nickname: 'nickname', email: 'email', payeeName: 'name', birthday: 'bday' }[field]
        }
        hint={field === 'nickname' ? undefined : t('security.setOnce')}
        testId={`security-${field}-input`}
      />
      {note && <FormMessage testId={`security-${field}-message`}>{note}</FormMessage>}
      <FormActions onCancel={onDone} pending={save.isPending} testId={`security-${field}-save`}>
        {t('security.save')}
      </FormActions>
    </form>
  );
}
