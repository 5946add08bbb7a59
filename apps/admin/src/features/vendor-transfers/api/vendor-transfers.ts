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
import { transferWindow } from '../vendor-transfer-filters';

/** Rows per page of the list. */
export const VENDOR_TRANSFERS_PAGE_SIZE = 20;

/** `status` undefined: every state (the API's own default is unresolved). */
export type VendorTransferFilter = {
  page: number;
  status: VendorTransferState | undefined;
  username?: string | undefined;
  vendorCode?: string | undefined;
  /** Days (YYYY-MM-DD, the scoped merchant's time zone), both included. */
  fromDay?: string | undefined;
  toDay?: string | undefined;
};

export const vendorTransferKeys = {
  all: queryRoots.vendorTransfers,
  list: (filter: VendorTransferFilter, zone: string) =>
    [...vendorTransferKeys.all, filter, zone] as const,
};

/**
 * GET /admin/api/vendor-transfers: newest first, by status, member, vendor and day (the days of
 * `zone`, the scoped merchant's).
 */
export function getVendorTransfersQueryOptions(filter: VendorTransferFilter, zone: string) {
  return queryOptions({
    queryKey: vendorTransferKeys.list(filter, zone),
    queryFn: ({ signal }) =>
      adminGet('/vendor-transfers', AdminVendorTransferPage, {
        query: {
          page: filter.page,
          size: VENDOR_TRANSFERS_PAGE_SIZE,
          status: filter.status ?? 'all',
          username: filter.username,
          vendorCode: filter.vendorCode,
          ...transferWindow(filter.fromDay, filter.toDay, zone),
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
