import { AGENT_TYPES } from '@app/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { columnsEqual } from '../../db/columns-equal.js';
import {
  announcements,
  banners,
  games,
  helpSections,
  members,
  platformMessageReads,
  sessions,
  platformMessageRecipients,
  platformMessages,
  sportsHotMatches,
  vendors,
} from '../../db/schema/index.js';

export type BannerRow = typeof banners.$inferSelect;
export type AnnouncementRow = typeof announcements.$inferSelect;
export type HelpRow = typeof helpSections.$inferSelect;
export type MessageRow = typeof platformMessages.$inferSelect;

type Window = { limit: number; offset: number };

/** Scheduled and enabled at `now`: started (or no start) and not ended. */
function live(startsAt: AnyPgColumn, endsAt: AnyPgColumn, now: Date): SQL {
  return and(or(isNull(startsAt), lte(startsAt, now)), or(isNull(endsAt), gt(endsAt, now))) as SQL;
}

// ---- public reads ----

export async function liveBanners(
  db: Db,
  merchantId: number,
  language: string,
  groupName: string | undefined,
  now: Date,
): Promise<BannerRow[]> {
  return db
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.merchantId, merchantId),
        eq(banners.language, language),
        eq(banners.enabled, true),
        groupName ? eq(banners.groupName, groupName) : undefined,
        live(banners.startsAt, banners.endsAt, now),
      ),
    )
    .orderBy(asc(banners.groupName), asc(banners.sequence), asc(banners.id));
}

export type AnnouncementFilter = {
  kind: string;
  language: string;
  types?: string[];
  platforms: string[];
  executions?: string[];
  /** all for everyone; agents too for a signed-in agent (`audiencesOf`). */
  audiences: string[];
  now: Date;
};

function announcementWhere(merchantId: number, f: AnnouncementFilter): SQL {
  return and(
    eq(announcements.merchantId, merchantId),
    eq(announcements.kind, f.kind),
    eq(announcements.language, f.language),
    eq(announcements.enabled, true),
    inArray(announcements.platform, f.platforms),
    f.types ? inArray(announcements.type, f.types) : undefined,
    f.executions ? inArray(announcements.execution, f.executions) : undefined,
    inArray(announcements.audience, f.audiences),
    lte(announcements.publishedAt, f.now),
    live(announcements.startsAt, announcements.endsAt, f.now),
  ) as SQL;
}

