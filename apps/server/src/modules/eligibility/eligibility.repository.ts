import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { kycProfiles, restrictedPersons, riskQueueItems } from '../../db/schema/index.js';

export type RestrictedPersonRow = typeof restrictedPersons.$inferSelect;

/** The name and birthday of the member's KYC submission (whatever its review status). */
export async function kycIdentity(db: Db, memberId: number) {
  const [kyc] = await db
    .select({ payeeName: kycProfiles.payeeName, birthday: kycProfiles.birthday })
    .from(kycProfiles)
    .where(eq(kycProfiles.memberId, memberId));
  return kyc ?? null;
}

/**
 * The merchant's live list entries with one of these normalized ID numbers or full names, in id
 * order, except those of `exceptSource` (a member's own self-exclusion).
 */
export function restrictedCandidates(
  db: Db,
  merchantId: number,
  facts: { idNumbers: string[]; names: string[] },
  exceptSource: string | null,
): Promise<RestrictedPersonRow[]> {
  const byId =
    facts.idNumbers.length > 0
      ? sql`upper(regexp_replace(${restrictedPersons.idNumber}, '[^A-Za-z0-9]', '', 'g')) in (${sql.join(
          facts.idNumbers.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : undefined;
  const byName =
    facts.names.length > 0 ? inArray(restrictedPersons.fullName, facts.names) : undefined;
  return db
    .select()
    .from(restrictedPersons)
    .where(
      and(
        eq(restrictedPersons.merchantId, merchantId),
        or(byId, byName),
        sql`(${restrictedPersons.expiresAt} is null or ${restrictedPersons.expiresAt} > now())`,
        exceptSource === null ? undefined : ne(restrictedPersons.source, exceptSource),
      ),
    )
    .orderBy(restrictedPersons.id);
}

/** Queues a restricted-person match once per member and entry; true when the item is new. */
export async function insertRestrictedMatchItem(
  db: Db,
  item: Omit<typeof riskQueueItems.$inferInsert, 'kind'>,
): Promise<boolean> {
  const rows = await db
    .insert(riskQueueItems)
    .values({ ...item, kind: 'restricted_person_match' })
    .onConflictDoNothing({
      target: [riskQueueItems.memberId, riskQueueItems.restrictedPersonId],
      where: sql`${riskQueueItems.restrictedPersonId} is not null`,
    })
    .returning({ id: riskQueueItems.id });
  return rows.length > 0;
}

/** The advisory lock key (with the merchant id) serialising imports of the restricted list. */
const RESTRICTED_IMPORT_LOCK = 0x72737470; // "rstp"

/** Holds the merchant's restricted list for one import, to the end of the outermost transaction. */
export async function lockRestrictedList(tx: Db, merchantId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${RESTRICTED_IMPORT_LOCK}, ${merchantId})`);
}

/** The merchant's entries with one of these full names (what tells a new entry from a known one). */
export function entriesNamed(db: Db, merchantId: number, fullNames: string[]) {
  return db
    .select({
      fullName: restrictedPersons.fullName,
      birthday: restrictedPersons.birthday,
      idNumber: restrictedPersons.idNumber,
      category: restrictedPersons.category,
    })
    .from(restrictedPersons)
    .where(
      and(
        eq(restrictedPersons.merchantId, merchantId),
        inArray(restrictedPersons.fullName, fullNames),
      ),
    );
}

export async function insertRestrictedPersons(
  db: Db,
  rows: (typeof restrictedPersons.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(restrictedPersons).values(rows);
}

/** The merchant's live list entries in id order, as raw rows (birthday as text). */
export function liveEntryRows(db: Db, merchantId: number) {
  return queryRows(
    db,
    sql`select id, full_name, birthday::text as birthday, id_number, category, source,
               expires_at, created_at
          from restricted_persons
         where merchant_id = ${merchantId} and (expires_at is null or expires_at > now())
         order by id`,
  );
}

/**
 * Every member of the merchant with the facts the list is matched against (profile payee name,
 * birthday and ID number; KYC name and birthday), in id order, as raw rows.
 */
export function memberFactRows(db: Db, merchantId: number) {
  return queryRows(
    db,
    sql`select m.id, m.username, m.status, m.payee_name, m.birthday::text as birthday,
               m.profile->>'idNumber' as id_number,
               k.payee_name as kyc_name, k.birthday::text as kyc_birthday
          from members m left join kyc_profiles k on k.member_id = m.id
         where m.merchant_id = ${merchantId}
         order by m.id`,
  );
}
