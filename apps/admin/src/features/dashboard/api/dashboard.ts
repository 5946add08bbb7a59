import { AdminDashboard } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { adminGet } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export const dashboardKeys = { all: queryRoots.dashboard };

/** GET /admin/api/dashboard: today vs yesterday and the role's queues; refreshed every minute. */
export function getDashboardQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => adminGet('/dashboard', AdminDashboard, { signal }),
    refetchInterval: 60_000,
  });
}
