import type { GameItem, GamePage } from '@app/shared';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { EmptyState } from '@/components/empty-state';
import { QueryContent } from '@/components/query-content';
import { useGamesTranslation } from '@/lib/games-texts';
import { useStartGame } from '../start-game';
import { useFavoriteToggle } from '../use-favorite-toggle';
import { GameCard } from './game-card';
import styles from './games.module.css';
import { useVendorLogos } from '@/components/vendor-logo';
import { Button } from '@/components/button';

type GameGridProps = { games: GameItem[]; testId?: string };

/** The cards a phone shows on the list's first screen (two rows of two): the page's largest pictures. */
const FIRST_SCREEN_CARDS = 4;

/** List cards that start their game and toggle its favourite. */
export function GameGrid({ games, testId = 'game-grid' }: GameGridProps) {
  const start = useStartGame();
  const toggleFavorite = useFavoriteToggle();
  const logos = useVendorLogos();
  return (
    <ul className={styles.grid} data-testid={testId}>
      {games.map((game, index) => (
        <li key={game.nodeId}>
          <GameCard
            game={game}
            onStart={start}
            onToggleFavorite={toggleFavorite}
            vendorLogoUrl={logos.get(game.vassalage)}
            firstScreen={index < FIRST_SCREEN_CARDS}
          />
        </li>
      ))}
    </ul>
  );
}

type PagedGamesProps = {
  query: UseInfiniteQueryResult<InfiniteData<GamePage>>;
  /** Shown when the list has no game. */
  emptyText: string;
  testId?: string;
};

/** A game list loaded 20 at a time: the cards, how many of all are shown, and "show more". */
export function PagedGames({ query, emptyText, testId }: PagedGamesProps) {
  const { t } = useGamesTranslation();
  return (
    <QueryContent query={query}>
      {(data) => {
        const games = data.pages.flatMap((page) => page.content);
        if (games.length === 0) {
          return <EmptyState icon="grid" title={t('list.emptyTitle')} description={emptyText} />;
        }
        const total = Math.max(data.pages.at(-1)?.totalElements ?? 0, games.length);
        return (
          <div aria-busy={query.isFetching}>
            <GameGrid games={games} testId={testId} />
            <div className={styles.footer}>
              <span data-testid="games-shown">
                {t('list.shown', { shown: games.length, total })}
              </span>
              {query.hasNextPage && (
                <Button
                  variant="ghost"
                  onClick={() => void query.fetchNextPage()}
                  disabled={query.isFetchingNextPage}
                  testId="games-more"
                >
                  {t('list.more')}
                </Button>
              )}
            </div>
          </div>
        );
      }}
    </QueryContent>
  );
}
