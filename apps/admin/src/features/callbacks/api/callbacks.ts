import { AdminGatewayCallbackPage, type GatewayCallbackQuery } from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminGet } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** Rows per page of the callback log. */
export const CALLBACKS_PAGE_SIZE = 20;

export type CallbackFilter = Omit<GatewayCallbackQuery, 'size'>;

export const callbackKeys = {
  all: queryRoots.callbacks,
  log: (filter: CallbackFilter) => [...callbackKeys.all, filter] as const,
};

/** GET /admin/api/gateway-callbacks: what the gateways sent and what became of it. */
export function getCallbacksQueryOptions(filter: CallbackFilter) {
  return queryOptions({
    queryKey: callbackKeys.log(filter),
    queryFn: ({ signal }) =>
      adminGet('/gateway-callbacks', AdminGatewayCallbackPage, {
        query: { ...filter, size: CALLBACKS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
