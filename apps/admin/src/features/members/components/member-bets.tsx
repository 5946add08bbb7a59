import { useTranslation } from 'react-i18next';
import { PagedList } from '@/components/paged-table';
import { displayAmount } from '@/lib/format';
import { useDisplayTime } from '@/lib/merchant-zone';
import { getBetsQueryOptions } from '../api/member-bets';

/** The member's bets: one row per game round, with stake (less rollbacks), win and status. */
export function MemberBets({ id }: { id: number }) {
  const displayTime = useDisplayTime();
  const { t } = useTranslation();
  return (
    <PagedList
      pageQuery={(page) => getBetsQueryOptions(id, page)}
      columns={[
        { label: t('members.time') },
        { label: t('members.bets.game') },
        { label: t('members.bets.vendor') },
        { label: t('members.bets.round') },
        { label: t('members.bets.stake'), number: true },
        { label: t('members.bets.win'), number: true },
        { label: t('common.status') },
      ]}
      row={(bet) => (
        <tr key={bet.id}>
          <td>{displayTime(bet.time)}</td>
          <td>{bet.gameName ?? bet.gameCode}</td>
          <td>
            {bet.vendorCode} · {bet.gameCategory}
          </td>
          <td className="muted">{bet.roundId}</td>
          <td className="number">{displayAmount(bet.stake)}</td>
          <td className="number">{displayAmount(bet.win)}</td>
          <td>{t(`members.bets.status.${bet.status as 'open' | 'settled' | 'cancelled'}`)}</td>
        </tr>
      )}
      testId="member-bets"
    />
  );
}
