import type {
  Deposit,
  DepositStatus,
  ManualDepositRequest,
  OnlineDepositRequest,
} from '@app/shared';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { apiGet, apiSend } from '@/lib/api-client';
import { ApiError } from '@app/client';
import { queryClient } from '@/lib/query-client';
import { walletKeys } from '@/lib/wallet-balance';
import { depositKeys } from './deposit-keys';

export { depositKeys };

/** How many deposits a page of the history shows. */
export const HISTORY_PAGE_SIZE = 10;
/** How long the page polls a pending deposit every 2 s after the gateway sent the member back. */
export const POLL_FOR_MS = 60_000;
export const POLL_EVERY_MS = 2_000;
/**
 * How often the page asks again about a deposit still pending after that, and the history while
 * one of its deposits is: the live socket's deposit event usually comes first; this is for a
 * socket that is down.
 */
export const HISTORY_POLL_MS = 15_000;

/** GET /wps/deposit/channels: the enabled channels with limits, in the operator's order. */
export function getChannelsQueryOptions() {
  return queryOptions({
    queryKey: depositKeys.channels,
    queryFn: ({ signal }) => apiGet('/wps/deposit/channels', 'DepositChannelList', { signal }),
    staleTime: 60_000,
  });
}

/** GET /wps/deposit/list: the member's deposits, newest first. */
export function getDepositsQueryOptions(page: number) {
  return queryOptions({
    queryKey: depositKeys.list(page),
    queryFn: ({ signal }) =>
      apiGet('/wps/deposit/list', 'DepositPage', {
        query: { page: String(page), size: String(HISTORY_PAGE_SIZE) },
        signal,
      }),
    placeholderData: keepPreviousData,
    // A deposit in the list still waits for an operator or the gateway: look again now and then,
    // and when the member comes back to the tab (the socket may have dropped meanwhile).
    refetchInterval: (query) => (hasWaiting(query.state.data?.items) ? HISTORY_POLL_MS : false),
    refetchOnWindowFocus: (query) => (hasWaiting(query.state.data?.items) ? 'always' : false),
  });
}

function hasWaiting(deposits: Deposit[] | undefined): boolean {
  return deposits?.some((deposit) => isWaiting(deposit.status)) ?? false;
}

/** Whether the page should ask again about a deposit in this state. */
export function isWaiting(status: DepositStatus | undefined): boolean {
  return status === undefined || status === 'pending' || status === 'approved';
}

/**
 * GET /wps/deposit/{id}: one deposit; while it is pending the page asks every 2 s for a minute
 * (the gateway's callback usually arrives within seconds), then every 15 s and when the member
 * comes back to the tab, as long as it waits. The live socket's deposit event reloads it at once.
 */
export function getDepositQueryOptions(id: number, since: number) {
  return queryOptions({
    queryKey: depositKeys.one(id),
    queryFn: ({ signal }) => apiGet(`/wps/deposit/${id}`, 'Deposit', { signal }),
    refetchInterval: (query) => {
      if (!isWaiting(query.state.data?.status)) return false;
      return Date.now() - since < POLL_FOR_MS ? POLL_EVERY_MS : HISTORY_POLL_MS;
    },
    refetchOnWindowFocus: (query) => (isWaiting(query.state.data?.status) ? 'always' : false),
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status === 404),
  });
}

/** After a deposit changed: the list, and the balances (the socket pushes them too). */
export async function refreshAfterDeposit(deposit?: Deposit): Promise<void> {
  const tasks = [queryClient.invalidateQueries({ queryKey: depositKeys.lists })];
  if (!deposit || deposit.status === 'credited') {
    tasks.push(
      queryClient.invalidateQueries({ queryKey: walletKeys.balance }),
      queryClient.invalidateQueries({ queryKey: walletKeys.funds }),
    );
  }
  await Promise.all(tasks);
}

/** PUT /wps/deposit/manual: pending until an operator checks it; idempotent by clientRequestId. */
export function useSubmitManualDeposit() {
  return useMutation({
    mutationFn: (request: ManualDepositRequest): Promise<Deposit> =>
      apiSend('PUT', '/wps/deposit/manual', 'Deposit', { body: request }),
    onSuccess: refreshAfterDeposit,
  });
}

/** PUT /wps/deposit/online: the gateway payment; the browser goes to `redirectUrl` next. */
export function useSubmitOnlineDeposit() {
  return useMutation({
    mutationFn: (request: OnlineDepositRequest) =>
      apiSend('PUT', '/wps/deposit/online', 'OnlineDepositCreated', { body: request }),
  });
}
