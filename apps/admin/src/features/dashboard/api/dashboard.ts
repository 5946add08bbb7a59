import { AdminDashboard } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { adminGet } from '@/lib/api-client';

/** GET /admin/api/dashboard: today vs yesterday and the role's queues; refreshed every minute. */
export function getDashboardQueryOptions() {
  return queryOptions({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => adminGet('/dashboard', AdminDashboard, { signal }),
    refetchInterval: 60_000,
  });
}
