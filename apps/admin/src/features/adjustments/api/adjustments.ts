import {
  AdjustmentSettings,
  AdminAdjustment,
  AdminAdjustmentPage,
  type AdjustmentStatus,
} from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminGet, adminSend } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-client';
import { queryRoots } from '@/lib/query-keys';

export type AdjustmentFilter = { page: number; status: AdjustmentStatus | undefined };

export const adjustmentKeys = {
  all: queryRoots.adjustments,
  list: (filter: AdjustmentFilter) => [...adjustmentKeys.all, filter] as const,
  settings: () => [...adjustmentKeys.all, 'settings'] as const,
};

/** Rows per page of the list. */
export const ADJUSTMENT_PAGE_SIZE = 20;

/** GET /admin/api/adjustments: newest first, by status. */
export function getAdjustmentsQueryOptions(filter: AdjustmentFilter) {
  return queryOptions({
    queryKey: adjustmentKeys.list(filter),
    queryFn: ({ signal }) =>
      adminGet('/adjustments', AdminAdjustmentPage, {
        query: { page: filter.page, size: ADJUSTMENT_PAGE_SIZE, status: filter.status },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Above this absolute amount an adjustment waits for a second operator. */
export function getAdjustmentSettingsQueryOptions() {
  return queryOptions({
    queryKey: adjustmentKeys.settings(),
    queryFn: ({ signal }) => adminGet('/adjustments/settings', AdjustmentSettings, { signal }),
  });
}

/** A second operator (never the requester) applies or refuses a pending adjustment. */
export function decideAdjustment(id: number, decision: 'approve' | 'reject', reason: string) {
  return refreshAfter(
    adminSend('POST', `/adjustments/${id}/${decision}`, AdminAdjustment, { reason }),
    [adjustmentKeys.all, queryRoots.members, queryRoots.dashboard],
  );
}

export function updateAdjustmentSettings(approvalThreshold: string) {
  return refreshAfter(
    adminSend('PUT', '/adjustments/settings', AdjustmentSettings, { approvalThreshold }),
    [adjustmentKeys.settings()],
  );
}
