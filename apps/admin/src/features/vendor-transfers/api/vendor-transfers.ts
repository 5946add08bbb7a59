import {
  AdminVendorTransfer,
  AdminVendorTransferPage,
  type VendorTransferOutcome,
  type VendorTransferState,
} from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminGet, adminSend } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-client';
import { queryRoots } from '@/lib/query-keys';
import { dayStart } from '../vendor-transfer-filters';

/** Rows per page of the list. */
export const VENDOR_TRANSFERS_PAGE_SIZE = 20;

/** `status` undefined: every state (the API's own default is unresolved). */
export type VendorTransferFilter = {
  page: number;
  status: VendorTransferState | undefined;
  username?: string | undefined;
  vendorCode?: string | undefined;
  /** Days (YYYY-MM-DD, the operator's time zone), both included. */
  fromDay?: string | undefined;
  toDay?: string | undefined;
};

export const vendorTransferKeys = {
  all: queryRoots.vendorTransfers,
  list: (filter: VendorTransferFilter) => [...vendorTransferKeys.all, filter] as const,
};

/** GET /admin/api/vendor-transfers: newest first, by status, member, vendor and day. */
export function getVendorTransfersQueryOptions(filter: VendorTransferFilter) {
  return queryOptions({
    queryKey: vendorTransferKeys.list(filter),
    queryFn: ({ signal }) =>
      adminGet('/vendor-transfers', AdminVendorTransferPage, {
        query: {
          page: filter.page,
          size: VENDOR_TRANSFERS_PAGE_SIZE,
          status: filter.status ?? 'all',
          username: filter.username,
          vendorCode: filter.vendorCode,
          from: dayStart(filter.fromDay),
          to: dayStart(filter.toDay, true),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Ends an unresolved transfer with what the vendor did (finance or owner; audited). */
export function resolveVendorTransfer(id: number, outcome: VendorTransferOutcome, note: string) {
  return refreshAfter(
    adminSend('POST', `/vendor-transfers/${id}/resolve`, AdminVendorTransfer, { outcome, note }),
    [vendorTransferKeys.all, queryRoots.members, queryRoots.dashboard, queryRoots.reports],
  );
}
