import {
  type AdminAnnouncementInput,
  type AdminBannerInput,
  type AdminHelpInput,
  type AdminMessageInput,
  AnnouncementType,
  BannerGroup,
  ContentKind,
  ContentPlatform,
  AnnouncementAudience,
  Execution,
  Language,
  LinkageType,
  MessageSegment,
  MessageTarget,
  type AdminAnnouncement,
  type AdminAnnouncementPage,
  type AdminAnnouncementQuery,
  type AdminBanner,
  type AdminBannerPage,
  type AdminBannerQuery,
  type AdminHelpPage,
  type AdminHelpQuery,
  type AdminHelpSection,
  type AdminMessage,
  type AdminMessagePage,
  type AdminMessageQuery,
} from '@app/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { pageOf } from '../../db/paging.js';
import { AppError } from '../../lib/app-error.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import { inTransaction } from '../../lib/transaction.js';
import { auditAction, isoOrNull, pageWindow, type OperatorActor } from '../operator/index.js';
import type { Realtime } from '../realtime/index.js';
import type { ContentCache } from './content.cache.js';
import * as repo from './content.repository.js';

/**
 * Back-office content (issue 7, permission content.write). Every change is audited with before
 * and after in its own transaction, then the merchant's cached public state is dropped.
 */

export type ContentAdminDeps = { db: Db; cache: ContentCache; realtime: Realtime };

const dateOrNull = (text: string | null | undefined) => (text ? new Date(text) : null);

