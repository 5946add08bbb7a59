import type { Language, SystemStatus } from '@app/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { useLanguage } from '@app/client';

export function getSystemStatus(signal?: AbortSignal): Promise<SystemStatus> {
  return apiGet('/wps/system/status', 'SystemStatus', { signal });
}

// Keyed by language because the maintenance text comes translated; the previous answer stays
// on screen while the new one loads so a language switch never unmounts the app.
export function getSystemStatusQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['system-status', language],
    queryFn: ({ signal }) => getSystemStatus(signal),
    placeholderData: keepPreviousData,
  });
}

export function useSystemStatus() {
  return useQuery(getSystemStatusQueryOptions(useLanguage()));
}
