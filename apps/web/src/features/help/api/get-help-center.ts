import type { HelpCenter, Language } from '@app/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { useLanguage } from '@app/client';

export function getHelpCenter(language: Language, signal?: AbortSignal): Promise<HelpCenter> {
  return apiGet('/wps/system/helpCenter', 'HelpCenter', {
    query: { lang: language, device: 'WEB' },
    signal,
  });
}

export function getHelpCenterQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['help-center', language],
    queryFn: ({ signal }) => getHelpCenter(language, signal),
    placeholderData: keepPreviousData,
  });
}

export function useHelpCenter() {
  return useQuery(getHelpCenterQueryOptions(useLanguage()));
}
