import { AdminWithdrawalPage, Withdrawal, type WithdrawalStatus } from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminGet, adminSend } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-client';
import { queryRoots } from '@/lib/query-keys';

export type WithdrawalFilter = { page: number; status: WithdrawalStatus | undefined };

export const withdrawalKeys = {
  all: queryRoots.withdrawals,
  queue: (filter: WithdrawalFilter) => [...withdrawalKeys.all, filter] as const,
};

/** A decision moves the queue, the member's balances, the dashboard and the reports. */
const DECIDED = [withdrawalKeys.all, queryRoots.members, queryRoots.dashboard, queryRoots.reports];

/** Rows per page of the queue. */
export const WITHDRAWAL_PAGE_SIZE = 20;

/** GET /admin/api/withdrawals: the merchant's withdrawals with receipts, oldest first. */
export function getWithdrawalsQueryOptions(filter: WithdrawalFilter) {
  return queryOptions({
    queryKey: withdrawalKeys.queue(filter),
    queryFn: ({ signal }) =>
      adminGet('/withdrawals', AdminWithdrawalPage, {
        query: { page: filter.page, size: WITHDRAWAL_PAGE_SIZE, status: filter.status },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Pays out through the gateway; the answer says paid, processing (gateway pending) or failed. */
export function approveWithdrawal(id: number): Promise<Withdrawal> {
  return refreshAfter(adminSend('POST', `/withdrawals/${id}/approve`, Withdrawal), DECIDED);
}

/** Refuses a pending withdrawal: the hold goes back to the member, who reads the reason. */
export function rejectWithdrawal(id: number, reason: string): Promise<Withdrawal> {
  return refreshAfter(
    adminSend('POST', `/withdrawals/${id}/reject`, Withdrawal, { reason }),
    DECIDED,
  );
}

/**
 * Asks the gateway again about a processing withdrawal whose payout call got no answer: the
 * gateway takes one payout per withdrawal, so this never pays twice.
 */
export function retryPayout(id: number): Promise<Withdrawal> {
  return refreshAfter(adminSend('POST', `/withdrawals/${id}/retry-payout`, Withdrawal), DECIDED);
}
