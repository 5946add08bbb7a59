import { z } from 'zod';
import { RowIdParam } from '../validation.js';
import { Language } from '../language.js';
import { Amount } from '../wallet/wallet.js';

/**
 * Public content of the member site (SPEC sections 2, 3, 4, 7 and 9): banners, announcements,
 * notices, popups, the public state, winners, hot matches and the member inbox (messageV2).
 *
 * Paths (SPEC section 7 names most of them "under /wps/relay/" without the full path). Every
 * call takes the usual headers (Merchant, Language, Device, and Authorization when signed in);
 * the Language header picks the language unless the query names one.
 * - GET  /wps/relay/banners                 BannerQuery -> Banner[]
 * - GET  /wps/relay/announcements           AnnouncementQuery -> AnnouncementPage
 * - GET  /wps/relay/announcements/:id       -> AnnouncementDetail
 * - GET  /wps/relay/notices                 NoticeQuery -> NoticePage
 * - GET  /wps/relay/popups                  PopupQuery -> Popup[]
 * - GET  /wps/relay/publicState             PublicStateQuery -> PublicState
 * - GET  /wps/relay/winnerBoard             WinnerBoardQuery -> WinnerEntry[]
 * - GET  /wps/relay/sportsMatch/hotList     HotMatchQuery -> HotMatch[]
 * - GET  /wps/relay/messageV2               MessageListQuery -> MessagePage (member, agent)
 * - GET  /wps/relay/messageV2/:id           -> MessageDetail (member, agent; marks it read)
 * - POST /wps/relay/messageV2/:id/read      -> UnreadCount (member, agent)
 * - POST /wps/relay/messageV2/read          -> UnreadCount: marks every message read
 * - GET  /wps/relay/unreadCount             -> UnreadCount (member, agent; trial gets 403)
 * Websocket (/wps/ws): RealtimeUnread (realtime.ts) `{type: 'unread', unreadMessage}` when a
 * message arrives or is read.
 *
 * Times are ISO instants; the UI shows them as yyyy-MM-dd HH:mm:ss (SPEC section 2).
 */

/** SPEC section 9: announcements and notices page by 9. */
export const ANNOUNCEMENT_PAGE_SIZE = 9;
/** SPEC section 7: winners limitNum 20. */
export const WINNER_BOARD_LIMIT = 20;
/** Inbox pages (not in the SPEC): 20 like the other lists. */
export const MESSAGE_PAGE_SIZE = 20;

/** Banner groups (SPEC sections 2 and 3). */
export const BANNER_GROUPS = ['w_home', 'w_video', 'w_login', 'w_forget'] as const;
export const BannerGroup = z.enum(BANNER_GROUPS);
export type BannerGroup = z.infer<typeof BannerGroup>;

/**
 * What a click on a banner does: `route` an internal route ("/promotions"), `game` launches the
 * game whose nodeId is the linkage, `promotion` opens the promotion whose id or code is the
 * linkage, `url` an external http(s) URL (for w_video a YouTube link), `none` nothing.
 */
export const LINKAGE_TYPES = ['none', 'route', 'game', 'promotion', 'url'] as const;
export const LinkageType = z.enum(LINKAGE_TYPES);
export type LinkageType = z.infer<typeof LinkageType>;

/** Video banner languages (SPEC section 9): EN, TY (Tagalog), CN, VI, TH. */
export const VIDEO_LANGUAGES = ['EN', 'TY', 'CN', 'VI', 'TH'] as const;

export const Banner = z.object({
  id: z.number().int(),
  groupName: BannerGroup,
  /** Image of the banner; empty for w_video (the linkage is the video). */
  url: z.string(),
  linkageType: LinkageType,
  /** Route, nodeId, promotion id/code or URL, per linkageType; '' for none. */
  linkage: z.string(),
  sequence: z.number().int(),
  language: Language,
});
export type Banner = z.infer<typeof Banner>;

/** GET /wps/relay/banners: scheduled banners of one group (all groups when absent). */
export const BannerQuery = z.object({
  groupName: BannerGroup.optional(),
  language: z.string().max(8).optional(),
});
export type BannerQuery = z.infer<typeof BannerQuery>;