function toAdminBanner(row: repo.BannerRow): AdminBanner {
  return {
    id: row.id,
    groupName: BannerGroup.catch('w_home').parse(row.groupName),
    language: Language.catch('EN').parse(row.language),
    title: row.title,
    imageUrl: row.imageUrl,
    linkageType: LinkageType.catch('none').parse(
      ({ category: 'route', youtube: 'url' } as Record<string, string>)[row.linkageType] ??
        row.linkageType,
    ),
    linkage: row.linkage,
    sequence: row.sequence,
    enabled: row.enabled,
    startsAt: isoOrNull(row.startsAt),
    endsAt: isoOrNull(row.endsAt),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAdminAnnouncement(row: repo.AnnouncementRow): AdminAnnouncement {
  return {
    id: row.id,
    kind: ContentKind.catch('ANNOUNCEMENT').parse(row.kind),
    type: AnnouncementType.catch('PL').parse(row.type),
    platform: ContentPlatform.catch('W').parse(row.platform),
    execution: Execution.catch('B').parse(row.execution),
    audience: AnnouncementAudience.catch('all').parse(row.audience),
    language: Language.catch('EN').parse(row.language),
    title: row.title,
    content: row.content,
    images: [...row.images].sort((a, b) => a.sequence - b.sequence),
    enabled: row.enabled,
    startsAt: isoOrNull(row.startsAt),
    endsAt: isoOrNull(row.endsAt),
    publishedAt: row.publishedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAdminHelp(row: repo.HelpRow): AdminHelpSection {
  return {
    id: row.id,
    key: row.key,
    language: Language.catch('EN').parse(row.language),
    device: row.device,
    title: row.title,
    content: row.content,
    sequence: row.sequence,
  };
}

// ---- banners ----

export async function adminBanners(
  db: Db,
  merchantId: number,
  query: AdminBannerQuery,
): Promise<AdminBannerPage> {
  const { rows, total } = await repo.bannerPage(db, merchantId, query, pageWindow(query));
  return { items: rows.map(toAdminBanner), page: query.page, size: query.size, total };
}

function bannerValues(input: z.output<typeof AdminBannerInput>) {
  return {
    groupName: input.groupName,
    language: input.language,
    title: input.title,
    imageUrl: input.imageUrl,
    linkageType: input.linkageType,
    linkage: input.linkageType === 'none' ? '' : input.linkage,
    sequence: input.sequence,
    enabled: input.enabled,
    startsAt: dateOrNull(input.startsAt),
    endsAt: dateOrNull(input.endsAt),
    updatedAt: new Date(),
  };
}

export async function saveBanner(
  deps: ContentAdminDeps,
  actor: OperatorActor,
  id: number | null,
  input: z.output<typeof AdminBannerInput>,
): Promise<AdminBanner> {
  const saved = await inTransaction(deps.db, async (tx) => {
    const before = id === null ? null : await repo.lockBanner(tx, actor.merchantId, id);
    if (id !== null && !before) throw new AppError('NOT_FOUND');
    const values = bannerValues(input);
    const row = await repo.saveContent(tx, 'banner', actor.merchantId, id, values);
    if (!row) throw new AppError('NOT_FOUND');
    await auditAction(tx, actor, {
      action: id === null ? 'content.banner.create' : 'content.banner.update',
      subjectType: 'banner',
      subjectId: row.id,
      before: before ? toAdminBanner(before) : null,
      after: toAdminBanner(row),
    });
    return row;
  });
  await deps.cache.invalidate(actor.merchantId);
  return toAdminBanner(saved);
}

export async function deleteBanner(deps: ContentAdminDeps, actor: OperatorActor, id: number) {
  await inTransaction(deps.db, async (tx) => {
    const before = await repo.lockBanner(tx, actor.merchantId, id);
    if (!before) throw new AppError('NOT_FOUND');
    await repo.deleteContent(tx, 'banner', id);
    await auditAction(tx, actor, {
      action: 'content.banner.delete',
      subjectType: 'banner',
      subjectId: id,
      before: toAdminBanner(before),
      after: null,
    });
  });
  await deps.cache.invalidate(actor.merchantId);
  return { id, deleted: true as const };
}

// ---- announcements, notices, popups ----

export async function adminAnnouncements(
  db: Db,
  merchantId: number,
  query: AdminAnnouncementQuery,
): Promise<AdminAnnouncementPage> {
  const { rows, total } = await repo.announcementPage(db, merchantId, query, pageWindow(query));
  return { items: rows.map(toAdminAnnouncement), page: query.page, size: query.size, total };
}

function announcementValues(input: z.output<typeof AdminAnnouncementInput>) {
  return {
    kind: input.kind,
    type: input.type,
    // Notices exist for platforms W and A; popups and the modal list likewise.
    platform: input.platform,
    execution: input.execution,
    audience: input.audience,
    language: input.language,
    title: input.title,
    content: sanitizeHtml(input.content),
    images: [...input.images].sort((a, b) => a.sequence - b.sequence),
    enabled: input.enabled,
    startsAt: dateOrNull(input.startsAt),
    endsAt: dateOrNull(input.endsAt),
    updatedAt: new Date(),
  };
}

export async function saveAnnouncement(
  deps: ContentAdminDeps,
  actor: OperatorActor,
  id: number | null,
  input: z.output<typeof AdminAnnouncementInput>,
): Promise<AdminAnnouncement> {
  const saved = await inTransaction(deps.db, async (tx) => {
    const before = id === null ? null : await repo.lockAnnouncement(tx, actor.merchantId, id);
    if (id !== null && !before) throw new AppError('NOT_FOUND');
    const values = announcementValues(input);
    const row = await repo.saveContent(tx, 'announcement', actor.merchantId, id, values);
    if (!row) throw new AppError('NOT_FOUND');
    await auditAction(tx, actor, {
      action: id === null ? 'content.announcement.create' : 'content.announcement.update',
      subjectType: 'announcement',
      subjectId: row.id,
      before: before ? toAdminAnnouncement(before) : null,
      after: toAdminAnnouncement(row),
    });
    return row;
  });
  await deps.cache.invalidate(actor.merchantId);
  return toAdminAnnouncement(saved);
}

export async function deleteAnnouncement(deps: ContentAdminDeps, actor: OperatorActor, id: number) {
  await inTransaction(deps.db, async (tx) => {
    const before = await repo.lockAnnouncement(tx, actor.merchantId, id);
    if (!before) throw new AppError('NOT_FOUND');
    await repo.deleteContent(tx, 'announcement', id);
    await auditAction(tx, actor, {
      action: 'content.announcement.delete',
      subjectType: 'announcement',
      subjectId: id,
      before: toAdminAnnouncement(before),
      after: null,
    });
  });
  await deps.cache.invalidate(actor.merchantId);
  return { id, deleted: true as const };
}

// ---- help centre ----

export async function adminHelp(
  db: Db,
  merchantId: number,
  query: AdminHelpQuery,
): Promise<AdminHelpPage> {
  const { rows, total } = await repo.helpPage(db, merchantId, query.language, pageWindow(query));
  return { items: rows.map(toAdminHelp), page: query.page, size: query.size, total };
}

export async function saveHelp(
  deps: ContentAdminDeps,
  actor: OperatorActor,
  id: number | null,
  input: z.output<typeof AdminHelpInput>,
): Promise<AdminHelpSection> {
  const saved = await inTransaction(deps.db, async (tx) => {
    const before = id === null ? null : await repo.lockHelp(tx, actor.merchantId, id);
    if (id !== null && !before) throw new AppError('NOT_FOUND');
    if (await repo.helpKeyTaken(tx, actor.merchantId, input.key, input.language, id)) {
      throw new AppError('VALIDATION_ERROR', { field: 'key', reason: 'duplicate' });
    }
    const values = {
      key: input.key,
      language: input.language,
      title: input.title,
      content: sanitizeHtml(input.content),
      sequence: input.sequence,
    };
    const row = await repo.saveContent(tx, 'help', actor.merchantId, id, values, {
      device: 'WEB',
    });
    if (!row) throw new AppError('NOT_FOUND');
    await auditAction(tx, actor, {
      action: id === null ? 'content.help.create' : 'content.help.update',
      subjectType: 'help_section',
      subjectId: row.id,
      before: before ? toAdminHelp(before) : null,
      after: toAdminHelp(row),
    });
    return row;
  });
  await deps.cache.invalidate(actor.merchantId);
  return toAdminHelp(saved);
}

export async function deleteHelp(deps: ContentAdminDeps, actor: OperatorActor, id: number) {
  await inTransaction(deps.db, async (tx) => {
    const before = await repo.lockHelp(tx, actor.merchantId, id);
    if (!before) throw new AppError('NOT_FOUND');
    await repo.deleteContent(tx, 'help', id);
    await auditAction(tx, actor, {
      action: 'content.help.delete',
      subjectType: 'help_section',
      subjectId: id,
      before: toAdminHelp(before),
      after: null,
    });
  });
  await deps.cache.invalidate(actor.merchantId);
  return { id, deleted: true as const };
}

// ---- platform messages ----

function toAdminMessage(
  row: repo.MessageRow,
  username: string | null,
  readCount: number,
): AdminMessage {
  return {
    id: row.id,
    target: MessageTarget.catch('all').parse(row.target),
    segment: row.segment ? MessageSegment.catch('MEMBERS').parse(row.segment) : null,
    username,
    titleEn: row.title.EN,
    titleTl: row.title.TL,
    contentEn: row.content.EN,
    contentTl: row.content.TL,
    sendAt: row.sendAt.toISOString(),
    expiresAt: isoOrNull(row.expiresAt),
    withdrawn: row.withdrawn,
    readCount: Number(readCount),
  };
}

export async function adminMessages(
  db: Db,
  merchantId: number,
  query: AdminMessageQuery,
): Promise<AdminMessagePage> {
  return pageOf(query, await repo.messagePage(db, merchantId, pageWindow(query)), (r) =>
    toAdminMessage(r.message, r.username, r.readCount),
  );
}

/**
 * Pushes each recipient's new unread count (only members with a live session can listen). A
 * message scheduled for later is pushed by the scheduled-messages job once its time comes.
 */
export async function pushUnreadTo(
  deps: Pick<ContentAdminDeps, 'db' | 'realtime'>,
  merchantId: number,
  row: repo.MessageRow,
  memberId: number | null,
): Promise<void> {
  if (row.sendAt.getTime() > Date.now()) return;
  const recipients = await repo.recipientsOf(
    deps.db,
    merchantId,
    row.target,
    row.segment,
    memberId,
  );
  const now = new Date();
  for (const member of recipients) {
    const unread = await repo.unreadCount(deps.db, {
      merchantId,
      memberId: member.id,
      memberType: member.type,
      now,
    });
    await deps.realtime.publishToMember(merchantId, member.id, {
      type: 'unread',
      unreadMessage: unread,
    });
  }
}

export async function sendMessage(
  deps: ContentAdminDeps,
  actor: OperatorActor,
  input: z.output<typeof AdminMessageInput>,
): Promise<AdminMessage> {
  let memberId: number | null = null;
  let username: string | null = null;
  const row = await inTransaction(deps.db, async (tx) => {
    if (input.target === 'member') {
      const member = await repo.findMemberByUsername(tx, actor.merchantId, input.username ?? '');
      if (!member) throw new AppError('USER_NOT_FOUND');
      memberId = member.id;
      username = member.username;
    }
    const inserted = await repo.insertMessage(tx, {
      merchantId: actor.merchantId,
      title: { EN: input.titleEn, TL: input.titleTl },
      content: { EN: sanitizeHtml(input.contentEn), TL: sanitizeHtml(input.contentTl) },
      target: input.target,
      segment: input.target === 'segment' ? (input.segment ?? null) : null,
      sendAt: dateOrNull(input.sendAt) ?? new Date(),
      expiresAt: dateOrNull(input.expiresAt),
      createdBy: actor.operatorId,
    });
    if (!inserted) throw new AppError('INTERNAL_ERROR');
    if (memberId !== null) {
      await repo.insertRecipient(tx, inserted.id, memberId);
    }
    await auditAction(tx, actor, {
      action: 'content.message.send',
      subjectType: 'platform_message',
      subjectId: inserted.id,
      before: null,
      after: toAdminMessage(inserted, username, 0),
    });
    return inserted;
  });
  await pushUnreadTo(deps, actor.merchantId, row, memberId);
  return toAdminMessage(row, username, 0);
}

export async function withdrawMessage(
  deps: ContentAdminDeps,
  actor: OperatorActor,
  id: number,
): Promise<AdminMessage> {
  let memberId: number | null = null;
  const row = await inTransaction(deps.db, async (tx) => {
    const before = await repo.lockMessage(tx, actor.merchantId, id);
    if (!before) throw new AppError('NOT_FOUND');
    const updated = await repo.markWithdrawn(tx, id);
    if (!updated) throw new AppError('NOT_FOUND');
    memberId = await repo.soleRecipient(tx, id);
    await auditAction(tx, actor, {
      action: 'content.message.withdraw',
      subjectType: 'platform_message',
      subjectId: id,
      before: { withdrawn: before.withdrawn },
      after: { withdrawn: true },
    });
    return updated;
  });
  await pushUnreadTo(deps, actor.merchantId, row, memberId);
  const page = await repo.messagePage(deps.db, actor.merchantId, { limit: 1, offset: 0 }, id);
  const found = page.rows[0];
  return toAdminMessage(row, found?.username ?? null, found?.readCount ?? 0);
}

export function previewHtml(html: string): { html: string } {
  return { html: sanitizeHtml(html) };
}
