import { useTranslation } from 'react-i18next';
import { isoOfLocalInput, localInputOf } from './content-forms';
import { CheckField, str, TextField, type Draft, type FieldProps } from './edit-dialog';

type Scheduled = { enabled: boolean; startsAt: string | null; endsAt: string | null };

/** The form values of a banner's or an announcement's schedule (a new one: shown, no bounds). */
export const scheduleDraft = (item: Scheduled | null): Draft => ({
  enabled: item?.enabled ?? true,
  startsAt: localInputOf(item?.startsAt ?? null),
  endsAt: localInputOf(item?.endsAt ?? null),
});

/** The schedule of a request from the form's values. */
export const scheduleOf = (draft: Draft): Scheduled => ({
  enabled: draft.enabled === true,
  startsAt: isoOfLocalInput(str(draft, 'startsAt')),
  endsAt: isoOfLocalInput(str(draft, 'endsAt')),
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
