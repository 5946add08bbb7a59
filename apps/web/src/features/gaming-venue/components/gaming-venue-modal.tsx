import '@/lib/account-texts';
import type { DropdownOption } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormMessage, formStyles, SubmitButton } from '@/components/form/fields';
import {
  errorText as fieldText,
  refuse,
  translatedText,
  useZodForm,
} from '@/components/form/zod-form';
import { PopupModal } from '@/components/popup-modal';
import { errorText } from '@/lib/error-text';
import { setSessionFlag } from '@/lib/session-flags';
import { useDeclareGamingVenue } from '../api/gaming-venue';
import styles from './gaming-venue-modal.module.css';

/** The body of POST /wps/session/gamingVenue (the server's route schema); a region is required. */
const GamingVenueFields = z.object({ code: z.string().max(32) }).superRefine((values, ctx) => {
  if (!values.code) refuse(ctx, 'code', 'gamingVenue.required');
});

type GamingVenueModalProps = { token: string; venues: DropdownOption[] };

/**
 * The gaming venue modal (SPEC section 2): the operator asks every session where it plays from.
 * It has no close button: the region list is answered with submit.
 */
export default function GamingVenueModal({ token, venues }: GamingVenueModalProps) {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const form = useZodForm(GamingVenueFields, { code: '' });
  const declare = useDeclareGamingVenue();
  const code = form.watch('code');
  // A missing region and a refused one read the same way: one message under the list.
  const error = fieldText(t, form.formState.errors.code);

  const submit = form.handleSubmit((values) => {
    declare.mutate(values.code, {
      onSuccess: () => setSessionFlag('gamingVenue', token),
      onError: (failure) =>
        form.setError('code', { message: translatedText(errorText(tMain, failure)) }),
    });
  });

  return (
    <PopupModal title={t('gamingVenue.title')} size="small" testId="gaming-venue-modal">
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className={styles.list}>
          <legend className={styles.lead}>{t('gamingVenue.lead')}</legend>
          {venues.map((venue) => (
            <label key={venue.code} className={styles.option}>
              <input
                type="radio"
                name="gamingVenue"
                value={venue.code}
                checked={code === venue.code}
                onChange={() => {
                  form.setValue('code', venue.code, { shouldDirty: true });
                  form.clearErrors('code');
                }}
                data-testid={`gaming-venue-${venue.code}`}
              />
              <span>{venue.label}</span>
            </label>
          ))}
        </fieldset>
        {error && <FormMessage testId="gaming-venue-message">{error}</FormMessage>}
        <SubmitButton pending={declare.isPending} testId="gaming-venue-submit">
          {t('gamingVenue.submit')}
        </SubmitButton>
      </form>
    </PopupModal>
  );
}