/** Announcement types (SPEC section 7): B, PL, PU, PR, H. */
export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export const AnnouncementType = z.enum(ANNOUNCEMENT_TYPES);
export type AnnouncementType = z.infer<typeof AnnouncementType>;
/** W web, A app. */
export const ContentPlatform = z.enum(['W', 'A']);
export type ContentPlatform = z.infer<typeof ContentPlatform>;
/** A logged in, B anonymous, F first login (SPEC section 4). */
export const Execution = z.enum(['A', 'B', 'F']);
export type Execution = z.infer<typeof Execution>;

/** Announcement image (SPEC section 3): shown in `sequence` order. */
export const AnnouncementImage = z.object({ url: z.string(), sequence: z.number().int() });
export type AnnouncementImage = z.infer<typeof AnnouncementImage>;

/**
 * GET /wps/relay/announcements. `type` may list several types comma separated ("B,PL,PU,PR,H",
 * the default). A visitor always gets execution B; a signed-in caller gets A and B unless
 * `execution` names one.
 */
export const AnnouncementQuery = z.object({
  type: z.string().max(32).optional(),
  platform: ContentPlatform.default('W'),
  execution: Execution.optional(),
  language: z.string().max(8).optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ANNOUNCEMENT_PAGE_SIZE),
});
export type AnnouncementQuery = z.infer<typeof AnnouncementQuery>;

/** One line of the announcements list (left side of the modal). */
export const AnnouncementSummary = z.object({
  id: z.number().int(),
  type: AnnouncementType,
  platform: ContentPlatform,
  execution: Execution,
  title: z.string(),
  /** ISO instant it was published (schedule start). */
  publishTime: z.string(),
});
export type AnnouncementSummary = z.infer<typeof AnnouncementSummary>;

/** The detail (right side): HTML sanitised on the server, images by sequence. */
export const AnnouncementDetail = AnnouncementSummary.extend({
  content: z.string(),
  images: z.array(AnnouncementImage),
});
export type AnnouncementDetail = z.infer<typeof AnnouncementDetail>;

/** A page of announcements; `content` items carry the sanitised HTML too (no second call). */
export const AnnouncementPage = z.object({
  content: z.array(AnnouncementDetail),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  totalElements: z.number().int(),
});
export type AnnouncementPage = z.infer<typeof AnnouncementPage>;

/** GET /wps/relay/notices: platform W or A only (SPEC section 2). */
export const NoticeQuery = z.object({
  platform: ContentPlatform.default('W'),
  language: z.string().max(8).optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ANNOUNCEMENT_PAGE_SIZE),
});
export type NoticeQuery = z.infer<typeof NoticeQuery>;

/** A notice (marquee line and notice modal). Public state carries platform, id, title. */
export const Notice = z.object({
  id: z.number().int(),
  platform: ContentPlatform,
  title: z.string(),
  content: z.string(),
  publishTime: z.string(),
});
export type Notice = z.infer<typeof Notice>;

export const NoticePage = z.object({
  content: z.array(Notice),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  totalElements: z.number().int(),
});
export type NoticePage = z.infer<typeof NoticePage>;

/**
 * GET /wps/relay/popups. A visitor gets execution B only; a signed-in caller A, plus F when
 * `firstLogin` is true. `execution` narrows to one of those. The closed flag per user type is
 * kept by the client (SPEC section 3, session values).
 */
export const PopupQuery = z.object({
  execution: Execution.optional(),
  firstLogin: z.enum(['true', 'false']).optional(),
  platform: ContentPlatform.default('W'),
  language: z.string().max(8).optional(),
});
export type PopupQuery = z.infer<typeof PopupQuery>;

export const Popup = z.object({
  id: z.number().int(),
  execution: Execution,
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  images: z.array(AnnouncementImage),
  publishTime: z.string(),
});
export type Popup = z.infer<typeof Popup>;

