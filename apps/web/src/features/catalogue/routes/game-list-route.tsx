import { PageHeader } from '@/components/page-header';
import { GameBrowser } from '../components/game-browser';
import { LaunchPopups } from '../components/launch-popups';
import { useGamesTranslation } from '@/lib/games-texts';

/** Game lists that are not a vendor category: hot, favourites and recent games. */
type GameList = 'HOT' | 'FAV' | 'RECENT' | 'FAVORITE';

type GameListRouteProps = { list: GameList };

/**
 * /hot, /fav, /favorite (the account's favourites page) and /recent: one list each, searchable
 * by name, 20 games at a time. /fav, /favorite and /recent need login (the router checks it).
 */
export default function GameListRoute({ list }: GameListRouteProps) {
  const { t } = useGamesTranslation();
  return (
    <>
      <PageHeader title={t(`pages.${list}`)} />
      <GameBrowser fixedFilter={list === 'FAVORITE' ? 'FAV' : list} />
      <LaunchPopups />
    </>
  );
}
