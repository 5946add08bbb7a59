import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { restrictedPersons } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { appendAudit } from '../audit/audit.service.js';

/** Minimum age to register, play or pass KYC (SPEC sections 1, 5, 9). */
export const MINIMUM_AGE = 21;

/** True when `birthday` (yyyy-MM-dd) is a real date at least 21 years before `today`. */
export function isOldEnough(birthday: string, today: Date = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  const cutoff = new Date(
    Date.UTC(today.getUTCFullYear() - MINIMUM_AGE, today.getUTCMonth(), today.getUTCDate()),
  );
  return date <= cutoff;
}

/** Upper case, single spaces: the form restricted-person names are stored and matched in. */
export function normalizeName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** The `source` of the list entry a member's own self-exclusion writes: this and the member id. */
export const SELF_EXCLUSION_SOURCE = 'self-exclusion of member ';

export function selfExclusionSource(memberId: number): string {
  return `${SELF_EXCLUSION_SOURCE}${memberId}`;
}

/**
 * The restricted-persons entry matching this person, if any: the same ID number, or the same name
 * with the same birthday (or an entry that has no birthday). A member's own self-exclusion entry
 * (`ownMemberId`) does not count: it keeps their name from a new account, while their own login
 * stays open to withdraw (decision 018).
 */
export async function findRestrictedMatch(
  db: Db,
  merchantId: number,
  person: { fullName?: string | null; birthday?: string | null; idNumber?: string | null },
  ownMemberId: number | null = null,
) {
  const byId = person.idNumber ? eq(restrictedPersons.idNumber, person.idNumber) : undefined;
  const byName = person.fullName
    ? and(
        eq(restrictedPersons.fullName, normalizeName(person.fullName)),
        person.birthday
          ? sql`(${restrictedPersons.birthday} is null or ${restrictedPersons.birthday} = ${person.birthday})`
          : undefined,
      )
    : undefined;
  if (!byId && !byName) return undefined;
  const [row] = await db
    .select()
    .from(restrictedPersons)
    .where(
      and(
        eq(restrictedPersons.merchantId, merchantId),
        or(byId, byName),
        sql`(${restrictedPersons.expiresAt} is null or ${restrictedPersons.expiresAt} > now())`,
        ownMemberId === null
          ? undefined
          : ne(restrictedPersons.source, selfExclusionSource(ownMemberId)),
      ),
    )
    .limit(1);
  return row;
}

type Person = { fullName?: string | null; birthday?: string | null; idNumber?: string | null };

/**
 * Refuses a restricted person with RESTRICTED_PERSON, after writing an audit entry that says who
 * was stopped, where (`stage`), and which list entry matched, for the risk team to follow up.
 */
export async function refuseRestrictedPerson(
  db: Db,
  context: {
    merchantId: number;
    stage: 'register' | 'login' | 'profile';
    memberId: number | null;
    username: string | null;
    ip: string;
  },
  person: Person,
): Promise<void> {
  const match = await findRestrictedMatch(db, context.merchantId, person, context.memberId);
  if (!match) return;
  await appendAudit(db, {
    merchantId: context.merchantId,
    actorType: context.memberId === null ? 'system' : 'member',
    actorId: context.memberId === null ? null : String(context.memberId),
    action: 'eligibility.restricted_person_refused',
    subjectType: 'member',
    subjectId: context.memberId === null ? context.username : String(context.memberId),
    after: {
      stage: context.stage,
      username: context.username,
      restrictedPersonId: match.id,
      category: match.category,
    },
    ip: context.ip,
  });
  throw new AppError('RESTRICTED_PERSON');
}
