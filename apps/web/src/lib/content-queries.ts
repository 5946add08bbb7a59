import type { Language } from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { contentKeys } from './content-keys';

// The content answers more than one feature reads (the member menu's badges, the referral entry).

/** GET /wps/relay/publicState: banners, notices, popups, hot matches and winners in one call. */
export function publicStateQueryOptions(account: string, language: Language) {
  return queryOptions({
    queryKey: contentKeys.publicState(account, language),
    queryFn: ({ signal }) =>
      apiGet('/wps/relay/publicState', 'PublicState', { query: { language }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** GET /wps/relay/unreadCount: the red badge of the inbox (members and agents only). */
export function unreadCountQueryOptions(account: string) {
  return queryOptions({
    queryKey: contentKeys.unread(account),
    queryFn: ({ signal }) => apiGet('/wps/relay/unreadCount', 'UnreadCount', { signal }),
    staleTime: 60_000,
  });
}
