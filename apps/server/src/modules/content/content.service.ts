import {
  ANNOUNCEMENT_TYPES,
  AnnouncementType,
  BannerGroup,
  ContentPlatform,
  Execution,
  formatAmount,
  LinkageType,
  parseLanguage,
  type AnnouncementDetail,
  type AnnouncementPage,
  type AnnouncementQuery,
  type Banner,
  type HotMatch,
  type Language,
  type MessageDetail,
  type MessageListQuery,
  type MessagePage,
  type NoticePage,
  type NoticeQuery,
  type Popup,
  type PopupQuery,
  type PublicState,
  type UnreadCount,
  type WinnerEntry,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import type { Auth } from '../auth/index.js';
import type { Merchant } from '../merchant/index.js';
import type { Realtime } from '../realtime/index.js';
import { getWhitelabel } from '../system/index.js';
import { listRecentWins } from '../vendor-wallet/index.js';
import { walletBalance } from '../wallet/index.js';
import type { ContentCache } from './content.cache.js';
import * as repo from './content.repository.js';

/**
 * Public content of the member site and the member inbox (issue 6; SPEC sections 2, 3, 4, 7).
 * HTML is sanitised when an operator saves it and again here before it is served.
 */

export type ContentCaller = { merchant: Merchant; language: Language; auth: Auth };

const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

function languageOf(c: ContentCaller, query: { language?: string | undefined }): Language {
  return query.language ? parseLanguage(query.language, c.language) : c.language;
}

const LEGACY_LINKAGE: Record<string, LinkageType> = { category: 'route', youtube: 'url' };

function toBanner(row: repo.BannerRow): Banner | null {
  const group = BannerGroup.safeParse(row.groupName);
  if (!group.success) return null;
  const linkage = LinkageType.safeParse(LEGACY_LINKAGE[row.linkageType] ?? row.linkageType);
  return {
    id: row.id,
    groupName: group.data,
    url: row.imageUrl,
    linkageType: linkage.success ? linkage.data : 'none',
    linkage: linkage.success ? row.linkage : '',
    sequence: row.sequence,
    language: parseLanguage(row.language, 'EN'),
  };
}

function publishTime(row: repo.AnnouncementRow): string {
  return (row.startsAt ?? row.publishedAt).toISOString();
}

function toAnnouncement(row: repo.AnnouncementRow): AnnouncementDetail {
  return {
    id: row.id,
    type: AnnouncementType.catch('PL').parse(row.type),
    platform: ContentPlatform.catch('W').parse(row.platform),
    execution: Execution.catch('B').parse(row.execution),
    title: row.title,
    publishTime: publishTime(row),
    content: sanitizeHtml(row.content),
    images: [...row.images].sort((a, b) => a.sequence - b.sequence),
  };
}

function toPopup(row: repo.AnnouncementRow): Popup {
  const a = toAnnouncement(row);
  return {
    id: a.id,
    execution: a.execution,
    title: a.title,
    content: a.content,
    images: a.images,
    publishTime: a.publishTime,
  };
}

/** Executions a caller may see: a visitor B only (SPEC section 7), a signed-in caller A and B. */
function announcementExecutions(c: ContentCaller, asked: Execution | undefined): string[] {
  if (c.auth.role === 'visitor') return ['B'];
  return asked ? [asked] : ['A', 'B'];
}

/**
 * Who an announcement, notice or popup is for (issue 18): every caller sees those for all; a
 * signed-in agent also those an operator targeted at agents.
 */
function audiencesOf(c: ContentCaller): string[] {
  return c.auth.role === 'agent' ? ['all', 'agents'] : ['all'];
}

/** Popups: visitor B; signed in A, plus F on the first login (SPEC section 4). */
function popupExecutions(c: ContentCaller, firstLogin: boolean, asked?: Execution): string[] {
  if (c.auth.role === 'visitor') return ['B'];
  const allowed = firstLogin ? ['A', 'F'] : ['A'];
  return asked ? allowed.filter((e) => e === asked) : allowed;
}

export async function banners(
  db: Db,
  c: ContentCaller,
  query: { groupName?: string | undefined; language?: string | undefined },
  now = new Date(),
): Promise<Banner[]> {
  const rows = await repo.liveBanners(
    db,
    c.merchant.id,
    languageOf(c, query),
    query.groupName,
    now,
  );
  return rows.map(toBanner).filter((b): b is Banner => b !== null);
}

export async function announcementList(
  db: Db,
  c: ContentCaller,
  query: AnnouncementQuery,
  now = new Date(),
): Promise<AnnouncementPage> {
  const asked = (query.type ?? '')
    .split(',')
    .map((t) => t.trim().toUpperCase())
    .filter(Boolean);
  for (const type of asked) {
    if (!(ANNOUNCEMENT_TYPES as readonly string[]).includes(type)) {
      throw new AppError('VALIDATION_ERROR', { field: 'type' });
    }
  }
  const { rows, total } = await repo.liveAnnouncements(
    db,
    c.merchant.id,
    {
      kind: 'ANNOUNCEMENT',
      language: languageOf(c, query),
      types: asked.length > 0 ? asked : undefined,
      platforms: [query.platform],
      executions: announcementExecutions(c, query.execution),
      audiences: audiencesOf(c),
      now,
    },
    { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize },
  );
  return {
    content: rows.map(toAnnouncement),
    pageNum: query.pageNo,
    pageSize: query.pageSize,
    totalPages: pageCount(total, query.pageSize),
    totalElements: total,
  };
}

export async function announcementDetail(
  db: Db,
  c: ContentCaller,
  id: number,
  now = new Date(),
): Promise<AnnouncementDetail> {
  const row = await repo.liveAnnouncement(db, c.merchant.id, id, {
    platforms: ['W', 'A'],
    executions: c.auth.role === 'visitor' ? ['B'] : undefined,
    audiences: audiencesOf(c),
    now,
  });
  if (!row) throw new AppError('NOT_FOUND');
  return toAnnouncement(row);
}

export async function noticeList(
  db: Db,
  c: ContentCaller,
  query: NoticeQuery,
  now = new Date(),
): Promise<NoticePage> {
  const { rows, total } = await repo.liveAnnouncements(
    db,
    c.merchant.id,
    {
      kind: 'NOTICE',
      language: languageOf(c, query),
      platforms: [query.platform],
      audiences: audiencesOf(c),
      now,
    },
    { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize },
  );
  return {
    content: rows.map((row) => {
      const a = toAnnouncement(row);
      return {
        id: a.id,
        platform: a.platform,
        title: a.title,
        content: a.content,
        publishTime: a.publishTime,
      };
    }),
    pageNum: query.pageNo,
    pageSize: query.pageSize,
    totalPages: pageCount(total, query.pageSize),
    totalElements: total,
  };
}

export async function popupList(
  db: Db,
  c: ContentCaller,
  query: PopupQuery,
  now = new Date(),
): Promise<Popup[]> {
  const executions = popupExecutions(c, query.firstLogin === 'true', query.execution);
  if (executions.length === 0) return [];
  const { rows } = await repo.liveAnnouncements(
    db,
    c.merchant.id,
    {
      kind: 'POPUP',
      language: languageOf(c, query),
      platforms: [query.platform],
      executions,
      audiences: audiencesOf(c),
      now,
    },
    { limit: 20, offset: 0 },
  );
  return rows.map(toPopup);
}

export async function winnerBoard(
  db: Db,
  c: ContentCaller,
  query: { gameCategory: string; limitNum: number; language?: string | undefined },
): Promise<WinnerEntry[]> {
  const language = languageOf(c, query);
  const category = query.gameCategory.toUpperCase();
  // Read a little more when filtering by category, so a busy other category leaves some.
  const wins = await listRecentWins(db, c.merchant.id, category === 'ALL' ? query.limitNum : 200);
  return wins
    .filter((w) => category === 'ALL' || w.gameType.toUpperCase() === category)
    .filter((w) => w.nodeId !== null)
    .slice(0, query.limitNum)
    .map((w) => ({
      gameName: w.gameName[language],
      gameType: w.gameType,
      iconUrl: w.iconUrl ?? '',
      customerName: w.customerName,
      winAmount: formatAmount(w.winAmount),
      gameTime: w.gameTime.toISOString(),
      nodeId: w.nodeId ?? 0,
    }));
}

export async function hotMatchList(
  db: Db,
  c: ContentCaller,
  query: { language?: string | undefined; merchantCode?: string | undefined },
  now = new Date(),
): Promise<HotMatch[]> {
  if (query.merchantCode && query.merchantCode !== c.merchant.code) {
    throw new AppError('FORBIDDEN', { merchantCode: query.merchantCode });
  }
  const language = languageOf(c, query);
  const rows = await repo.hotMatches(db, c.merchant.id, now);
  return rows.map((row) => ({
    id: row.id,
    title: row.title[language],
    homeTeam: row.homeTeam,
    awayTeam: row.awayTeam,
    homeTeamImageUrl: row.homeTeamImageUrl,
    awayTeamImageUrl: row.awayTeamImageUrl,
    matchTime: row.matchTime.toISOString(),
    vendorCode: row.vendorCode,
    nodeId: row.nodeId,
  }));
}

type SharedState = Pick<
  PublicState,
  'banners' | 'notice' | 'popup' | 'sportsMatchHotList' | 'winnerBoard'
>;

async function sharedState(
  db: Db,
  cache: ContentCache,
  c: ContentCaller,
  language: Language,
): Promise<SharedState> {
  // Agents see the notices and popups targeted at agents too: their own copy.
  const variant = c.auth.role === 'visitor' ? 'B' : c.auth.role === 'agent' ? 'G' : 'A';
  const field = `${language}:${variant}`;
  const cached = await cache.get(c.merchant.id, field);
  if (cached) return JSON.parse(cached) as SharedState;
  const caller = { ...c, language };
  const [bannerList, notices, popups, matches, winners] = await Promise.all([
    banners(db, caller, {}),
    noticeList(db, caller, { platform: 'W', pageNo: 1, pageSize: 20 }),
    popupList(db, caller, { platform: 'W' }),
    hotMatchList(db, caller, {}),
    winnerBoard(db, caller, { gameCategory: 'ALL', limitNum: 20 }),
  ]);
  const state: SharedState = {
    banners: bannerList,
    notice: notices.content.map((n) => ({ platform: n.platform, id: n.id, title: n.title })),
    popup: popups,
    sportsMatchHotList: matches,
    winnerBoard: winners,
  };
  await cache.set(c.merchant.id, field, JSON.stringify(state));
  return state;
}

/**
 * Everything the home page needs at once (SPEC section 3, public state). The content part is
 * cached per merchant, language and signed-in or not; the caller's own part (balance, unread)
 * is read each time. VIP and the promotion count come from features not built yet and answer
 * "none" until they exist. REFERRAL.enabled says whether the caller has the referral page: an
 * agent always, a member while the merchant's REFERRAL switch is on.
 */
export async function publicState(
  db: Db,
  cache: ContentCache,
  c: ContentCaller,
  query: { language?: string | undefined },
): Promise<PublicState> {
  const language = languageOf(c, query);
  const shared = await sharedState(db, cache, c, language);
  let balance: string | null = null;
  let unread = 0;
  if (c.auth.role !== 'visitor') {
    balance = (await walletBalance(db, { merchant: c.merchant, memberId: c.auth.member.id }))
      .balance;
    if (c.auth.role !== 'trial') unread = await repo.unreadCount(db, inboxCaller(c));
  }
  return {
    balance,
    currencySymbol: c.merchant.currencySymbol,
    hasVip: false,
    vipLabelName: null,
    vipRankLevel: null,
    availablePromoCount: 0,
    unreadMessage: unread,
    availablePromo: { REFERRAL: { enabled: await referralEnabled(db, c) } },
    ...shared,
  };
}

async function referralEnabled(db: Db, c: ContentCaller): Promise<boolean> {
  if (c.auth.role === 'agent') return true;
  return c.auth.role === 'member' && (await getWhitelabel(db, c.merchant.id)).REFERRAL;
}

// ---- inbox (messageV2) ----

function inboxCaller(c: ContentCaller, now = new Date()): repo.InboxCaller {
  if (c.auth.role === 'visitor') throw new AppError('NOT_LOGGED_IN');
  return {
    merchantId: c.merchant.id,
    memberId: c.auth.member.id,
    memberType: c.auth.member.type,
    now,
  };
}

function messageLanguage(c: ContentCaller) {
  return c.language;
}

export async function inboxList(
  db: Db,
  c: ContentCaller,
  query: MessageListQuery,
): Promise<MessagePage> {
  const ic = inboxCaller(c);
  const language = messageLanguage(c);
  const [{ rows, total }, unread] = await Promise.all([
    repo.inboxPage(db, ic, query.unread === 'true', {
      limit: query.pageSize,
      offset: (query.pageNo - 1) * query.pageSize,
    }),
    repo.unreadCount(db, ic),
  ]);
  return {
    content: rows.map((row) => ({
      id: row.id,
      title: row.title[language],
      read: row.read,
      sendTime: row.sendAt.toISOString(),
    })),
    pageNum: query.pageNo,
    pageSize: query.pageSize,
    totalPages: pageCount(total, query.pageSize),
    totalElements: total,
    unreadMessage: unread,
  };
}

export async function inboxUnread(db: Db, c: ContentCaller): Promise<UnreadCount> {
  return { unreadMessage: await repo.unreadCount(db, inboxCaller(c)) };
}

async function pushUnread(db: Db, realtime: Realtime, ic: repo.InboxCaller): Promise<number> {
  const unread = await repo.unreadCount(db, ic);
  await realtime.publishToMember(ic.merchantId, ic.memberId, {
    type: 'unread',
    unreadMessage: unread,
  });
  return unread;
}

/** Opening a message marks it read (and pushes the new count when it was unread). */
export async function inboxDetail(
  db: Db,
  realtime: Realtime,
  c: ContentCaller,
  id: number,
): Promise<MessageDetail> {
  const ic = inboxCaller(c);
  const row = await repo.inboxMessage(db, ic, id);
  if (!row) throw new AppError('NOT_FOUND');
  if (!row.read && (await repo.markRead(db, ic.memberId, [row.id])) > 0) {
    await pushUnread(db, realtime, ic);
  }
  const language = messageLanguage(c);
  return {
    id: row.id,
    title: row.title[language],
    read: true,
    sendTime: row.sendAt.toISOString(),
    content: sanitizeHtml(row.content[language]),
  };
}

export async function inboxMarkRead(
  db: Db,
  realtime: Realtime,
  c: ContentCaller,
  id: number | 'all',
): Promise<UnreadCount> {
  const ic = inboxCaller(c);
  let ids: number[];
  if (id === 'all') {
    ids = await repo.unreadIds(db, ic);
  } else {
    const row = await repo.inboxMessage(db, ic, id);
    if (!row) throw new AppError('NOT_FOUND');
    ids = [row.id];
  }
  const changed = await repo.markRead(db, ic.memberId, ids);
  if (changed > 0) return { unreadMessage: await pushUnread(db, realtime, ic) };
  return { unreadMessage: await repo.unreadCount(db, ic) };
}
