import {
  AnnouncementDetail,
  AnnouncementPage,
  AnnouncementQuery,
  Banner,
  BannerQuery,
  ContentIdParams,
  HotMatch,
  HotMatchQuery,
  MessageDetail,
  MessageIdParams,
  MessageListQuery,
  MessagePage,
  NoticePage,
  NoticeQuery,
  Popup,
  PopupQuery,
  PublicState,
  PublicStateQuery,
  UnreadCount,
  WinnerBoardQuery,
  WinnerEntry,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { ACCOUNT_ROLES, allow } from '../../lib/guards.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import type { Realtime } from '../realtime/index.js';
import type { ContentCache } from './content.cache.js';
import {
  announcementDetail,
  announcementList,
  banners,
  hotMatchList,
  inboxDetail,
  inboxList,
  inboxMarkRead,
  inboxUnread,
  noticeList,
  popupList,
  publicState,
  winnerBoard,
  type ContentCaller,
} from './content.service.js';

const tags = ['content'];

function caller(req: FastifyRequest): ContentCaller {
  return { merchant: req.ctx.merchant, language: req.ctx.language, auth: req.auth };
}

/** Public content (issue 6) and the member inbox (messageV2). */
export const contentRoutes: FastifyPluginAsyncZod<{
  db: Db;
  realtime: Realtime;
  cache: ContentCache;
}> = async (app, { db, realtime, cache }) => {
  app.get(
    '/wps/relay/banners',
    {
      schema: memberRoute({
        summary: 'Scheduled banners of a group (w_home, w_video, w_login, w_forget)',
        tags,
        querystring: BannerQuery,
        value: z.array(Banner),
      }),
    },
    async (req) => ok(await banners(db, caller(req), req.query)),
  );
  app.get(
    '/wps/relay/announcements',
    {
      schema: memberRoute({
        summary: 'Announcements by type, platform and execution (visitors: B), pages of 9',
        tags,
        querystring: AnnouncementQuery,
        value: AnnouncementPage,
      }),
    },
    async (req) => ok(await announcementList(db, caller(req), req.query)),
  );
  app.get(
    '/wps/relay/announcements/:id',
    {
      schema: memberRoute({
        summary: 'One announcement with sanitised HTML and images by sequence',
        tags,
        params: ContentIdParams,
        value: AnnouncementDetail,
      }),
    },
    async (req) => ok(await announcementDetail(db, caller(req), req.params.id)),
  );
  app.get(
    '/wps/relay/notices',
    {
      schema: memberRoute({
        summary: 'Notices of platform W or A, pages of 9',
        tags,
        querystring: NoticeQuery,
        value: NoticePage,
      }),
    },
    async (req) => ok(await noticeList(db, caller(req), req.query)),
  );
  app.get(
    '/wps/relay/popups',
    {
      schema: memberRoute({
        summary: 'Popups by execution: B visitors, A signed in, F first login',
        tags,
        querystring: PopupQuery,
        value: z.array(Popup),
      }),
    },
    async (req) => ok(await popupList(db, caller(req), req.query)),
  );
  app.get(
    '/wps/relay/publicState',
    {
      schema: memberRoute({
        summary:
          'Home page state: balance, VIP, unread, banners, notice, popup, hot matches, winners',
        tags,
        querystring: PublicStateQuery,
        value: PublicState,
      }),
    },
    async (req) => ok(await publicState(db, cache, caller(req), req.query)),
  );
  app.get(
    '/wps/relay/winnerBoard',
    {
      schema: memberRoute({
        summary: 'Latest real wins (masked names), limitNum 20',
        tags,
        querystring: WinnerBoardQuery,
        value: z.array(WinnerEntry),
      }),
    },
    async (req) => ok(await winnerBoard(db, caller(req), req.query)),
  );
  app.get(
    '/wps/relay/sportsMatch/hotList',
    {
      schema: memberRoute({
        summary: 'Hot matches of the sports vendor (the bet button opens the vendor)',
        tags,
        querystring: HotMatchQuery,
        value: z.array(HotMatch),
      }),
    },
    async (req) => ok(await hotMatchList(db, caller(req), req.query)),
  );

  // The inbox is for real accounts: a visitor NOT_LOGGED_IN, trial IN_NEED_TRUE_ACCOUNT.
  const onRequest = allow(...ACCOUNT_ROLES);
  app.get(
    '/wps/relay/messageV2',
    {
      onRequest,
      schema: memberRoute({
        summary: "The member's platform messages, newest first, with the unread count",
        tags,
        querystring: MessageListQuery,
        value: MessagePage,
      }),
    },
    async (req) => ok(await inboxList(db, caller(req), req.query)),
  );
  app.post(
    '/wps/relay/messageV2/read',
    {
      onRequest,
      schema: memberRoute({ summary: 'Mark every message read', tags, value: UnreadCount }),
    },
    async (req) => ok(await inboxMarkRead(db, realtime, caller(req), 'all')),
  );
  app.get(
    '/wps/relay/messageV2/:id',
    {
      onRequest,
      schema: memberRoute({
        summary: 'One message (sanitised HTML); opening it marks it read',
        tags,
        params: MessageIdParams,
        value: MessageDetail,
      }),
    },
    async (req) => ok(await inboxDetail(db, realtime, caller(req), req.params.id)),
  );
  app.post(
    '/wps/relay/messageV2/:id/read',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Mark one message read',
        tags,
        params: MessageIdParams,
        value: UnreadCount,
      }),
    },
    async (req) => ok(await inboxMarkRead(db, realtime, caller(req), req.params.id)),
  );
  app.get(
    '/wps/relay/unreadCount',
    {
      onRequest,
      schema: memberRoute({ summary: 'Unread inbox messages', tags, value: UnreadCount }),
    },
    async (req) => ok(await inboxUnread(db, caller(req))),
  );
};
