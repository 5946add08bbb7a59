import {
  KYC_ID_TYPES,
  KycPersonalInfo,
  NATIONALITIES,
  NATURES_OF_WORK,
  SOURCES_OF_INCOME,
} from '@app/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  focusFirstProblem,
  FormMessage,
  formStyles,
  SelectField,
  TextField,
  SubmitButton,
} from '@/components/form/fields';
import { problemsOf } from '@/components/form/validation';
import { isOldEnough } from '@/lib/age';
import { showAlert } from '@/lib/dialogs';
import { errorText } from '@/lib/error-text';
import { saveKycInfo } from '../api/kyc';
import styles from './kyc.module.css';

type Field = keyof KycPersonalInfo;
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = {
  idType: '',
  payeename: '',
  birthday: '',
  address: '',
  permanentAddress: '',
  placeOfBirth: '',
  nationality: '',
  sourceOfIncome: '',
  occupation: '',
  employerName: '',
};

/** Typed fields whose length the shared schema bounds, with those schemas. */
const LENGTH_RULES = {
  address: KycPersonalInfo.shape.address,
  permanentAddress: KycPersonalInfo.shape.permanentAddress,
  placeOfBirth: KycPersonalInfo.shape.placeOfBirth,
  employerName: KycPersonalInfo.shape.employerName.unwrap(),
};

const keysOf = (map: Record<number, string>) => Object.keys(map);

/** Today as yyyy-MM-dd in the member's own time zone: the latest birthday the picker offers. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function isRealDate(value: string): boolean {
  return KycPersonalInfo.shape.birthday.safeParse(value).success;
}

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
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [note, setNote] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const underAge =
    isRealDate(values.birthday) && values.birthday <= today() && !isOldEnough(values.birthday);

  function setValue(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function validate(): Errors {
    const found: Errors = {};
    for (const field of Object.keys(EMPTY) as Field[]) {
      if (field !== 'employerName' && !values[field].trim())
        found[field] = t('validation.required');
    }
    if (!found.payeename && !KycPersonalInfo.shape.payeename.safeParse(values.payeename).success) {
      found.payeename = t('kyc.payeenameInvalid');
    }
    if (!found.birthday && !isRealDate(values.birthday)) {
      found.birthday = t('validation.DATE_YMD');
    } else if (!found.birthday && values.birthday > today()) {
      found.birthday = t('kyc.birthdayFuture');
    }
    for (const [field, schema] of Object.entries(LENGTH_RULES) as [
      Field,
      typeof LENGTH_RULES.address,
    ][]) {
      if (!found[field] && !schema.safeParse(values[field]).success) {
        found[field] = t('validation.ANY', { min: schema.minLength ?? 0, max: schema.maxLength });
      }
    }
    return found;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const found = validate();
    setNote(null);
    if (Object.keys(found).length > 0) {
      focusFirstProblem(form, () => setErrors(found));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const saved = await saveKycInfo(token, {
        idType: Number(values.idType),
        payeename: values.payeename.trim(),
        birthday: values.birthday,
        address: values.address.trim(),
        permanentAddress: values.permanentAddress.trim(),
        placeOfBirth: values.placeOfBirth.trim(),
        nationality: values.nationality as KycPersonalInfo['nationality'],
        sourceOfIncome: Number(values.sourceOfIncome),
        occupation: Number(values.occupation),
        employerName: values.employerName.trim(),
      });
      // Saved either way; the member is told the account cannot be approved under 21.
      if (saved.ageWarning) await showAlert(t('local_age_21'));
      onSaved();
    } catch (error) {
      const problems = problemsOf(error);
      const fieldErrors: Errors = {};
      for (const field of Object.keys(EMPTY) as Field[]) {
        if (problems[field]) fieldErrors[field] = t('validation.invalid');
      }
      if (Object.keys(fieldErrors).length === 0) {
        setErrors({});
        setNote(errorText(tMain, error));
      } else focusFirstProblem(form, () => setErrors(fieldErrors));
    } finally {
      setPending(false);
    }
  }

  const choose = t('form.choose');
  const text = (field: Field, autoComplete?: string, required = true) => (
    <TextField
      label={t(`kyc.fields.${field}`)}
      value={values[field]}
      onChange={(value) => setValue(field, value)}
      error={errors[field]}
      required={required}
      autoComplete={autoComplete}
      testId={`kyc-${field}`}
    />
  );

  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      {alreadySaved && (
        <FormMessage kind="info" testId="kyc-info-saved">
          {t('kyc.alreadySaved')}{' '}
          <button
            type="button"
            className={formStyles.linkButton}
            onClick={onSaved}
            data-testid="kyc-skip-to-upload"
          >
            {t('kyc.skipToUpload')}
          </button>
        </FormMessage>
      )}
      <div className={styles.fields}>
        <SelectField
          label={t('kyc.fields.idType')}
          value={values.idType}
          onChange={(value) => setValue('idType', value)}
          options={keysOf(KYC_ID_TYPES).map((key) => ({
            value: key,
            label: t(`kyc.idTypes.${key as `${keyof typeof KYC_ID_TYPES}`}`),
          }))}
          placeholder={choose}
          error={errors.idType}
          required
          testId="kyc-idType"
        />
        {text('payeename', 'name')}
        <TextField
          label={t('kyc.fields.birthday')}
          type="date"
          value={values.birthday}
          onChange={(value) => setValue('birthday', value)}
          max={today()}
          error={errors.birthday}
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
          value={values.nationality}
          onChange={(value) => setValue('nationality', value)}
          options={NATIONALITIES.map((name) => ({ value: name, label: name }))}
          placeholder={choose}
          error={errors.nationality}
          required
          testId="kyc-nationality"
        />
        <SelectField
          label={t('kyc.fields.sourceOfIncome')}
          value={values.sourceOfIncome}
          onChange={(value) => setValue('sourceOfIncome', value)}
          options={keysOf(SOURCES_OF_INCOME).map((key) => ({
            value: key,
            label: t(`register.sourceOfIncome.${key as `${keyof typeof SOURCES_OF_INCOME}`}`),
          }))}
          placeholder={choose}
          error={errors.sourceOfIncome}
          required
          testId="kyc-sourceOfIncome"
        />
        <SelectField
          label={t('kyc.fields.occupation')}
          value={values.occupation}
          onChange={(value) => setValue('occupation', value)}
          options={keysOf(NATURES_OF_WORK).map((key) => ({
            value: key,
            label: t(`register.occupation.${key as `${keyof typeof NATURES_OF_WORK}`}`),
          }))}
          placeholder={choose}
          error={errors.occupation}
          required
          testId="kyc-occupation"
        />
        {text('employerName', 'organization', false)}
      </div>
      {note && <FormMessage testId="kyc-info-message">{note}</FormMessage>}
      <SubmitButton pending={pending} testId="kyc-info-submit">
        {t('kyc.saveInfo')}
      </SubmitButton>
    </form>
  );
}
