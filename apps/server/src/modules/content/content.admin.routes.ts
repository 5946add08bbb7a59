import {
  AdminAnnouncement,
  AdminAnnouncementInput,
  AdminAnnouncementPage,
  AdminAnnouncementQuery,
  AdminBanner,
  AdminBannerInput,
  AdminBannerPage,
  AdminBannerQuery,
  AdminDeleted,
  AdminHelpInput,
  AdminHelpPage,
  AdminHelpQuery,
  AdminHelpSection,
  AdminHotMatch,
  AdminHotMatchInput,
  AdminHotMatchPage,
  AdminHotMatchQuery,
  AdminIdParams,
  AdminMessage,
  AdminMessageInput,
  AdminMessagePage,
  AdminMessageQuery,
  AdminPreview,
  AdminPreviewRequest,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { operatorActor, operatorAllow, signedInOperator } from '../operator/index.js';
import type { Realtime } from '../realtime/index.js';
import type { ContentCache } from './content.cache.js';
import {
  adminAnnouncements,
  adminBanners,
  adminHelp,
  adminMessages,
  deleteAnnouncement,
  deleteBanner,
  deleteHelp,
  previewHtml,
  saveAnnouncement,
  saveBanner,
  saveHelp,
  sendMessage,
  withdrawMessage,
} from './content.admin.service.js';
import { adminHotMatches, deleteHotMatch, saveHotMatch } from './hot-matches.admin.service.js';

const tags = ['admin-content'];

/** Back-office content (permission content.write; marketing and owner). */
export const adminContentRoutes: FastifyPluginAsyncZod<{
  db: Db;
  cache: ContentCache;
  realtime: Realtime;
}> = async (app, deps) => {
  const { db } = deps;
  const onRequest = operatorAllow('content.write');
  const merchantOf = (req: Parameters<typeof signedInOperator>[0]) =>
    signedInOperator(req).merchant.id;

  // Hot matches (the home page's sportsMatchHotList)
  app.get(
    '/admin/api/content/hot-matches',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Hot matches of the home page, latest kick-off first',
        tags,
        querystring: AdminHotMatchQuery,
        value: AdminHotMatchPage,
      }),
    },
    async (req) => ok(await adminHotMatches(db, merchantOf(req), req.query)),
  );
  app.post(
    '/admin/api/content/hot-matches',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Create a hot match; audited',
        tags,
        body: AdminHotMatchInput,
        value: AdminHotMatch,
      }),
    },
    async (req) => ok(await saveHotMatch(deps, operatorActor(req), null, req.body)),
  );
  app.put(
    '/admin/api/content/hot-matches/:id',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Change a hot match; audited',
        tags,
        params: AdminIdParams,
        body: AdminHotMatchInput,
        value: AdminHotMatch,
      }),
    },
    async (req) => ok(await saveHotMatch(deps, operatorActor(req), req.params.id, req.body)),
  );
  app.delete(
    '/admin/api/content/hot-matches/:id',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Delete a hot match; audited',
        tags,
        params: AdminIdParams,
        value: AdminDeleted,
      }),
    },
    async (req) => ok(await deleteHotMatch(deps, operatorActor(req), req.params.id)),
  );

  // Banners
  app.get(
    '/admin/api/content/banners',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Banners by group and language',
        tags,
        querystring: AdminBannerQuery,
        value: AdminBannerPage,
      }),
    },
    async (req) => ok(await adminBanners(db, merchantOf(req), req.query)),
  );
  app.post(
    '/admin/api/content/banners',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Create a banner; audited',
        tags,
        body: AdminBannerInput,
        value: AdminBanner,
      }),
    },
    async (req) => ok(await saveBanner(deps, operatorActor(req), null, req.body)),
  );
  app.put(
    '/admin/api/content/banners/:id',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Change a banner; audited',
        tags,
        params: AdminIdParams,
        body: AdminBannerInput,
        value: AdminBanner,
      }),
    },
    async (req) => ok(await saveBanner(deps, operatorActor(req), req.params.id, req.body)),
  );
  app.delete(
    '/admin/api/content/banners/:id',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Delete a banner; audited',
        tags,
        params: AdminIdParams,
        value: AdminDeleted,
      }),
    },
    async (req) => ok(await deleteBanner(deps, operatorActor(req), req.params.id)),
  );

  // Announcements, notices and popups
  app.get(
    '/admin/api/content/announcements',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Announcements, notices and popups, newest first',
        tags,
        querystring: AdminAnnouncementQuery,
        value: AdminAnnouncementPage,
      }),
    },
    async (req) => ok(await adminAnnouncements(db, merchantOf(req), req.query)),
  );
  app.post(
    '/admin/api/content/announcements',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Publish an announcement, notice or popup (HTML sanitised); audited',
        tags,
        body: AdminAnnouncementInput,
        value: AdminAnnouncement,
      }),
    },
    async (req) => ok(await saveAnnouncement(deps, operatorActor(req), null, req.body)),
  );
  app.put(
    '/admin/api/content/announcements/:id',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Change an announcement, notice or popup; audited',
        tags,
        params: AdminIdParams,
        body: AdminAnnouncementInput,
        value: AdminAnnouncement,
      }),
    },
    async (req) => ok(await saveAnnouncement(deps, operatorActor(req), req.params.id, req.body)),
  );
  app.delete(
    '/admin/api/content/announcements/:id',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Delete an announcement, notice or popup; audited',
        tags,
        params: AdminIdParams,
        value: AdminDeleted,
      }),
    },
    async (req) => ok(await deleteAnnouncement(deps, operatorActor(req), req.params.id)),
  );

  // Help centre
  app.get(
    '/admin/api/content/help-sections',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Help centre sections',
        tags,
        querystring: AdminHelpQuery,
        value: AdminHelpPage,
      }),
    },
    async (req) => ok(await adminHelp(db, merchantOf(req), req.query)),
  );
  app.post(
    '/admin/api/content/help-sections',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Add a help centre section; audited',
        tags,
        body: AdminHelpInput,
        value: AdminHelpSection,
      }),
    },
    async (req) => ok(await saveHelp(deps, operatorActor(req), null, req.body)),
  );
  app.put(
    '/admin/api/content/help-sections/:id',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Change a help centre section; audited',
        tags,
        params: AdminIdParams,
        body: AdminHelpInput,
        value: AdminHelpSection,
      }),
    },
    async (req) => ok(await saveHelp(deps, operatorActor(req), req.params.id, req.body)),
  );
  app.delete(
    '/admin/api/content/help-sections/:id',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Delete a help centre section; audited',
        tags,
        params: AdminIdParams,
        value: AdminDeleted,
      }),
    },
    async (req) => ok(await deleteHelp(deps, operatorActor(req), req.params.id)),
  );

  // Platform messages
  app.get(
    '/admin/api/content/messages',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Platform messages sent, newest first, with read counts',
        tags,
        querystring: AdminMessageQuery,
        value: AdminMessagePage,
      }),
    },
    async (req) => ok(await adminMessages(db, merchantOf(req), req.query)),
  );
  app.post(
    '/admin/api/content/messages',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Send a platform message to one member, a segment or all; audited',
        tags,
        body: AdminMessageInput,
        value: AdminMessage,
      }),
    },
    async (req) => ok(await sendMessage(deps, operatorActor(req), req.body)),
  );
  app.post(
    '/admin/api/content/messages/:id/withdraw',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Withdraw a platform message from every inbox; audited',
        tags,
        params: AdminIdParams,
        value: AdminMessage,
      }),
    },
    async (req) => ok(await withdrawMessage(deps, operatorActor(req), req.params.id)),
  );

  app.post(
    '/admin/api/content/preview',
    {
      onRequest,
      schema: memberRoute({
        summary: 'The HTML as members will see it, after sanitising',
        tags,
        body: AdminPreviewRequest,
        value: AdminPreview,
      }),
    },
    async (req) => ok(previewHtml(req.body.html)),
  );
};