export async function liveAnnouncements(
  db: Db,
  merchantId: number,
  filter: AnnouncementFilter,
  window: Window,
): Promise<{ rows: AnnouncementRow[]; total: number }> {
  const where = announcementWhere(merchantId, filter);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(announcements)
      .where(where)
      .orderBy(
        desc(sql`coalesce(${announcements.startsAt}, ${announcements.publishedAt})`),
        desc(announcements.id),
      )
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(announcements).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function liveAnnouncement(
  db: Db,
  merchantId: number,
  id: number,
  filter: Omit<AnnouncementFilter, 'language' | 'kind'>,
): Promise<AnnouncementRow | undefined> {
  const [row] = await db
    .select()
    .from(announcements)
    .where(
      and(
        eq(announcements.merchantId, merchantId),
        eq(announcements.id, id),
        eq(announcements.enabled, true),
        inArray(announcements.platform, filter.platforms),
        filter.executions ? inArray(announcements.execution, filter.executions) : undefined,
        inArray(announcements.audience, filter.audiences),
        lte(announcements.publishedAt, filter.now),
        live(announcements.startsAt, announcements.endsAt, filter.now),
      ),
    );
  return row;
}

export type HotMatchRow = typeof sportsHotMatches.$inferSelect & { nodeId: number | null };

export async function hotMatches(db: Db, merchantId: number, now: Date): Promise<HotMatchRow[]> {
  const rows = await db
    .select({
      match: sportsHotMatches,
      nodeId: sql<
        number | null
      >`(select g.id from ${games} g join ${vendors} v on v.id = g.vendor_id
        where g.merchant_id = "sports_hot_matches"."merchant_id"
          and v.code = "sports_hot_matches"."vendor_code"
          and g.enabled order by g.sequence, g.id limit 1)`,
    })
    .from(sportsHotMatches)
    .where(
      and(
        eq(sportsHotMatches.merchantId, merchantId),
        eq(sportsHotMatches.enabled, true),
        // A match stays on the list until two hours after kick-off.
        gt(sportsHotMatches.matchTime, new Date(now.getTime() - 2 * 3_600_000)),
      ),
    )
    .orderBy(asc(sportsHotMatches.sequence), asc(sportsHotMatches.matchTime))
    .limit(20);
  return rows.map((r) => ({ ...r.match, nodeId: r.nodeId === null ? null : Number(r.nodeId) }));
}

// ---- inbox ----

/** The outer message id, qualified (drizzle leaves single-table columns unqualified). */
const MESSAGE_ID = sql.raw('"platform_messages"."id"');

/** The messages a member may see at `now` (target, segment, schedule, not withdrawn). */
function visibleTo(merchantId: number, memberId: number, memberType: number, now: Date): SQL {
  const isAgent = (AGENT_TYPES as readonly number[]).includes(memberType);
  return and(
    eq(platformMessages.merchantId, merchantId),
    eq(platformMessages.withdrawn, false),
    lte(platformMessages.sendAt, now),
    or(isNull(platformMessages.expiresAt), gt(platformMessages.expiresAt, now)),
    or(
      eq(platformMessages.target, 'all'),
      columnsEqual(platformMessages, {
        target: 'segment',
        segment: isAgent ? 'AGENTS' : 'MEMBERS',
      }),
      and(
        eq(platformMessages.target, 'member'),
        sql`exists (select 1 from ${platformMessageRecipients} r
          where r.message_id = ${MESSAGE_ID} and r.member_id = ${memberId})`,
      ),
    ),
  ) as SQL;
}

const readFlag = (memberId: number) =>
  sql<boolean>`exists (select 1 from ${platformMessageReads} pr
    where pr.message_id = ${MESSAGE_ID} and pr.member_id = ${memberId})`;

export type InboxCaller = { merchantId: number; memberId: number; memberType: number; now: Date };

export async function inboxPage(
  db: Db,
  c: InboxCaller,
  unreadOnly: boolean,
  window: Window,
): Promise<{ rows: (MessageRow & { read: boolean })[]; total: number }> {
  const where = and(
    visibleTo(c.merchantId, c.memberId, c.memberType, c.now),
    unreadOnly ? sql`not ${readFlag(c.memberId)}` : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ message: platformMessages, read: readFlag(c.memberId) })
      .from(platformMessages)
      .where(where)
      .orderBy(desc(platformMessages.sendAt), desc(platformMessages.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(platformMessages).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.message, read: Boolean(r.read) })),
    total: totalRow?.total ?? 0,
  };
}

export async function unreadCount(db: Db, c: InboxCaller): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(platformMessages)
    .where(
      and(
        visibleTo(c.merchantId, c.memberId, c.memberType, c.now),
        sql`not ${readFlag(c.memberId)}`,
      ),
    );
  return row?.total ?? 0;
}

export async function inboxMessage(
  db: Db,
  c: InboxCaller,
  id: number,
): Promise<(MessageRow & { read: boolean }) | undefined> {
  const [row] = await db
    .select({ message: platformMessages, read: readFlag(c.memberId) })
    .from(platformMessages)
    .where(
      and(eq(platformMessages.id, id), visibleTo(c.merchantId, c.memberId, c.memberType, c.now)),
    );
  return row ? { ...row.message, read: Boolean(row.read) } : undefined;
}

/** Marks messages read; returns how many were unread before. */
export async function markRead(db: Db, memberId: number, messageIds: number[]): Promise<number> {
  if (messageIds.length === 0) return 0;
  const inserted = await db
    .insert(platformMessageReads)
    .values(messageIds.map((messageId) => ({ messageId, memberId })))
    .onConflictDoNothing()
    .returning({ messageId: platformMessageReads.messageId });
  return inserted.length;
}

export async function unreadIds(db: Db, c: InboxCaller): Promise<number[]> {
  const rows = await db
    .select({ id: platformMessages.id })
    .from(platformMessages)
    .where(
      and(
        visibleTo(c.merchantId, c.memberId, c.memberType, c.now),
        sql`not ${readFlag(c.memberId)}`,
      ),
    );
  return rows.map((r) => r.id);
}

/** Members of the merchant a message goes to (for the live unread push). */
export async function recipientsOf(
  db: Db,
  merchantId: number,
  target: string,
  segment: string | null,
  memberId: number | null,
): Promise<{ id: number; type: number }[]> {
  if (target === 'member' && memberId !== null) {
    return db
      .select({ id: members.id, type: members.type })
      .from(members)
      .where(and(eq(members.merchantId, merchantId), eq(members.id, memberId)));
  }
  const agentTypes = [...AGENT_TYPES] as number[];
  // Only accounts with a live session can hold a socket; the rest read the count when they log in.
  return db
    .select({ id: members.id, type: members.type })
    .from(members)
    .where(
      and(
        eq(members.merchantId, merchantId),
        sql`exists (select 1 from ${sessions} s where s.member_id = "members"."id"
          and s.revoked_at is null and s.expires_at > now())`,
        target === 'segment'
          ? segment === 'AGENTS'
            ? inArray(members.type, agentTypes)
            : sql`${members.type} not in (${sql.join(
                [...agentTypes, 4].map((t) => sql`${t}`),
                sql`, `,
              )})`
          : undefined,
      ),
    )
    .limit(10_000);
}