/** Winner entry (SPEC section 3); `customerName` is masked ("ju***er"). */
export const WinnerEntry = z.object({
  gameName: z.string(),
  gameType: z.string(),
  iconUrl: z.string(),
  customerName: z.string(),
  /** Decimal string with two places. */
  winAmount: Amount,
  /** ISO instant of the winning round. */
  gameTime: z.string(),
  nodeId: z.number().int(),
});
export type WinnerEntry = z.infer<typeof WinnerEntry>;

/** GET /wps/relay/winnerBoard (SPEC section 7: gameCategory ALL, language, limitNum 20). */
export const WinnerBoardQuery = z.object({
  gameCategory: z.string().max(16).default('ALL'),
  language: z.string().max(8).optional(),
  limitNum: z.coerce.number().int().min(1).max(50).default(WINNER_BOARD_LIMIT),
});
export type WinnerBoardQuery = z.infer<typeof WinnerBoardQuery>;

/** Hot match (SPEC section 3), from the sports vendor's data. */
export const HotMatch = z.object({
  id: z.number().int(),
  title: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  homeTeamImageUrl: z.string(),
  awayTeamImageUrl: z.string(),
  /** ISO instant of kick-off. */
  matchTime: z.string(),
  /** The sports vendor the bet button opens (its vassalage, e.g. "SBO"), and its game nodeId. */
  vendorCode: z.string(),
  nodeId: z.number().int().nullable(),
});
export type HotMatch = z.infer<typeof HotMatch>;

/** GET /wps/relay/sportsMatch/hotList (SPEC section 7: merchantCode, isPlatform 2, platform, language). */
export const HotMatchQuery = z.object({
  merchantCode: z.string().max(32).optional(),
  isPlatform: z.coerce.number().int().optional(),
  platform: z.string().max(64).optional(),
  language: z.string().max(8).optional(),
});
export type HotMatchQuery = z.infer<typeof HotMatchQuery>;

/** GET /wps/relay/publicState: everything the home page needs in one call (SPEC section 3). */
export const PublicStateQuery = z.object({ language: z.string().max(8).optional() });
export type PublicStateQuery = z.infer<typeof PublicStateQuery>;

export const PublicState = z.object({
  /** Main wallet balance, decimal string; null for a visitor. */
  balance: Amount.nullable(),
  currencySymbol: z.string(),
  hasVip: z.boolean(),
  vipLabelName: z.string().nullable(),
  vipRankLevel: z.number().int().nullable(),
  availablePromoCount: z.number().int(),
  /** Unread inbox messages; 0 for visitors and trial accounts. */
  unreadMessage: z.number().int(),
  /** SPEC: REFERRAL.enabled. */
  availablePromo: z.object({ REFERRAL: z.object({ enabled: z.boolean() }) }),
  banners: z.array(Banner),
  notice: z.array(z.object({ platform: ContentPlatform, id: z.number().int(), title: z.string() })),
  popup: z.array(Popup),
  sportsMatchHotList: z.array(HotMatch),
  winnerBoard: z.array(WinnerEntry),
});
export type PublicState = z.infer<typeof PublicState>;

/** Inbox (messageV2). */
export const MessageListQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(MESSAGE_PAGE_SIZE),
  /** Only unread ones when 'true'. */
  unread: z.enum(['true', 'false']).optional(),
});
export type MessageListQuery = z.infer<typeof MessageListQuery>;

export const MessageSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  read: z.boolean(),
  /** ISO instant the message was sent (schedule start). */
  sendTime: z.string(),
});
export type MessageSummary = z.infer<typeof MessageSummary>;

export const MessageDetail = MessageSummary.extend({
  /** Sanitised HTML. */
  content: z.string(),
});
export type MessageDetail = z.infer<typeof MessageDetail>;

export const MessagePage = z.object({
  content: z.array(MessageSummary),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  totalElements: z.number().int(),
  unreadMessage: z.number().int(),
});
export type MessagePage = z.infer<typeof MessagePage>;

export const MessageIdParams = z.object({ id: RowIdParam });
export const ContentIdParams = MessageIdParams;

export const UnreadCount = z.object({ unreadMessage: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;
