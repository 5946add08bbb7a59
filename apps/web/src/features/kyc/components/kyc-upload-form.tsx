import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormMessage, formStyles, SubmitButton } from '@/components/form/fields';
import { errorText as fieldText, translatedText, useZodForm } from '@/components/form/zod-form';
import { Icon } from '@/components/icon';
import { ApiError } from '@app/client';
import { cx } from '@/lib/class-names';
import { errorText } from '@/lib/error-text';
import { IMAGE_ACCEPT, imageFileProblem } from '@/lib/image-file';
import { useUploadIdImages } from '../api/kyc';
import styles from './kyc.module.css';
import { Button } from '@/components/button';

/** The three images, each with the request field it goes in and the warning when it is missing. */
const SLOTS = [
  { slot: 'front', field: 'idCardFront', missing: 'PLEASE_UPLOAD_FRONT' },
  { slot: 'back', field: 'idCardBack', missing: 'PLEASE_UPLOAD_BACK' },
  { slot: 'selfie', field: 'idCardSelfie', missing: 'PLEASE_UPLOAD_SELFIE' },
] as const;

type Slot = (typeof SLOTS)[number]['slot'];

/** A picked image (type and size checked as it is picked) and its preview. */
const Picked = z.object({ file: z.instanceof(File), preview: z.string() });
type Picked = z.infer<typeof Picked>;

/** All three images are required; a missing one reads as its own warning (`errors.*`). */
const KycUploadFields = z.object({ front: Picked, back: Picked, selfie: Picked });
const MISSING = Object.fromEntries(SLOTS.map(({ slot, missing }) => [slot, `errors.${missing}`]));

type KycUploadFormProps = { token: string; onBack: () => void; onUploaded: () => void };

/**
 * KYC step 2: the front and back of the ID and a selfie, JPG or PNG of at most 5 MB each, with
 * previews; all three are required and sent together.
 */
export function KycUploadForm({ token, onBack, onUploaded }: KycUploadFormProps) {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const form = useZodForm(KycUploadFields, {}, { messages: MISSING });
  const upload = useUploadIdImages(token);
  const [note, setNote] = useState<string | null>(null);
  const picked = form.watch();

  // Previews are object URLs: each is released when replaced and when the step closes.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  function pick(slot: Slot, event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    const previous = picked[slot];
    if (problem) {
      form.setError(slot, { message: `errors.${problem}` });
      return;
    }
    if (previous) {
      URL.revokeObjectURL(previous.preview);
      previews.current.delete(previous.preview);
    }
    const preview = URL.createObjectURL(file);
    previews.current.add(preview);
    form.setValue(slot, { file, preview }, { shouldDirty: true });
    form.clearErrors(slot);
  }

  const submit = form.handleSubmit(
    ({ front, back, selfie }) => {
      setNote(null);
      upload.mutate(
        { front: front.file, back: back.file, selfie: selfie.file },
        {
          onSuccess: onUploaded,
          onError: (error) => {
            // A refused image is named by its request field; a missing one by its own code.
            const field = error instanceof ApiError ? error.value.field : undefined;
            const code = error instanceof ApiError ? error.code : undefined;
            const slot = SLOTS.find((entry) => entry.field === field || entry.missing === code);
            if (slot) {
              form.setError(slot.slot, { message: translatedText(errorText(tMain, error)) });
            } else setNote(errorText(tMain, error));
          },
        },
      );
    },
    () => setNote(null),
  );

  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      <p className={styles.lead}>{t('kyc.uploadLead')}</p>
      <div className={styles.uploads}>
        {SLOTS.map(({ slot }) => {
          const image: Picked | undefined = picked[slot];
          const error = fieldText(tMain, form.formState.errors[slot]);
          const inputId = `kyc-upload-${slot}`;
          return (
            <div key={slot} className={styles.upload} data-testid={`kyc-slot-${slot}`}>
              <label
                htmlFor={inputId}
                className={cx(styles.uploadBox, error && styles.uploadBoxInvalid)}
              >
                {image ? (
                  <img
                    src={image.preview}
                    alt={t('kyc.preview', { image: t(`kyc.images.${slot}`) })}
                    className={styles.preview}
                    data-testid={`kyc-upload-${slot}-preview`}
                  />
                ) : (
                  <Icon name={slot === 'selfie' ? 'user' : 'shield'} size={28} />
                )}
                <span className={styles.uploadLabel}>{t(`kyc.images.${slot}`)}</span>
                <span className={styles.uploadAction}>
                  {image ? t('kyc.replace') : t('kyc.choose')}
                </span>
              </label>
              <input
                id={inputId}
                className="visually-hidden"
                type="file"
                accept={IMAGE_ACCEPT}
                onChange={(event) => pick(slot, event)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                data-testid={inputId}
              />
              {error && (
                <p
                  id={`${inputId}-error`}
                  className={formStyles.error}
                  data-testid={`${inputId}-error`}
                >
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <p className={styles.hint}>{t('kyc.uploadRules')}</p>
      {note && <FormMessage testId="kyc-upload-message">{note}</FormMessage>}
      <div className={styles.actions}>
        <Button onClick={onBack} testId="kyc-back">
          {t('kyc.back')}
        </Button>
        <SubmitButton pending={upload.isPending} testId="kyc-upload-submit" block={false}>
          {t('kyc.submitUpload')}
        </SubmitButton>
      </div>
    </form>
  );
}
