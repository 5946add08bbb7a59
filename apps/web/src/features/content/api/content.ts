import type { BannerGroup, Language } from '@app/shared';
import { ANNOUNCEMENT_PAGE_SIZE, MESSAGE_PAGE_SIZE } from '@app/shared/home';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, apiSend } from '@/lib/api-client';
import { contentKeys } from '@/lib/content-keys';

// The content calls of SPEC section 7 and the member inbox (messageV2); keys in lib/content-keys.ts.

/** GET /wps/relay/banners of one group (the login and forgot-password modals' banners). */
export function bannersQueryOptions(group: BannerGroup, language: Language) {
  return queryOptions({
    queryKey: contentKeys.banners(group, language),
    queryFn: ({ signal }) =>
      apiGet('/wps/relay/banners', ['Banner'], { query: { groupName: group, language }, signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET /wps/relay/announcements: types B, PL, PU, PR, H on platform W, 9 a page. */
export function announcementsQueryOptions(account: string, language: Language, page: number) {
  return queryOptions({
    queryKey: contentKeys.announcements(account, language, page),
    queryFn: ({ signal }) =>
      apiGet('/wps/relay/announcements', 'AnnouncementPage', {
        query: {
          type: 'B,PL,PU,PR,H',
          platform: 'W',
          // SPEC section 7: an anonymous visitor asks for execution B.
          ...(account ? {} : { execution: 'B' }),
          language,
          pageNo: String(page),
          pageSize: String(ANNOUNCEMENT_PAGE_SIZE),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /wps/relay/popups for this viewer (F only on a first login). */
export function popupsQueryOptions(account: string, language: Language, firstLogin: boolean) {
  return queryOptions({
    queryKey: contentKeys.popups(account, language, firstLogin),
    queryFn: ({ signal }) =>
      apiGet('/wps/relay/popups', ['Popup'], {
        query: { platform: 'W', language, ...(firstLogin ? { firstLogin: 'true' } : {}) },
        signal,
      }),
    staleTime: Infinity,
  });
}

/** GET /wps/relay/messageV2: the member's inbox, newest first. */
export function inboxQueryOptions(account: string, page: number) {
  return queryOptions({
    queryKey: [...contentKeys.inbox(account), page] as const,
    queryFn: ({ signal }) =>
      apiGet('/wps/relay/messageV2', 'MessagePage', {
        query: { pageNo: String(page), pageSize: String(MESSAGE_PAGE_SIZE) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /wps/relay/messageV2/:id: the message with its HTML; the server marks it read. */
export function messageQueryOptions(account: string, id: number) {
  return queryOptions({
    queryKey: contentKeys.message(account, id),
    queryFn: ({ signal }) => apiGet(`/wps/relay/messageV2/${id}`, 'MessageDetail', { signal }),
  });
}

/** POST /wps/relay/messageV2/read: every message read. */
export function markAllMessagesRead() {
  return apiSend('POST', '/wps/relay/messageV2/read', 'UnreadCount');
}
