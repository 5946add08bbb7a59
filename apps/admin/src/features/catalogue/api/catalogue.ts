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

/** Rows per page of the games list. */
export const GAMES_PAGE_SIZE = 20;

export type GameFilter = Omit<AdminGameQuery, 'size'>;

export function getCategoriesQueryOptions() {
  return queryOptions({
    queryKey: ['catalogue', 'categories'],
    queryFn: ({ signal }) => adminGet('/catalogue/categories', AdminCategoryList, { signal }),
  });
}

export function getVendorsQueryOptions() {
  return queryOptions({
    queryKey: ['catalogue', 'vendors'],
    queryFn: ({ signal }) => adminGet('/catalogue/vendors', AdminVendorList, { signal }),
  });
}

export function getGamesQueryOptions(filter: GameFilter) {
  return queryOptions({
    queryKey: ['catalogue', 'games', filter],
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
  );
}

export function updateVendor(id: number, change: UpdateVendorRequest) {
  return refreshAfter(adminSend('PUT', `/catalogue/vendors/${id}`, AdminVendor, change));
}

export function updateGame(id: number, change: UpdateGameRequest) {
  return refreshAfter(adminSend('PUT', `/catalogue/games/${id}`, AdminGame, change));
}
