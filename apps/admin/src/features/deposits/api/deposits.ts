import { AdminDepositPage, Deposit, type DepositStatus } from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminGet, adminSend } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-client';
import { queryRoots } from '@/lib/query-keys';

export type DepositFilter = { page: number; status: DepositStatus | undefined };

export const depositKeys = {
  all: queryRoots.deposits,
  queue: (filter: DepositFilter) => [...depositKeys.all, filter] as const,
};

/** A decision moves the queue, the member's balances, the dashboard and the reports. */
const DECIDED = [depositKeys.all, queryRoots.members, queryRoots.dashboard, queryRoots.reports];

/** Rows per page of the queue. */
export const DEPOSIT_PAGE_SIZE = 20;

/** GET /admin/api/deposits: the merchant's deposits, oldest first, by status. */
export function getDepositsQueryOptions(filter: DepositFilter) {
  return queryOptions({
    queryKey: depositKeys.queue(filter),
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
  return refreshAfter(adminSend('POST', `/deposits/${id}/approve`, Deposit), DECIDED);
}

/** Refuses a manual deposit; the member reads the reason. Nothing moves. */
export function rejectDeposit(id: number, reason: string): Promise<Deposit> {
  return refreshAfter(adminSend('POST', `/deposits/${id}/reject`, Deposit, { reason }), DECIDED);
}
