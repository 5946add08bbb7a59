import type { BannerGroup, Language } from '@app/shared';
import type { QueryClient } from '@tanstack/react-query';

// Query keys of the content calls (announcements, notices, popups, public state, winners, hot
// matches, banners) and the member inbox (messageV2); free of the API client so the websocket
// code and its tests can use them. Keys start with the account, since
// what the server answers depends on who asks (execution A or B, unread counts), then the
// language, so a language change reloads every one of them (SPEC section 4).

export const contentKeys = {
  publicState: (account: string, language: Language) =>
    ['content', account, 'public-state', language] as const,
  banners: (group: BannerGroup, language: Language) =>
    ['content', 'banners', group, language] as const,
  announcements: (account: string, language: Language, page: number) =>
    ['content', account, 'announcements', language, page] as const,
  popups: (account: string, language: Language, firstLogin: boolean) =>
    ['content', account, 'popups', language, firstLogin] as const,
  inbox: (account: string) => ['content', account, 'inbox'] as const,
  // Not under `inbox`: a new unread count reloads the list, not an open message.
  message: (account: string, id: number) => ['content', account, 'message', id] as const,
  unread: (account: string) => ['content', account, 'unread'] as const,
};

/** A new unread count (pushed or answered): the badge follows and the inbox list reloads. */
export function applyUnreadCount(queryClient: QueryClient, account: string, unread: number): void {
  queryClient.setQueryData(contentKeys.unread(account), { unreadMessage: unread });
  void queryClient.invalidateQueries({ queryKey: contentKeys.inbox(account) });
}
