import type { BetStatus } from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { DateRange } from '../date-range';
import { RECORDS_PAGE_SIZE } from './records';

/** What the betting record is narrowed to, besides the dates. */
export type BetFilters = {
  vendor: string | null;
  category: string | null;
  status: BetStatus | null;
};

/** GET /wps/relay/member/bets: the member's game rounds, newest first, 20 a page. */
export function getBetsQueryOptions(range: DateRange, filters: BetFilters, page: number) {
  const { vendor, category, status } = filters;
  return queryOptions({
    queryKey: ['records', 'bets', range.from, range.to, vendor, category, status, page] as const,
    queryFn: ({ signal }) =>
      apiGet('/wps/relay/member/bets', 'BetRecordPage', {
        query: {
          from: range.from,
          to: range.to,
          page: String(page),
          size: String(RECORDS_PAGE_SIZE),
          ...(vendor ? { vendor } : {}),
          ...(category ? { category } : {}),
          ...(status ? { status } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
