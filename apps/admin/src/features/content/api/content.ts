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

export const CONTENT_PAGE_SIZE = 20;

export function getBannersQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['content', 'banners', page],
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
    queryKey: ['content', 'announcements', kind, page],
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
    queryKey: ['content', 'help', page],
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
    queryKey: ['content', 'hot-matches', page],
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
    queryKey: ['content', 'messages', page],
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
  return refreshAfter(adminSend(method, path, AdminBanner, input));
}

export function saveAnnouncement(id: number | null, input: AdminAnnouncementInput) {
  const [method, path] = saveTo('/content/announcements', id);
  return refreshAfter(adminSend(method, path, AdminAnnouncement, input));
}

export function saveHelp(id: number | null, input: AdminHelpInput) {
  const [method, path] = saveTo('/content/help-sections', id);
  return refreshAfter(adminSend(method, path, AdminHelpSection, input));
}

/** Creates or changes a hot match; the member site's home page shows it on the next load. */
export function saveHotMatch(id: number | null, input: AdminHotMatchInput) {
  const [method, path] = saveTo('/content/hot-matches', id);
  return refreshAfter(adminSend(method, path, AdminHotMatch, input));
}

export type ContentResource = 'banners' | 'announcements' | 'help-sections' | 'hot-matches';

export function deleteContent(resource: ContentResource, id: number) {
  return refreshAfter(adminSend('DELETE', `/content/${resource}/${id}`, AdminDeleted));
}

export function sendMessage(input: AdminMessageInput) {
  return refreshAfter(adminSend('POST', '/content/messages', AdminMessage, input));
}

export function withdrawMessage(id: number) {
  return refreshAfter(adminSend('POST', `/content/messages/${id}/withdraw`, AdminMessage));
}

/** The HTML as members will see it: cleaned by the same server sanitiser that saves it. */
export function previewHtml(html: string): Promise<string> {
  return adminSend('POST', '/content/preview', AdminPreview, { html }).then((v) => v.html);
}
