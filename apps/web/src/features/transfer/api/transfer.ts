import type {
  ConsolidatedFunds,
  DownlineTransferRequest,
  MemberTransferResult,
  UplineTransferRequest,
  WalletTransferRequest,
} from '@app/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiGet, apiSend } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { walletKeys } from '@/lib/wallet-balance';

/** Query keys of the transfer pages (the funds are the wallet's: the live socket refreshes them). */
export const transferKeys = {
  upline: ['transfer', 'upline'] as const,
  downline: ['transfer', 'downline'] as const,
};

/** GET /wps/member/info/funds/consolidated: the main wallet and every vendor transfer wallet. */
export function getFundsQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.funds,
    queryFn: ({ signal }) =>
      apiGet('/wps/member/info/funds/consolidated', 'ConsolidatedFunds', { signal }),
  });
}

/** GET /wps/v2/wallets/transfer/upline: the upline's name, the balance and today's limits. */
export function getUplineInfoQueryOptions() {
  return queryOptions({
    queryKey: transferKeys.upline,
    queryFn: ({ signal }) =>
      apiGet('/wps/v2/wallets/transfer/upline', 'UplineTransferInfo', { signal }),
  });
}

/** GET /wps/v2/wallets/transfer/downline: an agent's balance and today's limits. */
export function getDownlineInfoQueryOptions() {
  return queryOptions({
    queryKey: transferKeys.downline,
    queryFn: ({ signal }) =>
      apiGet('/wps/v2/wallets/transfer/downline', 'DownlineTransferInfo', { signal }),
  });
}

async function refreshBalances(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: walletKeys.balance }),
    queryClient.invalidateQueries({ queryKey: walletKeys.funds }),
    queryClient.invalidateQueries({ queryKey: ['transfer'] }),
  ]);
}

/** POST /wps/v2/wallets/transfer: main wallet to a vendor wallet or back (idempotent). */
export async function transferBetweenWallets(
  request: WalletTransferRequest,
): Promise<ConsolidatedFunds> {
  const funds = await apiSend('POST', '/wps/v2/wallets/transfer', 'ConsolidatedFunds', {
    body: request,
  });
  queryClient.setQueryData(walletKeys.funds, funds);
  await refreshBalances();
  return funds;
}

/** POST /wps/v2/wallets/transfer/upline (idempotent by clientRequestId). */
export async function transferToUpline(
  request: UplineTransferRequest,
): Promise<MemberTransferResult> {
  const result = await apiSend('POST', '/wps/v2/wallets/transfer/upline', 'MemberTransferResult', {
    body: request,
  });
  await refreshBalances();
  return result;
}

/** POST /wps/v2/wallets/transfer/downline (agents; idempotent by clientRequestId). */
export async function transferToDownline(
  request: DownlineTransferRequest,
): Promise<MemberTransferResult> {
  const result = await apiSend(
    'POST',
    '/wps/v2/wallets/transfer/downline',
    'MemberTransferResult',
    { body: request },
  );
  await refreshBalances();
  return result;
}

/**
 * A transfer to the caller's upline, or (`downline`) to an account of the agent's team; the
 * caller gives the clientRequestId, so a retry of the same request moves the money once.
 */
export function usePeerTransfer(mode: 'upline' | 'downline') {
  return useMutation({
    mutationFn: ({ username, ...request }: DownlineTransferRequest) =>
      mode === 'downline'
        ? transferToDownline({ username, ...request })
        : transferToUpline(request),
  });
}

/** A move between the main wallet and a game wallet; the caller gives the clientRequestId. */
export function useWalletTransfer() {
  return useMutation({ mutationFn: transferBetweenWallets });
}
