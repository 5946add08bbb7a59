import {
  KYC_ID_TYPES,
  type KycPersonalInfo,
  NATIONALITIES,
  NATURES_OF_WORK,
  SOURCES_OF_INCOME,
} from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  focusFirstProblem,
  FormMessage,
  formStyles,
  LinkButton,
  SelectField,
  TextField,
  SubmitButton,
} from '@/components/form/fields';
import { problemsOf } from '@/components/form/validation';
import { bindField, useFocusFirstProblem, useZodForm } from '@/components/form/zod-form';
import { isOldEnough } from '@/lib/age';
import { showAlert } from '@/lib/dialogs';
import { errorText } from '@/lib/error-text';
import { useSaveKycInfo } from '../api/kyc';
import {
  EMPTY_KYC_INFO,
  isRealDate,
  KYC_INFO_OPTIONS,
  KycInfoFields,
  today,
} from './kyc-info-fields';
import styles from './kyc.module.css';

type Field = keyof KycPersonalInfo;

const keysOf = (map: Record<number, string>) => Object.keys(map);

type KycPersonalInfoFormProps = {
  token: string;
  /** Saved before (the modal was closed at the upload): the member may go straight on. */
  alreadySaved: boolean;
  onSaved: () => void;
};

/**
 * KYC step 1: ID type, real name, birthday, addresses, place of birth, nationality, source of
 * income, nature of work and employer. A birthday under 21 years ago is warned about
 * (local_age_21) but still saved, as the server records it for the operator.
 */
export function KycPersonalInfoForm({ token, alreadySaved, onSaved }: KycPersonalInfoFormProps) {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const form = useZodForm(KycInfoFields, EMPTY_KYC_INFO, KYC_INFO_OPTIONS);
  const save = useSaveKycInfo(token);
  const [note, setNote] = useState<string | null>(null);
  const formRef = useFocusFirstProblem(form.formState.submitCount);
  const birthday = form.watch('birthday');
  const underAge = isRealDate(birthday) && birthday <= today() && !isOldEnough(birthday);

  const submit = form.handleSubmit(
    (values, event) => {
      const formElement = event?.target as HTMLFormElement;
      setNote(null);
      save.mutate(values, {
        onSuccess: (saved) => {
          // Saved either way; the member is told the account cannot be approved under 21.
          void (saved.ageWarning ? showAlert(t('local_age_21')) : Promise.resolve()).then(onSaved);
        },
        onError: (error) => {
          const problems = problemsOf(error);
          const refused = (Object.keys(EMPTY_KYC_INFO) as Field[]).filter(
            (field) => problems[field],
          );
          if (refused.length === 0) {
            setNote(errorText(tMain, error));
            return;
          }
          focusFirstProblem(formElement, () => {
            for (const field of refused) form.setError(field, { message: 'validation.invalid' });
          });
        },
      });
    },
    () => setNote(null),
  );

  const choose = t('form.choose');
  const text = (
    field: 'payeename' | 'address' | 'permanentAddress' | 'placeOfBirth' | 'employerName',
    autoComplete?: string,
    required = true,
  ) => (
    <TextField
      label={t(`kyc.fields.${field}`)}
      {...bindField(form, t, field)}
      required={required}
      autoComplete={autoComplete}
      testId={`kyc-${field}`}
    />
  );

  return (
    <form
      ref={formRef}
      className={formStyles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      {alreadySaved && (
        <FormMessage kind="info" testId="kyc-info-saved">
          {t('kyc.alreadySaved')}{' '}
          <LinkButton onClick={onSaved} testId="kyc-skip-to-upload">
            {t('kyc.skipToUpload')}
          </LinkButton>
        </FormMessage>
      )}
      <div className={styles.fields}>
        <SelectField
          label={t('kyc.fields.idType')}
          {...bindField(form, t, 'idType')}
          options={keysOf(KYC_ID_TYPES).map((key) => ({
            value: key,
            label: t(`kyc.idTypes.${key as `${keyof typeof KYC_ID_TYPES}`}`),
          }))}
          placeholder={choose}
          required
          testId="kyc-idType"
        />
        {text('payeename', 'name')}
        <TextField
          label={t('kyc.fields.birthday')}
          type="date"
          {...bindField(form, t, 'birthday')}
          max={today()}
          hint={
            underAge && (
              <span className={styles.warning} role="status" data-testid="kyc-birthday-warning">
                {t('local_age_21')}
              </span>
            )
          }
          required
          autoComplete="bday"
          testId="kyc-birthday"
        />
        {text('address', 'street-address')}
        {text('permanentAddress')}
        {text('placeOfBirth')}
        <SelectField
          label={t('kyc.fields.nationality')}
          {...bindField(form, t, 'nationality')}
          options={NATIONALITIES.map((name) => ({ value: name, label: name }))}
          placeholder={choose}
          required
          testId="kyc-nationality"
        />
        <SelectField
          label={t('kyc.fields.sourceOfIncome')}
          {...bindField(form, t, 'sourceOfIncome')}
          options={keysOf(SOURCES_OF_INCOME).map((key) => ({
            value: key,
            label: t(`register.sourceOfIncome.${key as `${keyof typeof SOURCES_OF_INCOME}`}`),
          }))}
          placeholder={choose}
          required
          testId="kyc-sourceOfIncome"
        />
        <SelectField
          label={t('kyc.fields.occupation')}
          {...bindField(form, t, 'occupation')}
          options={keysOf(NATURES_OF_WORK).map((key) => ({
            value: key,
            label: t(`register.occupation.${key as `${keyof typeof NATURES_OF_WORK}`}`),
          }))}
          placeholder={choose}
          required
          testId="kyc-occupation"
        />
        {text('employerName', 'organization', false)}
      </div>
      {note && <FormMessage testId="kyc-info-message">{note}</FormMessage>}
      <SubmitButton pending={save.isPending} testId="kyc-info-submit">
        {t('kyc.saveInfo')}
      </SubmitButton>
    </form>
  );
}
