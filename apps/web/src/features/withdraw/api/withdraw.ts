import type {
  BindPayoutAccountRequest,
  Withdrawal,
  WithdrawalReceiptRequest,
  WithdrawRequest,
} from '@app/shared';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { apiGet, apiSend } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { walletKeys } from '@/lib/wallet-balance';

/** Query keys of the withdraw page. */
export const withdrawKeys = {
  all: ['withdraw'] as const,
  info: ['withdraw', 'info'] as const,
  accounts: ['withdraw', 'accounts'] as const,
  lists: ['withdraw', 'list'] as const,
  list: (page: number) => [...withdrawKeys.lists, page] as const,
};

/** How many withdrawals a page of the history shows. */
export const HISTORY_PAGE_SIZE = 10;
/** How often the history is asked again while one of its withdrawals waits for an operator. */
export const HISTORY_POLL_MS = 15_000;

/** GET /wps/withdraw/info: balance, limits, what is left today, turnover owed. */
export function getWithdrawInfoQueryOptions() {
  return queryOptions({
    queryKey: withdrawKeys.info,
    queryFn: ({ signal }) => apiGet('/wps/withdraw/info', 'WithdrawInfo', { signal }),
  });
}

/** GET /wps/withdraw/accounts: the bound payout accounts and the KYC name they must carry. */
export function getAccountsQueryOptions() {
  return queryOptions({
    queryKey: withdrawKeys.accounts,
    queryFn: ({ signal }) => apiGet('/wps/withdraw/accounts', 'PayoutAccountList', { signal }),
  });
}

/** GET /wps/withdraw/list: the member's withdrawals, newest first. */
export function getWithdrawalsQueryOptions(page: number) {
  return queryOptions({
    queryKey: withdrawKeys.list(page),
    queryFn: ({ signal }) =>
      apiGet('/wps/withdraw/list', 'WithdrawalPage', {
        query: { page: String(page), size: String(HISTORY_PAGE_SIZE) },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((w) => w.status === 'pending' || w.status === 'processing')
        ? HISTORY_POLL_MS
        : false,
  });
}

/** After anything changed: the page's data and the balances (the socket pushes them too). */
export async function refreshWithdraw(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: withdrawKeys.all }),
    queryClient.invalidateQueries({ queryKey: walletKeys.balance }),
    queryClient.invalidateQueries({ queryKey: walletKeys.funds }),
  ]);
}

/** PUT /wps/withdraw/accounts: binds a payout account; the list is asked again. */
export function useBindAccount() {
  return useMutation({
    mutationFn: (request: BindPayoutAccountRequest) =>
      apiSend('PUT', '/wps/withdraw/accounts', 'PayoutAccount', { body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: withdrawKeys.accounts }),
  });
}

/** DELETE /wps/withdraw/accounts/{id}; the list is asked again. */
export function useRemoveAccount() {
  return useMutation({
    mutationFn: (id: number) => apiSend('DELETE', `/wps/withdraw/accounts/${id}`, null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: withdrawKeys.accounts }),
  });
}

/** PUT /wps/withdraw: held until an operator decides; idempotent by clientRequestId. */
export function useSubmitWithdrawal() {
  return useMutation({
    mutationFn: (request: WithdrawRequest): Promise<Withdrawal> =>
      apiSend('PUT', '/wps/withdraw', 'Withdrawal', { body: request }),
    onSuccess: refreshWithdraw,
  });
}

/** POST /wps/withdraw/{id}/receipt: received, partly or not received (with proof); once. */
export function useSendReceipt(id: number) {
  return useMutation({
    mutationFn: (request: WithdrawalReceiptRequest) =>
      apiSend('POST', `/wps/withdraw/${id}/receipt`, 'Withdrawal', { body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: withdrawKeys.lists }),
  });
}
