import { AdminBetPage } from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminGet } from '@/lib/api-client';
import { MEMBER_PAGE_SIZE, memberKeys } from './members';

/** GET /admin/api/members/:id/bets: the member's game rounds, newest first. */
export function getBetsQueryOptions(id: number, page: number) {
  return queryOptions({
    queryKey: memberKeys.part(id, 'bets', page),
    queryFn: ({ signal }) =>
      adminGet(`/members/${id}/bets`, AdminBetPage, {
        query: { page, size: MEMBER_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
