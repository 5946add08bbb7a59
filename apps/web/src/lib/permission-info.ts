import type { PermissionInfo } from '@app/shared';
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';

export function getPermissionInfo(signal?: AbortSignal): Promise<PermissionInfo> {
  return apiGet('/wps/system/permission', 'PermissionInfo', { signal });
}

export function getPermissionInfoQueryOptions() {
  return queryOptions({
    queryKey: ['permission-info'],
    queryFn: ({ signal }) => getPermissionInfo(signal),
    staleTime: 5 * 60_000,
  });
}

/** For the start-up gate, which shows its own loading and error views. */
export function usePermissionInfoQuery() {
  return useQuery(getPermissionInfoQueryOptions());
}

/** For everything rendered after the start-up gate, where the answer is already in the cache. */
export function usePermissionInfo(): PermissionInfo {
  return useSuspenseQuery(getPermissionInfoQueryOptions()).data;
}
