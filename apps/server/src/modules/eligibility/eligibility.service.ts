import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { appendAudit } from '../audit/index.js';
import * as repo from './eligibility.repository.js';
import { endMemberSessions } from '../sessions/index.js';

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

/**
 * The one form names are stored and matched in: letters and digits only, diacritics dropped
 * (Peña = PENA), anything else one space, upper case. The restricted-persons list, the
 * withdrawal account name check and the second verification's bank account name all use it.
 */
export function normalizeName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toUpperCase();
}

/** An ID number as matched: letters and digits only, upper case (1234-5678 = 12345678). */
export function normalizeIdNumber(idNumber: string): string {
  return idNumber
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '')
    .toUpperCase();
}

/** The `source` of the list entry a member's own self-exclusion writes: this and the member id. */
export const SELF_EXCLUSION_SOURCE = 'self-exclusion of member ';

export function selfExclusionSource(memberId: number): string {
  return `${SELF_EXCLUSION_SOURCE}${memberId}`;
}

/**
 * Puts a self-excluding member's real name on the list until `until`, so it cannot open a new
 * account meanwhile (their own login stays open to withdraw, decision 018).
 */
export async function listSelfExclusion(
  db: Db,
  member: { id: number; merchantId: number; payeeName: string; birthday: string | null },
  until: Date,
): Promise<void> {
  await repo.insertRestrictedPersons(db, [
    {
      merchantId: member.merchantId,
      fullName: normalizeName(member.payeeName),
      birthday: member.birthday,
      category: 'self_excluded',
      source: selfExclusionSource(member.id),
      expiresAt: until,
    },
  ]);
}

/** One source of identity facts: a registration form, a profile, a KYC submission. */
export type Person = {
  fullName?: string | null;
  birthday?: string | null;
  idNumber?: string | null;
};

/**
 * Every identity fact the platform holds of one person, normalised: the names (profile payee
 * name, KYC name), birthdays (profile, KYC) and ID numbers (profile). The restricted list carries
 * name, birthday and ID number, so these are the facts that can match it.
 */
export type IdentityFacts = { names: string[]; birthdays: string[]; idNumbers: string[] };

export function identityFacts(persons: Person | Person[]): IdentityFacts {
  const list = Array.isArray(persons) ? persons : [persons];
  const unique = (values: (string | null | undefined)[], normalise: (v: string) => string) => [
    ...new Set(
      values
        .filter((v): v is string => Boolean(v))
        .map(normalise)
        .filter(Boolean),
    ),
  ];
  return {
    names: unique(
      list.map((p) => p.fullName),
      normalizeName,
    ).filter((name) => name.length >= 3),
    birthdays: unique(
      list.map((p) => p.birthday),
      (b) => b,
    ),
    idNumbers: unique(
      list.map((p) => p.idNumber),
      normalizeIdNumber,
    ),
  };
}

export type ListEntry = { fullName: string; birthday: string | null; idNumber: string | null };

/**
 * THE matching rule (registration, login, profile, KYC submission and review, list import): the
 * same ID number, or the same name where the entry's birthday is unknown, the person's birthday
 * is unknown, or one of the person's birthdays equals it. Answers how it matched, or null.
 */
export function entryMatches(
  facts: IdentityFacts,
  entry: ListEntry,
): { by: 'id_number' | 'name_birthday' | 'name' } | null {
  if (entry.idNumber && facts.idNumbers.includes(normalizeIdNumber(entry.idNumber))) {
    return { by: 'id_number' };
  }
  if (!facts.names.includes(normalizeName(entry.fullName))) return null;
  if (entry.birthday === null) return { by: 'name' };
  if (facts.birthdays.length === 0) return { by: 'name' };
  return facts.birthdays.includes(entry.birthday) ? { by: 'name_birthday' } : null;
}

/** A member's facts: the profile's and the KYC submission's (whatever its review status). */
export async function memberIdentity(
  db: Db,
  member: {
    id: number;
    payeeName: string | null;
    birthday: string | null;
    profile: { idNumber?: string };
  },
): Promise<IdentityFacts> {
  const kyc = await repo.kycIdentity(db, member.id);
  return identityFacts([
    { fullName: member.payeeName, birthday: member.birthday, idNumber: member.profile.idNumber },
    ...(kyc ? [{ fullName: kyc.payeeName, birthday: kyc.birthday }] : []),
  ]);
}

/**
 * The live restricted-persons entry matching these facts, if any (`entryMatches`). A member's own
 * self-exclusion entry (`ownMemberId`) does not count: it keeps their name from a new account,
 * while their own login stays open to withdraw (decision 018).
 */
export async function findRestrictedMatch(
  db: Db,
  merchantId: number,
  person: Person | Person[] | IdentityFacts,
  ownMemberId: number | null = null,
) {
  const facts = 'names' in person ? person : identityFacts(person);
  if (facts.idNumbers.length === 0 && facts.names.length === 0) return undefined;
  const candidates = await repo.restrictedCandidates(
    db,
    merchantId,
    facts,
    ownMemberId === null ? null : selfExclusionSource(ownMemberId),
  );
  for (const row of candidates) {
    const how = entryMatches(facts, row);
    if (how) return { ...row, matchedBy: how.by };
  }
  return undefined;
}

/**
 * Puts a match on the risk team's queue, once per member and list entry (a second import, login
 * or submission of the same match adds nothing). Answers whether the item is new.
 */
export async function queueRestrictedMatch(
  db: Db,
  item: {
    merchantId: number;
    memberId: number;
    restrictedPersonId: number;
    stage: string;
    detail: Record<string, unknown>;
  },
): Promise<boolean> {
  return repo.insertRestrictedMatchItem(db, item);
}

/**
 * Refuses a restricted person with RESTRICTED_PERSON, after writing an audit entry that says who
 * was stopped, where (`stage`), and which list entry matched, for the risk team to follow up. An
 * existing member (login, profile, KYC submission) also goes on the risk queue and loses every
 * session and open game at once (decision 018: a restricted person holds no session).
 */
export async function refuseRestrictedPerson(
  db: Db,
  context: {
    merchantId: number;
    stage: 'register' | 'login' | 'profile' | 'kyc';
    memberId: number | null;
    username: string | null;
    ip: string;
  },
  person: Person | Person[] | IdentityFacts,
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
      matchedBy: match.matchedBy,
    },
    ip: context.ip,
  });
  if (context.memberId !== null) {
    await queueRestrictedMatch(db, {
      merchantId: context.merchantId,
      memberId: context.memberId,
      restrictedPersonId: match.id,
      stage: context.stage,
      detail: { matchedBy: match.matchedBy, category: match.category },
    });
    await endMemberSessions(db, context.memberId, 'restriction');
  }
  throw new AppError('RESTRICTED_PERSON');
}
