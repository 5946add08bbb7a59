import { AdminHotMatchInput, type AdminHotMatch } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useDisplayTime, useMerchantZone } from '@/lib/merchant-zone';
import { getHotMatchesQueryOptions, saveHotMatch } from '../api/content';
import { ContentTab } from './content-tab';
import { isoOfLocalInput, localInputOf } from './content-forms';
import { CheckField, str, TextField, type Draft } from './edit-dialog';

const initial = (m: AdminHotMatch | null, zone: string): Draft => ({
  title: { EN: m?.title.EN ?? '', TL: m?.title.TL ?? '' },
  homeTeam: m?.homeTeam ?? '',
  awayTeam: m?.awayTeam ?? '',
  homeTeamImageUrl: m?.homeTeamImageUrl ?? '',
  awayTeamImageUrl: m?.awayTeamImageUrl ?? '',
  matchTime: localInputOf(m?.matchTime ?? null, zone),
  vendorCode: m?.vendorCode ?? '',
  sequence: String(m?.sequence ?? 0),
  enabled: m?.enabled ?? true,
});

/** The home page's hot matches: teams, images, kick-off, order and the vendor of the bet button. */
export function HotMatchesTab() {
  const displayTime = useDisplayTime();
  const zone = useMerchantZone();
  const { t } = useTranslation();
  return (
    <ContentTab
      name="hot-match"
      tableTestId="hot-matches"
      list={getHotMatchesQueryOptions}
      columns={[
        { label: t('common.id') },
        { label: t('content.titleLabel') },
        { label: t('content.match') },
        { label: t('content.matchTime') },
        { label: t('content.vendorCode') },
        { label: t('content.sequence') },
      ]}
      cells={(m) => (
        <>
          <td>{m.id}</td>
          <td>
            {m.title.EN}
            <div className="muted">{m.title.TL}</div>
          </td>
          <td>{t('content.versus', { home: m.homeTeam, away: m.awayTeam })}</td>
          <td>
            {displayTime(m.matchTime)}
            {!m.enabled && <div className="muted">{t('content.disabled')}</div>}
          </td>
          <td>{m.vendorCode}</td>
          <td>{m.sequence}</td>
        </>
      )}
      newLabel={t('content.newHotMatch')}
      editLabel={t('content.editHotMatch')}
      formTestId="hot-match-form"
      initial={(m) => initial(m, zone)}
      request={(d) => ({
        title: { EN: str(d, 'title.EN'), TL: str(d, 'title.TL') },
        homeTeam: str(d, 'homeTeam'),
        awayTeam: str(d, 'awayTeam'),
        homeTeamImageUrl: str(d, 'homeTeamImageUrl'),
        awayTeamImageUrl: str(d, 'awayTeamImageUrl'),
        // An empty or unreadable time is sent as typed: the server names the field.
        matchTime: isoOfLocalInput(str(d, 'matchTime'), zone) ?? str(d, 'matchTime'),
        vendorCode: str(d, 'vendorCode'),
        sequence: str(d, 'sequence'),
        enabled: d.enabled === true,
      })}
      schema={AdminHotMatchInput}
      save={saveHotMatch}
      fields={(p) => (
        <>
          <TextField {...p} name="title.EN" label={t('content.titleEn')} />
          <TextField {...p} name="title.TL" label={t('content.titleTl')} />
          <TextField {...p} name="homeTeam" label={t('content.homeTeam')} />
          <TextField {...p} name="homeTeamImageUrl" label={t('content.homeTeamImage')} />
          <TextField {...p} name="awayTeam" label={t('content.awayTeam')} />
          <TextField {...p} name="awayTeamImageUrl" label={t('content.awayTeamImage')} />
          <TextField {...p} type="datetime-local" name="matchTime" label={t('content.matchTime')} />
          <TextField {...p} name="vendorCode" label={t('content.vendorCode')} />
          <TextField {...p} name="sequence" label={t('content.sequence')} />
          <CheckField {...p} name="enabled" label={t('content.enabled')} />
        </>
      )}
      resource="hot-matches"
    />
  );
}
