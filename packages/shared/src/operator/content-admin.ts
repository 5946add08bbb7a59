import { z } from 'zod';
import {
  AnnouncementImage,
  AnnouncementType,
  BannerGroup,
  ContentPlatform,
  Execution,
  LinkageType,
} from '../content/content.js';
import { Language } from '../language.js';
import { AdminPageFields, adminPage } from './admin-common.js';

/**
 * Back-office content (issue 7, permission content.write): banners, announcements, notices,
 * popups, help centre sections and platform messages. Every write is audited with before/after.
 *
 * - GET/POST        /admin/api/content/banners             AdminBannerQuery / AdminBannerInput
 * - PUT/DELETE      /admin/api/content/banners/:id
 * - GET/POST        /admin/api/content/announcements       AdminAnnouncementQuery / AdminAnnouncementInput
 * - PUT/DELETE      /admin/api/content/announcements/:id   (kind ANNOUNCEMENT, NOTICE or POPUP)
 * - GET/POST        /admin/api/content/help-sections       AdminHelpQuery / AdminHelpInput
 * - PUT/DELETE      /admin/api/content/help-sections/:id
 * - GET/POST        /admin/api/content/messages            AdminMessageQuery / AdminMessageInput
 * - POST            /admin/api/content/messages/:id/withdraw
 * - POST            /admin/api/content/preview             AdminPreviewRequest -> AdminPreview
 * - GET/POST        /admin/api/content/hot-matches         AdminHotMatchQuery / AdminHotMatchInput
 * - PUT/DELETE      /admin/api/content/hot-matches/:id     (the home page's sportsMatchHotList)
 */

/** Kinds of announcement rows: the modal list, the notice marquee, the popup modal. */
export const CONTENT_KINDS = ['ANNOUNCEMENT', 'NOTICE', 'POPUP'] as const;
export const ContentKind = z.enum(CONTENT_KINDS);
export type ContentKind = z.infer<typeof ContentKind>;

