import { useTranslation } from 'react-i18next';
import { isoOfLocalInput, localInputOf } from './content-forms';
import { CheckField, str, TextField, type Draft, type FieldProps } from './edit-dialog';

type Scheduled = { enabled: boolean; startsAt: string | null; endsAt: string | null };

/**
 * The form values of a banner's or an announcement's schedule (a new one: shown, no bounds), its
 * times on the wall clock of `zone`, the scoped merchant's.
 */
export const scheduleDraft = (item: Scheduled | null, zone: string): Draft => ({
  enabled: item?.enabled ?? true,
  startsAt: localInputOf(item?.startsAt ?? null, zone),
  endsAt: localInputOf(item?.endsAt ?? null, zone),
});

/** The schedule of a request from the form's values (times read in `zone`). */
export const scheduleOf = (draft: Draft, zone: string): Scheduled => ({
  enabled: draft.enabled === true,
  startsAt: isoOfLocalInput(str(draft, 'startsAt'), zone),
  endsAt: isoOfLocalInput(str(draft, 'endsAt'), zone),
});

/** When the item shows: from, until, and whether at all. */
export function ScheduleFields(p: FieldProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField {...p} type="datetime-local" name="startsAt" label={t('content.startsAt')} />
      <TextField {...p} type="datetime-local" name="endsAt" label={t('content.endsAt')} />
      <CheckField {...p} name="enabled" label={t('content.enabled')} />
    </>
  );
}
