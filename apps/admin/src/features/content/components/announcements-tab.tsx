import {
  AdminAnnouncementInput,
  ANNOUNCEMENT_TYPES,
  type AdminAnnouncement,
  type ContentKind,
} from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useDisplayTime, useMerchantZone } from '@/lib/merchant-zone';
import { getAnnouncementsQueryOptions, saveAnnouncement } from '../api/content';
import { ContentTab } from './content-tab';
import { imagesOfText, textOfImages } from './content-forms';
import { HtmlPreview, LanguageField, SelectField, str, TextField, type Draft } from './edit-dialog';
import { scheduleDraft, ScheduleFields, scheduleOf } from './schedule-fields';

/** Announcements, notices or popups (one list each, by `kind`). */
export function AnnouncementsTab({ kind }: { kind: ContentKind }) {
  const displayTime = useDisplayTime();
  const zone = useMerchantZone();
  const { t } = useTranslation();
  const initial = (a: AdminAnnouncement | null): Draft => ({
    type: a?.type ?? (kind === 'POPUP' ? 'PU' : 'PL'),
    platform: a?.platform ?? 'W',
    execution: a?.execution ?? 'B',
    audience: a?.audience ?? 'all',
    language: a?.language ?? 'EN',
    title: a?.title ?? '',
    content: a?.content ?? '',
    images: textOfImages(a?.images ?? []),
    ...scheduleDraft(a, zone),
  });
  return (
    <ContentTab
      name="announcement"
      tableTestId="announcements"
      list={(page) => getAnnouncementsQueryOptions(kind, page)}
      columns={[
        { label: t('common.id') },
        { label: t('content.language') },
        { label: t('content.titleLabel') },
        { label: t('content.typeLabel') },
        { label: t('content.schedule') },
      ]}
      cells={(a) => (
        <>
          <td>{a.id}</td>
          <td>{a.language}</td>
          <td>{a.title}</td>
          <td>
            {a.type} · {t(`content.platforms.${a.platform}`)} ·{' '}
            {t(`content.executions.${a.execution}`)} · {t(`content.audiences.${a.audience}`)}
          </td>
          <td>
            {a.enabled ? '' : `${t('content.disabled')} `}
            {displayTime(a.startsAt ?? a.publishedAt)} – {displayTime(a.endsAt)}
          </td>
        </>
      )}
      newLabel={t(`content.new.${kind}`)}
      formTestId="announcement-form"
      initial={initial}
      request={(d) => ({
        kind,
        type: str(d, 'type') as AdminAnnouncement['type'],
        platform: str(d, 'platform') as AdminAnnouncement['platform'],
        execution: str(d, 'execution') as AdminAnnouncement['execution'],
        audience: str(d, 'audience') as AdminAnnouncement['audience'],
        language: str(d, 'language') as AdminAnnouncement['language'],
        title: str(d, 'title'),
        content: str(d, 'content'),
        images: imagesOfText(str(d, 'images')),
        ...scheduleOf(d, zone),
      })}
      schema={AdminAnnouncementInput}
      save={saveAnnouncement}
      fields={(p) => (
        <>
          <LanguageField {...p} />
          <SelectField
            {...p}
            name="type"
            label={t('content.typeLabel')}
            options={ANNOUNCEMENT_TYPES.map((value) => ({
              value,
              label: t(`content.types.${value}`),
            }))}
          />
          <SelectField
            {...p}
            name="platform"
            label={t('content.platform')}
            options={(['W', 'A'] as const).map((value) => ({
              value,
              label: t(`content.platforms.${value}`),
            }))}
          />
          <SelectField
            {...p}
            name="execution"
            label={t('content.execution')}
            options={(['A', 'B', 'F'] as const).map((value) => ({
              value,
              label: t(`content.executions.${value}`),
            }))}
          />
          <SelectField
            {...p}
            name="audience"
            label={t('content.audience')}
            options={(['all', 'agents'] as const).map((value) => ({
              value,
              label: t(`content.audiences.${value}`),
            }))}
          />
          <TextField {...p} name="title" label={t('content.titleLabel')} />
          <TextField {...p} multiline name="content" label={t('content.html')} />
          <HtmlPreview html={str(p.draft, 'content')} testId={p.testId} />
          <TextField {...p} multiline name="images" label={t('content.images')} />
          <ScheduleFields {...p} />
        </>
      )}
      resource="announcements"
    />
  );
}
