import '@/lib/page-texts';
import '../lottery-texts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyPage } from '@/components/empty-page';
import { useGameMenus } from '@/lib/game-menus';
import { useLotteryTranslation } from '../lottery-texts';
import { lotteryPrizeMode, type LotteryArea } from '../prize-mode';

type LotteryRouteProps = { area: LotteryArea };

/**
 * The lottery pages: LOTT and ELOTT (`/lottery`), TCG_SEA (`/seaLottery`), TCG_LOTTO_VN
 * (`/vnLottery`); a launch carries the game in `?gameCode=`. The page names the prize mode its
 * games open with (SPEC section 4), worked out from the game menus.
 */
export default function LotteryRoute({ area }: LotteryRouteProps) {
  const { t } = useTranslation();
  const { t: tLottery } = useLotteryTranslation();
  const [searchParams] = useSearchParams();
  const gameCode = searchParams.get('gameCode');
  const menus = useGameMenus();
  const mode = lotteryPrizeMode(area, menus.data);
  return (
    <EmptyPage
      icon="lottery"
      title={t(`lottery.titles.${area}`)}
      subtitle={
        <>
          {gameCode && <span>{t('lottery.gameCode', { code: gameCode })} · </span>}
          <span data-testid="lottery-prize-mode" data-mode={mode ?? ''}>
            {mode
              ? `${tLottery('prizeMode.label')}: ${tLottery(`prizeMode.modes.${mode}`)}`
              : tLottery('prizeMode.loading')}
          </span>
        </>
      }
      emptyTitle={t('lottery.emptyTitle')}
      emptyText={t('lottery.emptyText')}
    />
  );
}
