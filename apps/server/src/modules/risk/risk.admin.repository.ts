import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { members, restrictedPersons } from '../../db/schema/index.js';

/** The risk team's lists, within one merchant. */

type Window = { limit: number; offset: number };

export async function pageRestrictedPersons(
  db: Db,
  merchantId: number,
  filters: { name?: string | undefined; category?: string | undefined },
  window: Window,
) {
  const where = and(
    eq(restrictedPersons.merchantId, merchantId),
    filters.name
      ? ilike(restrictedPersons.fullName, `%${filters.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      : undefined,
    filters.category ? eq(restrictedPersons.category, filters.category) : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(restrictedPersons)
      .where(where)
      .orderBy(desc(restrictedPersons.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(restrictedPersons).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function pageSelfExclusions(db: Db, merchantId: number, window: Window) {
  const where = and(eq(members.merchantId, merchantId), sql`${members.selfExcludedUntil} > now()`);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        memberId: members.id,
        username: members.username,
        name: members.payeeName,
        until: members.selfExcludedUntil,
      })
      .from(members)
      .where(where)
      .orderBy(desc(members.selfExcludedUntil), desc(members.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(members).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

/**
 * One page of the groups of members sharing something (an address, a device), with the members of
 * each. `groups` answers one row per group; `columns` selects from it (as `g`) the group's `key`
 * and what the list shows; `membersOf` answers the members (`key`, `id`, `username`, `status`) of
 * the groups whose keys it is given.
 */
async function pageSharedGroups(
  db: Db,
  shared: { groups: SQL; columns: SQL; orderBy: SQL; membersOf: (keys: SQL) => SQL },
  window: Window,
) {
  const [groups, totals] = await Promise.all([
    queryRows(
      db,
      sql`select ${shared.columns} from (${shared.groups}) g
          order by ${shared.orderBy}
          limit ${window.limit} offset ${window.offset}`,
    ),
    queryRows(db, sql`select count(*)::int as total from (${shared.groups}) g`),
  ]);
  const keys = groups.map((g) => String(g.key));
  const people =
    keys.length === 0
      ? []
      : await queryRows(
          db,
          shared.membersOf(
            sql.join(
              keys.map((key) => sql`${key}`),
              sql`, `,
            ),
          ),
        );
  return {
    groups: groups.map((group) => ({
      group,
      members: people
        .filter((p) => p.key === group.key)
        .map((p) => ({ id: Number(p.id), username: String(p.username), status: String(p.status) })),
    })),
    total: Number(totals[0]?.total ?? 0),
  };
}

/** Addresses shared by `minMembers` or more of the merchant's members, with those members. */
export async function pageSharedAddresses(
  db: Db,
  merchantId: number,
  minMembers: number,
  window: Window,
) {
  const { groups, total } = await pageSharedGroups(
    db,
    {
      groups: sql`select i.ip, count(*) as members
          from member_ips i join members m on m.id = i.member_id
         where m.merchant_id = ${merchantId}
         group by i.ip
        having count(*) >= ${minMembers}`,
      columns: sql`host(g.ip) as key`,
      orderBy: sql`g.members desc, g.ip`,
      membersOf: (ips) => sql`select host(i.ip) as key, m.id, m.username, m.status
            from member_ips i join members m on m.id = i.member_id
           where m.merchant_id = ${merchantId} and host(i.ip) in (${ips})
           order by m.id`,
    },
    window,
  );
  return {
    groups: groups.map(({ group, members }) => ({ ip: String(group.key), members })),
    total,
  };
}

/**
 * Device ids that `minMembers` or more of the merchant's members logged in from (successful
 * logins and registrations), most members first, with those members.
 */
export async function pageSharedDevices(
  db: Db,
  merchantId: number,
  minMembers: number,
  window: Window,
) {
  const { groups, total } = await pageSharedGroups(
    db,
    {
      groups: sql`select e.device_id, count(distinct e.member_id) as members,
                         max(e.created_at) as last_seen_at
          from login_events e
         where e.merchant_id = ${merchantId} and e.success and e.device_id is not null
           and e.member_id is not null
         group by e.device_id
        having count(distinct e.member_id) >= ${minMembers}`,
      columns: sql`g.device_id as key, g.last_seen_at`,
      orderBy: sql`g.members desc, g.last_seen_at desc, g.device_id`,
      membersOf: (ids) => sql`select distinct e.device_id as key, m.id, m.username, m.status
            from login_events e join members m on m.id = e.member_id
           where e.merchant_id = ${merchantId} and m.merchant_id = ${merchantId}
             and e.success and e.device_id in (${ids})
           order by m.id`,
    },
    window,
  );
  return {
    groups: groups.map(({ group, members }) => ({
      deviceId: String(group.key),
      lastSeenAt: new Date(group.last_seen_at as string | Date).toISOString(),
      members,
    })),
    total,
  };
}

/** Removes a list entry of the merchant; answers the removed row, or undefined. */
export async function deleteRestrictedPerson(db: Db, merchantId: number, id: number) {
  const [row] = await db
    .delete(restrictedPersons)
    .where(and(eq(restrictedPersons.merchantId, merchantId), eq(restrictedPersons.id, id)))
    .returning();
  return row;
}

/** One page of the risk queue with each item's member and list entry (null once removed). */
export async function pageRiskQueue(db: Db, merchantId: number, window: Window) {
  const [rows, totals] = await Promise.all([
    queryRows(
      db,
      sql`select q.id as item_id, q.kind, q.stage, q.detail->>'matchedBy' as matched_by,
                 q.created_at as item_created_at, m.id as member_id, m.username, m.status,
                 r.id, r.full_name, r.birthday::text as person_birthday, r.id_number, r.category,
                 r.source, r.expires_at, r.created_at
            from risk_queue_items q
            join members m on m.id = q.member_id
            left join restricted_persons r on r.id = q.restricted_person_id
           where q.merchant_id = ${merchantId}
           order by q.id desc
           limit ${window.limit} offset ${window.offset}`,
    ),
    queryRows(
      db,
      sql`select count(*)::int as total from risk_queue_items where merchant_id = ${merchantId}`,
    ),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}
