import '@/lib/account-texts';
import type { DropdownOption } from '@app/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, formStyles, SubmitButton } from '@/components/form/fields';
import { PopupModal } from '@/components/popup-modal';
import { errorText } from '@/lib/error-text';
import { setSessionFlag } from '@/lib/session-flags';
import { declareGamingVenue } from '../api/gaming-venue';
import styles from './gaming-venue-modal.module.css';

type GamingVenueModalProps = { token: string; venues: DropdownOption[] };

/**
 * The gaming venue modal (SPEC section 2): the operator asks every session where it plays from.
 * It has no close button: the region list is answered with submit.
 */
export default function GamingVenueModal({ token, venues }: GamingVenueModalProps) {
  const { t } = useTranslation('account');
  const { t: tMain } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code) {
      setError(t('gamingVenue.required'));
      return;
    }
    setPending(true);
    setError(null);
    try {
      await declareGamingVenue(code);
      setSessionFlag('gamingVenue', token);
    } catch (failure) {
      setError(errorText(tMain, failure));
    } finally {
      setPending(false);
    }
  }

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
                  setCode(venue.code);
                  setError(null);
                }}
                data-testid={`gaming-venue-${venue.code}`}
              />
              <span>{venue.label}</span>
            </label>
          ))}
        </fieldset>
        {error && <FormMessage testId="gaming-venue-message">{error}</FormMessage>}
        <SubmitButton pending={pending} testId="gaming-venue-submit">
          {t('gamingVenue.submit')}
        </SubmitButton>
      </form>
    </PopupModal>
  );
}
