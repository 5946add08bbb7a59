import type { GameCategory, GameFilter } from '@app/shared';
import { GAME_FILTERS } from '@app/shared/home';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useLanguage } from '@app/client';
import { useIsLoggedIn, useSession } from '@/lib/session';
import { gameListQueryOptions } from '../api/games';
import { useGamesTranslation } from '@/lib/games-texts';
import { PagedGames } from './game-grid';
import styles from './games.module.css';
import { Button } from '@/components/button';

/** FAV and RECENT are the caller's own lists: a visitor is sent to log in (SPEC section 6). */
const MEMBER_FILTERS: readonly GameFilter[] = ['FAV', 'RECENT'];

function readFilter(value: string | null): GameFilter {
  return GAME_FILTERS.find((filter) => filter === value) ?? 'ALL';
}

type GameBrowserProps = {
  gameType?: GameCategory;
  /** One vendor's games; without it the whole category. */
  vassalage?: string;
  /** A page that is one list (/hot, /fav, /recent): no filter choice, the search stays. */
  fixedFilter?: GameFilter;
};

/**
 * The games of a category or provider page: filters NEW, FAV, ALL, HOT, RECENT and a search by
 * name, both kept in the address (`?filter=NEW&name=fortune`), and the list 20 games at a time.
 */
export function GameBrowser({ gameType, vassalage, fixedFilter }: GameBrowserProps) {
  const { t } = useGamesTranslation();
  const id = useId();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const account = useSession()?.account ?? '';
  const language = useLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = fixedFilter ?? readFilter(searchParams.get('filter'));
  const filter = !loggedIn && MEMBER_FILTERS.includes(requested) ? 'ALL' : requested;
  const name = searchParams.get('name')?.trim() ?? '';
  const [draft, setDraft] = useState(name);
  const [shownName, setShownName] = useState(name);
  // The address changed the search (back button): the field follows it.
  if (shownName !== name) {
    setShownName(name);
    setDraft(name);
  }

  const query = useInfiniteQuery(
    gameListQueryOptions(account, language, {
      gameType,
      vassalage,
      filter,
      ...(name ? { name } : {}),
    }),
  );

  function update(changes: Record<string, string | null>) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  }

  function choose(next: GameFilter) {
    if (!loggedIn && MEMBER_FILTERS.includes(next)) {
      void navigate(paths.login);
      return;
    }
    update({ filter: next === 'ALL' ? null : next });
  }

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update({ name: draft.trim() || null });
  }

  const emptyText = name
    ? t('list.searchEmpty', { name })
    : filter === 'ALL'
      ? t('list.emptyText')
      : t(`list.${filter}`);

  return (
    <section>
      <div className={styles.controls}>
        {!fixedFilter && (
          <fieldset className={styles.filters}>
            <legend className="visually-hidden">{t('filters.label')}</legend>
            {GAME_FILTERS.map((option) => (
              <button
                key={option}
                type="button"
                className={styles.filter}
                aria-pressed={filter === option}
                onClick={() => choose(option)}
                data-testid={`games-filter-${option}`}
              >
                {t(`filters.${option}`)}
              </button>
            ))}
          </fieldset>
        )}
        <form className={styles.search} role="search" onSubmit={search}>
          <label htmlFor={`${id}-name`} className="visually-hidden">
            {t('search.label')}
          </label>
          <input
            id={`${id}-name`}
            className={styles.searchInput}
            type="search"
            value={draft}
            maxLength={64}
            placeholder={t('search.placeholder')}
            onChange={(event) => setDraft(event.currentTarget.value)}
            data-testid="games-search"
          />
          <Button type="submit" variant="primary">
            {t('search.submit')}
          </Button>
        </form>
      </div>
      <PagedGames query={query} emptyText={emptyText} />
    </section>
  );
}
