import { AdminKycDetail, AdminKycPage, type KycStatus } from '@app/shared';

type KycStatusValue = (typeof KycStatus.options)[number];
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminGet, adminSend } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-client';
import { queryRoots } from '@/lib/query-keys';

export type KycFilter = { page: number; status: KycStatusValue };

export const kycKeys = {
  all: queryRoots.kyc,
  queue: (filter: KycFilter) => [...kycKeys.all, filter] as const,
  detail: (memberId: number) => [...kycKeys.all, 'detail', memberId] as const,
};

/** A review moves the queue, the member's profile and the dashboard. */
const REVIEWED = [kycKeys.all, queryRoots.members, queryRoots.dashboard];

/** Rows per page of the queue. */
export const KYC_PAGE_SIZE = 20;

/** GET /admin/api/kyc: submissions by status, oldest first. */
export function getKycQueueQueryOptions(filter: KycFilter) {
  return queryOptions({
    queryKey: kycKeys.queue(filter),
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
    queryKey: kycKeys.detail(memberId),
    queryFn: ({ signal }) => adminGet(`/kyc/${memberId}`, AdminKycDetail, { signal }),
  });
}

/** Approves a waiting submission; the note is optional and kept with the review. */
export function approveKyc(memberId: number, note: string) {
  return refreshAfter(
    adminSend('POST', `/kyc/${memberId}/approve`, AdminKycDetail, note ? { note } : {}),
    REVIEWED,
  );
}

/** Rejects a waiting submission; the member sees the result and sends it again. */
export function rejectKyc(memberId: number, reason: string) {
  return refreshAfter(
    adminSend('POST', `/kyc/${memberId}/reject`, AdminKycDetail, { reason }),
    REVIEWED,
  );
}
