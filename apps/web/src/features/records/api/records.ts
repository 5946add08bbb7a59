import type { BonusStatus, RecordCategory } from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { DateRange } from '../date-range';

/** Rows a page of the account record and of the bonus list shows (the server's default). */
export const RECORDS_PAGE_SIZE = 20;

export const recordsKeys = {
  all: ['records'] as const,
  transactions: (range: DateRange, category: RecordCategory | null, page: number) =>
    ['records', 'transactions', range.from, range.to, category, page] as const,
  profit: (range: DateRange) => ['records', 'profit', range.from, range.to] as const,
  bonuses: (range: DateRange, status: BonusStatus | null, page: number) =>
    ['records', 'bonuses', range.from, range.to, status, page] as const,
};

/** GET /wps/relay/member/transactions: the account record, newest first. */
export function getTransactionsQueryOptions(
  range: DateRange,
  category: RecordCategory | null,
  page: number,
) {
  return queryOptions({
    queryKey: recordsKeys.transactions(range, category, page),
    queryFn: ({ signal }) =>
      apiGet('/wps/relay/member/transactions', 'TransactionPage', {
        query: {
          from: range.from,
          to: range.to,
          page: String(page),
          size: String(RECORDS_PAGE_SIZE),
          ...(category ? { category } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /wps/relay/member/profit: profit and loss per day and game category. */
export function getProfitQueryOptions(range: DateRange) {
  return queryOptions({
    queryKey: recordsKeys.profit(range),
    queryFn: ({ signal }) =>
      apiGet('/wps/relay/member/profit', 'ProfitReport', {
        query: { from: range.from, to: range.to },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /wps/relay/member/bonuses: the member's bonuses and the turnover they still ask. */
export function getBonusesQueryOptions(range: DateRange, status: BonusStatus | null, page: number) {
  return queryOptions({
    queryKey: recordsKeys.bonuses(range, status, page),
    queryFn: ({ signal }) =>
      apiGet('/wps/relay/member/bonuses', 'BonusPage', {
        query: {
          from: range.from,
          to: range.to,
          page: String(page),
          size: String(RECORDS_PAGE_SIZE),
          ...(status ? { status } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