export async function findMemberByUsername(db: Db, merchantId: number, username: string) {
  const [row] = await db
    .select({ id: members.id, username: members.username, type: members.type })
    .from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.username, username)));
  return row;
}

// ---- back office ----

export async function bannerPage(
  db: Db,
  merchantId: number,
  filter: { groupName?: string | undefined; language?: string | undefined },
  window: Window,
) {
  const where = and(
    eq(banners.merchantId, merchantId),
    filter.groupName ? eq(banners.groupName, filter.groupName) : undefined,
    filter.language ? eq(banners.language, filter.language) : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(banners)
      .where(where)
      .orderBy(
        asc(banners.groupName),
        asc(banners.language),
        asc(banners.sequence),
        asc(banners.id),
      )
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(banners).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function lockBanner(db: Db, merchantId: number, id: number) {
  const [row] = await db
    .select()
    .from(banners)
    .where(and(eq(banners.merchantId, merchantId), eq(banners.id, id)))
    .for('update');
  return row;
}

export async function hotMatchPage(db: Db, merchantId: number, window: Window) {
  const where = eq(sportsHotMatches.merchantId, merchantId);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(sportsHotMatches)
      .where(where)
      .orderBy(desc(sportsHotMatches.matchTime), asc(sportsHotMatches.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(sportsHotMatches).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function lockHotMatch(db: Db, merchantId: number, id: number) {
  const [row] = await db
    .select()
    .from(sportsHotMatches)
    .where(and(eq(sportsHotMatches.merchantId, merchantId), eq(sportsHotMatches.id, id)))
    .for('update');
  return row;
}

/** Whether the merchant has a vendor of this code (the bet button must open something). */
export async function hasVendor(db: Db, merchantId: number, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(eq(vendors.merchantId, merchantId), eq(vendors.code, code)))
    .limit(1);
  return row !== undefined;
}

export async function announcementPage(
  db: Db,
  merchantId: number,
  filter: { kind?: string | undefined; language?: string | undefined },
  window: Window,
) {
  const where = and(
    eq(announcements.merchantId, merchantId),
    filter.kind ? eq(announcements.kind, filter.kind) : undefined,
    filter.language ? eq(announcements.language, filter.language) : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(announcements)
      .where(where)
      .orderBy(desc(announcements.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(announcements).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function lockAnnouncement(db: Db, merchantId: number, id: number) {
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.merchantId, merchantId), eq(announcements.id, id)))
    .for('update');
  return row;
}

export async function helpPage(
  db: Db,
  merchantId: number,
  language: string | undefined,
  window: Window,
) {
  const where = and(
    eq(helpSections.merchantId, merchantId),
    language ? eq(helpSections.language, language) : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(helpSections)
      .where(where)
      .orderBy(asc(helpSections.language), asc(helpSections.sequence), asc(helpSections.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(helpSections).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function lockHelp(db: Db, merchantId: number, id: number) {
  const [row] = await db
    .select()
    .from(helpSections)
    .where(and(eq(helpSections.merchantId, merchantId), eq(helpSections.id, id)))
    .for('update');
  return row;
}

export async function helpKeyTaken(
  db: Db,
  merchantId: number,
  key: string,
  language: string,
  exceptId: number | null,
): Promise<boolean> {
  const [row] = await db
    .select({ id: helpSections.id })
    .from(helpSections)
    .where(columnsEqual(helpSections, { merchantId, key, language, device: 'WEB' }));
  return row !== undefined && row.id !== exceptId;
}

export async function messagePage(db: Db, merchantId: number, window: Window, id?: number) {
  const where = and(
    eq(platformMessages.merchantId, merchantId),
    id === undefined ? undefined : eq(platformMessages.id, id),
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        message: platformMessages,
        username: sql<string | null>`(select m.username from ${platformMessageRecipients} r
          join ${members} m on m.id = r.member_id where r.message_id = ${MESSAGE_ID} limit 1)`,
        readCount: sql<number>`(select count(*)::int from ${platformMessageReads} pr
          where pr.message_id = ${MESSAGE_ID})`,
      })
      .from(platformMessages)
      .where(where)
      .orderBy(desc(platformMessages.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(platformMessages).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function lockMessage(db: Db, merchantId: number, id: number) {
  const [row] = await db
    .select()
    .from(platformMessages)
    .where(and(eq(platformMessages.merchantId, merchantId), eq(platformMessages.id, id)))
    .for('update');
  return row;
}

/** The operator-edited content tables (banners, announcements, help sections, hot matches). */
const contentTables = {
  banner: banners,
  announcement: announcements,
  help: helpSections,
  hotMatch: sportsHotMatches,
};
export type ContentKind = keyof typeof contentTables;
export type ContentRowOf<K extends ContentKind> = (typeof contentTables)[K]['$inferSelect'];
type ContentValuesOf<K extends ContentKind> = Partial<(typeof contentTables)[K]['$inferInsert']>;

/**
 * Inserts a content row of the merchant (id null; with `insertOnly` too) or changes the row `id`
 * (already locked by the caller); returns it, or undefined when the row is gone.
 */
export async function saveContent<K extends ContentKind>(
  db: Db,
  kind: K,
  merchantId: number,
  id: number | null,
  values: ContentValuesOf<K>,
  insertOnly: ContentValuesOf<K> = {},
): Promise<ContentRowOf<K> | undefined> {
  // One of three tables with the same key columns; Drizzle cannot type a union of them.
  const table = contentTables[kind] as typeof banners;
  const rows =
    id === null
      ? await db
          .insert(table)
          .values({ merchantId, ...insertOnly, ...values } as never)
          .returning()
      : await db
          .update(table)
          .set(values as never)
          .where(eq(table.id, id))
          .returning();
  return rows[0];
}

export async function deleteContent(db: Db, kind: ContentKind, id: number): Promise<void> {
  const table = contentTables[kind] as typeof banners;
  await db.delete(table).where(eq(table.id, id));
}

export async function insertMessage(db: Db, row: typeof platformMessages.$inferInsert) {
  const [inserted] = await db.insert(platformMessages).values(row).returning();
  return inserted;
}

export async function insertRecipient(db: Db, messageId: number, memberId: number) {
  await db.insert(platformMessageRecipients).values({ messageId, memberId });
}

export async function markWithdrawn(db: Db, id: number) {
  const [updated] = await db
    .update(platformMessages)
    .set({ withdrawn: true })
    .where(eq(platformMessages.id, id))
    .returning();
  return updated;
}

/** One member's message to each of them (target member), with its recipient row. */
export async function insertMemberMessage(
  db: Db,
  merchantId: number,
  message: Pick<typeof platformMessages.$inferInsert, 'title' | 'content'> & { memberId: number },
): Promise<void> {
  const [row] = await db
    .insert(platformMessages)
    .values({ merchantId, title: message.title, content: message.content, target: 'member' })
    .returning({ id: platformMessages.id });
  await insertRecipient(db, row!.id, message.memberId);
}

/** The type of each of these members (which messages they are sent). */
export function memberTypes(db: Db, memberIds: number[]) {
  return db
    .select({ id: members.id, type: members.type })
    .from(members)
    .where(inArray(members.id, memberIds));
}

/**
 * Messages sent for later whose send time falls in [start, end), not withdrawn and not expired
 * by its end, with their sole recipient (null for a message to many).
 */
export function messagesDueIn(db: Db, period: { start: Date; end: Date }) {
  return db
    .select({
      id: platformMessages.id,
      merchantId: platformMessages.merchantId,
      memberId: platformMessageRecipients.memberId,
    })
    .from(platformMessages)
    .leftJoin(
      platformMessageRecipients,
      eq(platformMessageRecipients.messageId, platformMessages.id),
    )
    .where(
      and(
        gte(platformMessages.sendAt, period.start),
        lt(platformMessages.sendAt, period.end),
        // Sent for later: one sent for now was pushed when the operator sent it.
        gt(platformMessages.sendAt, platformMessages.createdAt),
        eq(platformMessages.withdrawn, false),
        sql`(${platformMessages.expiresAt} is null or ${platformMessages.expiresAt} > ${period.end})`,
      ),
    );
}

export async function findMessage(db: Db, id: number): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(platformMessages).where(eq(platformMessages.id, id));
  return row;
}

/** The member a message was sent to alone; null for a message to many. */
export async function soleRecipient(db: Db, messageId: number): Promise<number | null> {
  const [recipient] = await db
    .select({ memberId: platformMessageRecipients.memberId })
    .from(platformMessageRecipients)
    .where(eq(platformMessageRecipients.messageId, messageId));
  return recipient?.memberId ?? null;
}
