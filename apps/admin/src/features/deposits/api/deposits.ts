import { AdminDepositPage, Deposit, type DepositStatus } from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminGet, adminSend } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-client';

export type DepositFilter = { page: number; status: DepositStatus | undefined };

/** Rows per page of the queue. */
export const DEPOSIT_PAGE_SIZE = 20;

/** GET /admin/api/deposits: the merchant's deposits, oldest first, by status. */
export function getDepositsQueryOptions(filter: DepositFilter) {
  return queryOptions({
    queryKey: ['deposits', filter],
    queryFn: ({ signal }) =>
      adminGet('/deposits', AdminDepositPage, {
        query: { page: filter.page, size: DEPOSIT_PAGE_SIZE, status: filter.status },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Credits the member once; the lists are asked again whatever happened (another may have won). */
export function approveDeposit(id: number): Promise<Deposit> {
  return refreshAfter(adminSend('POST', `/deposits/${id}/approve`, Deposit));
}

/** Refuses a manual deposit; the member reads the reason. Nothing moves. */
export function rejectDeposit(id: number, reason: string): Promise<Deposit> {
  return refreshAfter(adminSend('POST', `/deposits/${id}/reject`, Deposit, { reason }));
}
