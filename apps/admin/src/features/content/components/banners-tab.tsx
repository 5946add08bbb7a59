import { AdminBannerInput, BANNER_GROUPS, LINKAGE_TYPES, type AdminBanner } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useDisplayTime, useMerchantZone } from '@/lib/merchant-zone';
import { getBannersQueryOptions, saveBanner } from '../api/content';
import { ContentTab } from './content-tab';
import { LanguageField, plain, SelectField, str, TextField, type Draft } from './edit-dialog';
import { scheduleDraft, ScheduleFields, scheduleOf } from './schedule-fields';

const initial = (b: AdminBanner | null, zone: string): Draft => ({
  groupName: b?.groupName ?? 'w_home',
  language: b?.language ?? 'EN',
  title: b?.title ?? '',
  imageUrl: b?.imageUrl ?? '',
  linkageType: b?.linkageType ?? 'none',
  linkage: b?.linkage ?? '',
  sequence: String(b?.sequence ?? 0),
  ...scheduleDraft(b, zone),
});

export function BannersTab() {
  const displayTime = useDisplayTime();
  const zone = useMerchantZone();
  const { t } = useTranslation();
  return (
    <ContentTab
      name="banner"
      tableTestId="banners"
      list={getBannersQueryOptions}
      columns={[
        { label: t('common.id') },
        { label: t('content.group') },
        { label: t('content.language') },
        { label: t('content.titleLabel') },
        { label: t('content.linkage') },
        { label: t('content.schedule') },
      ]}
      cells={(b) => (
        <>
          <td>{b.id}</td>
          <td>{b.groupName}</td>
          <td>{b.language}</td>
          <td>{b.title || b.imageUrl}</td>
          <td>
            {t(`content.linkageTypes.${b.linkageType}`)} {b.linkage}
          </td>
          <td>
            {b.enabled ? '' : `${t('content.disabled')} `}
            {displayTime(b.startsAt)} – {displayTime(b.endsAt)}
          </td>
        </>
      )}
      newLabel={t('content.newBanner')}
      editLabel={t('content.editBanner')}
      formTestId="banner-form"
      initial={(b) => initial(b, zone)}
      request={(d) => ({
        groupName: str(d, 'groupName') as AdminBanner['groupName'],
        language: str(d, 'language') as AdminBanner['language'],
        title: str(d, 'title'),
        imageUrl: str(d, 'imageUrl'),
        linkageType: str(d, 'linkageType') as AdminBanner['linkageType'],
        linkage: str(d, 'linkage'),
        sequence: Number(str(d, 'sequence')) || 0,
        ...scheduleOf(d, zone),
      })}
      schema={AdminBannerInput}
      save={saveBanner}
      fields={(p) => (
        <>
          <SelectField
            {...p}
            name="groupName"
            label={t('content.group')}
            options={plain(BANNER_GROUPS)}
          />
          <LanguageField {...p} />
          <TextField {...p} name="title" label={t('content.titleLabel')} />
          <TextField {...p} name="imageUrl" label={t('content.imageUrl')} />
          <SelectField
            {...p}
            name="linkageType"
            label={t('content.linkageType')}
            options={LINKAGE_TYPES.map((value) => ({
              value,
              label: t(`content.linkageTypes.${value}`),
            }))}
          />
          <TextField {...p} name="linkage" label={t('content.linkage')} />
          <TextField {...p} name="sequence" label={t('content.sequence')} />
          <ScheduleFields {...p} />
        </>
      )}
      resource="banners"
    />
  );
}
