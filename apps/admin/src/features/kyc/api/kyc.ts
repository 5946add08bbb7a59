import { AdminKycDetail, AdminKycPage, type KycStatus } from '@app/shared';

type KycStatusValue = (typeof KycStatus.options)[number];
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminGet, adminSend } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-client';

export type KycFilter = { page: number; status: KycStatusValue };

/** Rows per page of the queue. */
export const KYC_PAGE_SIZE = 20;

/** GET /admin/api/kyc: submissions by status, oldest first. */
export function getKycQueueQueryOptions(filter: KycFilter) {
  return queryOptions({
    queryKey: ['kyc', filter],
    queryFn: ({ signal }) =>
      adminGet('/kyc', AdminKycPage, {
        query: { page: filter.page, size: KYC_PAGE_SIZE, status: filter.status },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function getKycDetailQueryOptions(memberId: number) {
  return queryOptions({
    queryKey: ['kyc', 'detail', memberId],
    queryFn: ({ signal }) => adminGet(`/kyc/${memberId}`, AdminKycDetail, { signal }),
  });
}

/** Approves a waiting submission; the note is optional and kept with the review. */
export function approveKyc(memberId: number, note: string) {
  return refreshAfter(
    adminSend('POST', `/kyc/${memberId}/approve`, AdminKycDetail, note ? { note } : {}),
  );
}

/** Rejects a waiting submission; the member sees the result and sends it again. */
export function rejectKyc(memberId: number, reason: string) {
  return refreshAfter(adminSend('POST', `/kyc/${memberId}/reject`, AdminKycDetail, { reason }));
}
