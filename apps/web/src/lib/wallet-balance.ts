import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-client';

/**
 * Query keys of the wallet. The live socket writes the balance it pushes into `balance` and
 * invalidates `funds`, so every screen showing either updates without a reload.
 */
export const walletKeys = {
  balance: ['wallet', 'balance'] as const,
  funds: ['wallet', 'funds'] as const,
};

/** GET /wps/v2/wallets/balance: the main wallet shown in the header. */
export function getBalanceQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.balance,
    queryFn: ({ signal }) => apiGet('/wps/v2/wallets/balance', 'WalletBalance', { signal }),
    staleTime: 30_000,
  });
}
