import { AdminGatewayCallbackPage, type GatewayCallbackQuery } from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminGet } from '@/lib/api-client';

/** Rows per page of the callback log. */
export const CALLBACKS_PAGE_SIZE = 20;

export type CallbackFilter = Omit<GatewayCallbackQuery, 'size'>;

/** GET /admin/api/gateway-callbacks: what the gateways sent and what became of it. */
export function getCallbacksQueryOptions(filter: CallbackFilter) {
  return queryOptions({
    queryKey: ['gateway-callbacks', filter],
    queryFn: ({ signal }) =>
      adminGet('/gateway-callbacks', AdminGatewayCallbackPage, {
        query: { ...filter, size: CALLBACKS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
