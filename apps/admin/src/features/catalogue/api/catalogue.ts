import {
  AdminCategoryList,
  AdminGame,
  AdminGamePage,
  AdminVendor,
  AdminVendorList,
  type AdminGameQuery,
  type UpdateGameRequest,
  type UpdateVendorRequest,
} from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminGet, adminSend } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-client';
import { queryRoots } from '@/lib/query-keys';

/** Rows per page of the games list. */
export const GAMES_PAGE_SIZE = 20;

export type GameFilter = Omit<AdminGameQuery, 'size'>;

export const catalogueKeys = {
  all: queryRoots.catalogue,
  categories: () => [...catalogueKeys.all, 'categories'] as const,
  vendors: () => [...catalogueKeys.all, 'vendors'] as const,
  allGames: () => [...catalogueKeys.all, 'games'] as const,
  games: (filter: GameFilter) => [...catalogueKeys.allGames(), filter] as const,
};

export function getCategoriesQueryOptions() {
  return queryOptions({
    queryKey: catalogueKeys.categories(),
    queryFn: ({ signal }) => adminGet('/catalogue/categories', AdminCategoryList, { signal }),
  });
}

export function getVendorsQueryOptions() {
  return queryOptions({
    queryKey: catalogueKeys.vendors(),
    queryFn: ({ signal }) => adminGet('/catalogue/vendors', AdminVendorList, { signal }),
  });
}

export function getGamesQueryOptions(filter: GameFilter) {
  return queryOptions({
    queryKey: catalogueKeys.games(filter),
    queryFn: ({ signal }) =>
      adminGet('/catalogue/games', AdminGamePage, {
        query: { ...filter, size: GAMES_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function updateCategory(id: number, sequence: number) {
  return refreshAfter(
    adminSend('PUT', `/catalogue/categories/${id}`, AdminCategoryList, { sequence }),
    [catalogueKeys.categories()],
  );
}

export function updateVendor(id: number, change: UpdateVendorRequest) {
  return refreshAfter(adminSend('PUT', `/catalogue/vendors/${id}`, AdminVendor, change), [
    catalogueKeys.all,
  ]);
}

export function updateGame(id: number, change: UpdateGameRequest) {
  return refreshAfter(adminSend('PUT', `/catalogue/games/${id}`, AdminGame, change), [
    catalogueKeys.allGames(),
  ]);
}
