import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import type { IconName } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';

/** Game lists that are not a vendor category: in-house, hot, favourites and recent games. */
type GameList = 'BGS' | 'HOT' | 'FAV' | 'RECENT' | 'FAVORITE';

const listIcons: Record<GameList, IconName> = {
  BGS: 'house',
  HOT: 'flame',
  FAV: 'heart',
  RECENT: 'clock',
  FAVORITE: 'heart',
};

type GameListRouteProps = { list: GameList };

export default function GameListRoute({ list }: GameListRouteProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(`catalogue.lists.${list}`)} />
      <EmptyState
        icon={listIcons[list]}
        title={t('catalogue.gamesEmptyTitle')}
        description={t('catalogue.gamesEmptyText')}
      />
    </>
  );
}
