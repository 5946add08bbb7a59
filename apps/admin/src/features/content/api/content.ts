import {
  AdminAnnouncement,
  AdminAnnouncementPage,
  AdminBanner,
  AdminBannerPage,
  AdminDeleted,
  AdminHelpPage,
  AdminHelpSection,
  AdminHotMatch,
  AdminHotMatchPage,
  AdminMessage,
  AdminMessagePage,
  AdminPreview,
  type AdminAnnouncementInput,
  type AdminBannerInput,
  type AdminHelpInput,
  type AdminHotMatchInput,
  type AdminMessageInput,
  type ContentKind,
} from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminGet, adminSend } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-client';
import { queryRoots } from '@/lib/query-keys';

export const CONTENT_PAGE_SIZE = 20;

export const contentKeys = {
  all: queryRoots.content,
  banners: (page?: number) => [...contentKeys.all, 'banners', ...(page ? [page] : [])] as const,
  announcements: (kind?: ContentKind, page?: number) =>
    [
      ...contentKeys.all,
      'announcements',
      ...(kind ? [kind] : []),
      ...(page ? [page] : []),
    ] as const,
  help: (page?: number) => [...contentKeys.all, 'help', ...(page ? [page] : [])] as const,
  hotMatches: (page?: number) =>
    [...contentKeys.all, 'hot-matches', ...(page ? [page] : [])] as const,
  messages: (page?: number) => [...contentKeys.all, 'messages', ...(page ? [page] : [])] as const,
};

const RESOURCE_KEYS = {
  banners: contentKeys.banners(),
  announcements: contentKeys.announcements(),
  'help-sections': contentKeys.help(),
  'hot-matches': contentKeys.hotMatches(),
} as const;

export function getBannersQueryOptions(page: number) {
  return queryOptions({
    queryKey: contentKeys.banners(page),
    queryFn: ({ signal }) =>
      adminGet('/content/banners', AdminBannerPage, {
        query: { page, size: CONTENT_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function getAnnouncementsQueryOptions(kind: ContentKind, page: number) {
  return queryOptions({
    queryKey: contentKeys.announcements(kind, page),
    queryFn: ({ signal }) =>
      adminGet('/content/announcements', AdminAnnouncementPage, {
        query: { kind, page, size: CONTENT_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function getHelpQueryOptions(page: number) {
  return queryOptions({
    queryKey: contentKeys.help(page),
    queryFn: ({ signal }) =>
      adminGet('/content/help-sections', AdminHelpPage, {
        query: { page, size: CONTENT_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function getHotMatchesQueryOptions(page: number) {
  return queryOptions({
    queryKey: contentKeys.hotMatches(page),
    queryFn: ({ signal }) =>
      adminGet('/content/hot-matches', AdminHotMatchPage, {
        query: { page, size: CONTENT_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function getMessagesQueryOptions(page: number) {
  return queryOptions({
    queryKey: contentKeys.messages(page),
    queryFn: ({ signal }) =>
      adminGet('/content/messages', AdminMessagePage, {
        query: { page, size: CONTENT_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

const saveTo = (path: string, id: number | null) =>
  id === null ? (['POST', path] as const) : (['PUT', `${path}/${id}`] as const);

export function saveBanner(id: number | null, input: AdminBannerInput) {
  const [method, path] = saveTo('/content/banners', id);
  return refreshAfter(adminSend(method, path, AdminBanner, input), [contentKeys.banners()]);
}

export function saveAnnouncement(id: number | null, input: AdminAnnouncementInput) {
  const [method, path] = saveTo('/content/announcements', id);
  return refreshAfter(adminSend(method, path, AdminAnnouncement, input), [
    contentKeys.announcements(),
  ]);
}

export function saveHelp(id: number | null, input: AdminHelpInput) {
  const [method, path] = saveTo('/content/help-sections', id);
  return refreshAfter(adminSend(method, path, AdminHelpSection, input), [contentKeys.help()]);
}

/** Creates or changes a hot match; the member site's home page shows it on the next load. */
export function saveHotMatch(id: number | null, input: AdminHotMatchInput) {
  const [method, path] = saveTo('/content/hot-matches', id);
  return refreshAfter(adminSend(method, path, AdminHotMatch, input), [contentKeys.hotMatches()]);
}

export type ContentResource = 'banners' | 'announcements' | 'help-sections' | 'hot-matches';

export function deleteContent(resource: ContentResource, id: number) {
  return refreshAfter(adminSend('DELETE', `/content/${resource}/${id}`, AdminDeleted), [
    RESOURCE_KEYS[resource],
  ]);
}

export function sendMessage(input: AdminMessageInput) {
  return refreshAfter(adminSend('POST', '/content/messages', AdminMessage, input), [
    contentKeys.messages(),
  ]);
}

export function withdrawMessage(id: number) {
  return refreshAfter(adminSend('POST', `/content/messages/${id}/withdraw`, AdminMessage), [
    contentKeys.messages(),
  ]);
}

/** The HTML as members will see it: cleaned by the same server sanitiser that saves it. */
export function previewHtml(html: string): Promise<string> {
  return adminSend('POST', '/content/preview', AdminPreview, { html }).then((v) => v.html);
}
