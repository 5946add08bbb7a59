import type { GameMenus, Language } from '@app/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { useLanguage } from '@app/client';

export function getGameMenus(signal?: AbortSignal): Promise<GameMenus> {
  return apiGet('/lgw/games/game_menus', 'GameMenus', { signal });
}

// Keyed by language: vendor names are reloaded when the visitor switches language (SPEC 4).
export function getGameMenusQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['game-menus', language],
    queryFn: ({ signal }) => getGameMenus(signal),
    placeholderData: keepPreviousData,
  });
}

export function useGameMenus() {
  return useQuery(getGameMenusQueryOptions(useLanguage()));
}
