import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyPage } from '../../../components/empty-page';

/** Lottery areas: LOTT and ELOTT (`/lottery`), TCG_SEA (`/seaLottery`), TCG_LOTTO_VN (`/vnLottery`). */
type LotteryArea = 'LOTT' | 'SEA' | 'VN';

type LotteryRouteProps = { area: LotteryArea };

/** The lottery pages; a launch carries the game in `?gameCode=`. */
export default function LotteryRoute({ area }: LotteryRouteProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const gameCode = searchParams.get('gameCode');
  return (
    <EmptyPage
      icon="lottery"
      title={t(`lottery.titles.${area}`)}
      subtitle={gameCode && t('lottery.gameCode', { code: gameCode })}
      emptyTitle={t('lottery.emptyTitle')}
      emptyText={t('lottery.emptyText')}
    />
  );
}