const html = z.string().max(50_000);
/** An optional instant: ISO text, or null/'' for none. */
const instant = z
  .union([z.iso.datetime({ offset: true }), z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

function checkSchedule(
  value: { startsAt?: string | null; endsAt?: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.startsAt && value.endsAt && Date.parse(value.endsAt) <= Date.parse(value.startsAt)) {
    ctx.addIssue({ code: 'custom', message: 'schedule_end_before_start', path: ['endsAt'] });
  }
}

/** A relative route ("/promotions"), or an http(s) URL for linkage `url`. */
const linkageText = z.string().trim().max(500);

export const AdminBannerInput = z
  .object({
    groupName: BannerGroup,
    language: Language,
    title: z.string().trim().max(100).default(''),
    imageUrl: z.string().trim().max(500).default(''),
    linkageType: LinkageType,
    linkage: linkageText.default(''),
    sequence: z.coerce.number().int().min(0).max(999).default(0),
    enabled: z.boolean().default(true),
    startsAt: instant,
    endsAt: instant,
  })
  .superRefine(checkSchedule)
  .superRefine((value, ctx) => {
    const bad = (message: string) => ctx.addIssue({ code: 'custom', message, path: ['linkage'] });
    if (value.linkageType === 'route' && !/^\/[A-Za-z0-9/_#?=&.-]*$/.test(value.linkage)) {
      bad('linkage_route');
    }
    if (value.linkageType === 'url' && !/^https?:\/\/[^\s"'<>]+$/i.test(value.linkage)) {
      bad('linkage_url');
    }
    if (value.linkageType === 'game' && !/^\d+$/.test(value.linkage)) bad('linkage_game');
    if (value.linkageType === 'promotion' && !/^[A-Za-z0-9_-]+$/.test(value.linkage)) {
      bad('linkage_promotion');
    }
    if (value.groupName !== 'w_video' && value.imageUrl === '') {
      ctx.addIssue({ code: 'custom', message: 'image_required', path: ['imageUrl'] });
    }
    if (value.imageUrl !== '' && !/^(https?:\/\/|\/)[^\s"'<>]*$/i.test(value.imageUrl)) {
      ctx.addIssue({ code: 'custom', message: 'image_url', path: ['imageUrl'] });
    }
  });
export type AdminBannerInput = z.input<typeof AdminBannerInput>;

export const AdminBanner = z.object({
  id: z.number().int(),
  groupName: BannerGroup,
  language: Language,
  title: z.string(),
  imageUrl: z.string(),
  linkageType: LinkageType,
  linkage: z.string(),
  sequence: z.number().int(),
  enabled: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminBanner = z.infer<typeof AdminBanner>;

export const AdminBannerQuery = z.object({
  ...AdminPageFields,
  groupName: BannerGroup.optional(),
  language: Language.optional(),
});
export type AdminBannerQuery = z.infer<typeof AdminBannerQuery>;
export const AdminBannerPage = adminPage(AdminBanner);
export type AdminBannerPage = z.infer<typeof AdminBannerPage>;

export const AnnouncementAudience = z.enum(['all', 'agents']);
export type AnnouncementAudience = z.infer<typeof AnnouncementAudience>;

export const AdminAnnouncementInput = z
  .object({
    kind: ContentKind,
    type: AnnouncementType.default('PL'),
    platform: ContentPlatform.default('W'),
    execution: Execution.default('B'),
    /** all: everyone the execution allows; agents: signed-in agents only (issue 18). */
    audience: AnnouncementAudience.default('all'),
    language: Language,
    title: z.string().trim().min(1).max(200),
    /** HTML; sanitised on save. */
    content: html.default(''),
    images: z
      .array(
        AnnouncementImage.extend({
          url: z
            .string()
            .trim()
            .max(500)
            .regex(/^(https?:\/\/|\/)[^\s"'<>]*$/i, 'image_url'),
        }),
      )
      .max(10)
      .default([]),
    enabled: z.boolean().default(true),
    startsAt: instant,
    endsAt: instant,
  })
  .superRefine(checkSchedule);
export type AdminAnnouncementInput = z.input<typeof AdminAnnouncementInput>;

export const AdminAnnouncement = z.object({
  id: z.number().int(),
  kind: ContentKind,
  type: AnnouncementType,
  platform: ContentPlatform,
  execution: Execution,
  audience: AnnouncementAudience,
  language: Language,
  title: z.string(),
  content: z.string(),
  images: z.array(AnnouncementImage),
  enabled: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  publishedAt: z.string(),
  updatedAt: z.string(),
});
export type AdminAnnouncement = z.infer<typeof AdminAnnouncement>;

export const AdminAnnouncementQuery = z.object({
  ...AdminPageFields,
  kind: ContentKind.optional(),
  language: Language.optional(),
});
export type AdminAnnouncementQuery = z.infer<typeof AdminAnnouncementQuery>;
export const AdminAnnouncementPage = adminPage(AdminAnnouncement);
export type AdminAnnouncementPage = z.infer<typeof AdminAnnouncementPage>;

export const AdminHelpInput = z.object({
  key: z
    .string()
    .trim()
    .min(1)
    .max(32)
    .regex(/^[a-z0-9_-]+$/, 'help_key'),
  language: Language,
  title: z.string().trim().min(1).max(200),
  content: html,
  sequence: z.coerce.number().int().min(0).max(999).default(0),
});
export type AdminHelpInput = z.input<typeof AdminHelpInput>;

export const AdminHelpSection = z.object({
  id: z.number().int(),
  key: z.string(),
  language: Language,
  device: z.string(),
  title: z.string(),
  content: z.string(),
  sequence: z.number().int(),
});
export type AdminHelpSection = z.infer<typeof AdminHelpSection>;
export const AdminHelpQuery = z.object({ ...AdminPageFields, language: Language.optional() });
export type AdminHelpQuery = z.infer<typeof AdminHelpQuery>;
export const AdminHelpPage = adminPage(AdminHelpSection);
export type AdminHelpPage = z.infer<typeof AdminHelpPage>;

/** Who a platform message goes to. */
export const MESSAGE_TARGETS = ['member', 'segment', 'all'] as const;
export const MessageTarget = z.enum(MESSAGE_TARGETS);
export type MessageTarget = z.infer<typeof MessageTarget>;
/** Segments: plain members (type 0) or agents (types 1, 2, 41, 42). */
export const MESSAGE_SEGMENTS = ['MEMBERS', 'AGENTS'] as const;
export const MessageSegment = z.enum(MESSAGE_SEGMENTS);
export type MessageSegment = z.infer<typeof MessageSegment>;

export const AdminMessageInput = z
  .object({
    target: MessageTarget,
    /** The member's username, for target member. */
    username: z.string().trim().max(32).optional(),
    segment: MessageSegment.optional(),
    titleEn: z.string().trim().min(1).max(200),
    titleTl: z.string().trim().min(1).max(200),
    contentEn: html.min(1),
    contentTl: html.min(1),
    /** Sent at once when absent. */
    sendAt: instant,
    expiresAt: instant,
  })
  .superRefine((value, ctx) => {
    if (value.target === 'member' && !value.username) {
      ctx.addIssue({ code: 'custom', message: 'username_required', path: ['username'] });
    }
    if (value.target === 'segment' && !value.segment) {
      ctx.addIssue({ code: 'custom', message: 'segment_required', path: ['segment'] });
    }
    checkSchedule({ startsAt: value.sendAt, endsAt: value.expiresAt }, ctx);
  });
export type AdminMessageInput = z.input<typeof AdminMessageInput>;

export const AdminMessage = z.object({
  id: z.number().int(),
  target: MessageTarget,
  segment: MessageSegment.nullable(),
  /** For target member. */
  username: z.string().nullable(),
  titleEn: z.string(),
  titleTl: z.string(),
  contentEn: z.string(),
  contentTl: z.string(),
  sendAt: z.string(),
  expiresAt: z.string().nullable(),
  withdrawn: z.boolean(),
  readCount: z.number().int(),
});
export type AdminMessage = z.infer<typeof AdminMessage>;
export const AdminMessageQuery = z.object({ ...AdminPageFields });
export type AdminMessageQuery = z.infer<typeof AdminMessageQuery>;
export const AdminMessagePage = adminPage(AdminMessage);
export type AdminMessagePage = z.infer<typeof AdminMessagePage>;

export const AdminPreviewRequest = z.object({ html: html });
export const AdminPreview = z.object({ html: z.string() });
export type AdminPreview = z.infer<typeof AdminPreview>;

export const AdminDeleted = z.object({ id: z.number().int(), deleted: z.literal(true) });

const imageUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^((https?:\/\/|\/)[^\s"'<>]*)?$/i, 'image_url')
  .default('');
const teamName = z.string().trim().min(1, 'team_required').max(100);
const matchTitle = z.string().trim().min(1, 'title_required').max(200);

/**
 * A hot match on the home page (public state `sportsMatchHotList`): title per language, the two
 * teams and their images, kick-off, order, shown or not, and the sports vendor (code) whose game
 * the bet button opens. It stays listed until two hours after kick-off.
 */
export const AdminHotMatchInput = z
  .object({
    vendorCode: z.string().trim().min(1, 'unknown_vendor').max(32),
    title: z.object({ EN: matchTitle, TL: matchTitle }),
    homeTeam: teamName,
    awayTeam: teamName,
    homeTeamImageUrl: imageUrl,
    awayTeamImageUrl: imageUrl,
    matchTime: z.iso.datetime({ offset: true, message: 'invalid_date' }),
    sequence: z.coerce.number().int().min(0).max(999).default(0),
    enabled: z.boolean().default(true),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.homeTeam.toLowerCase() === value.awayTeam.toLowerCase()) {
      ctx.addIssue({ code: 'custom', message: 'same_teams', path: ['awayTeam'] });
    }
  });
export type AdminHotMatchInput = z.input<typeof AdminHotMatchInput>;

export const AdminHotMatch = z.object({
  id: z.number().int(),
  vendorCode: z.string(),
  title: z.object({ EN: z.string(), TL: z.string() }),
  homeTeam: z.string(),
  awayTeam: z.string(),
  homeTeamImageUrl: z.string(),
  awayTeamImageUrl: z.string(),
  matchTime: z.string(),
  sequence: z.number().int(),
  enabled: z.boolean(),
});
export type AdminHotMatch = z.infer<typeof AdminHotMatch>;

export const AdminHotMatchQuery = z.object({ ...AdminPageFields });
export type AdminHotMatchQuery = z.infer<typeof AdminHotMatchQuery>;
export const AdminHotMatchPage = adminPage(AdminHotMatch);
export type AdminHotMatchPage = z.infer<typeof AdminHotMatchPage>;
