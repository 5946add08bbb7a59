import type { Db } from '../../db/client.js';
import { appendAudit } from '../audit/index.js';
import * as repo from './eligibility.repository.js';
import {
  entryMatches,
  identityFacts,
  normalizeIdNumber,
  queueRestrictedMatch,
  SELF_EXCLUSION_SOURCE,
  type ListEntry,
} from './eligibility.service.js';
import { endMemberSessions } from '../sessions/index.js';

type Entry = ListEntry & {
  id: number;
  category: string;
  source: string;
  expiresAt: Date | null;
  createdAt: Date;
};

/** Who ran the import: an operator from the back office, or the command line. */
export type RecheckActor = { operatorId: number | null; ip: string | null };

/** A member the list matches now, with the entry and how (`entryMatches`). */
export type MemberMatch = {
  member: {
    id: number;
    username: string;
    status: string;
    name: string | null;
    birthday: string | null;
  };
  entry: Entry;
  by: 'id_number' | 'name_birthday' | 'name';
};

/**
 * Every member of the merchant against every live entry, with the one matcher (`entryMatches`)
 * over every fact held (profile payee name, birthday and ID number; KYC name and birthday),
 * besides a member's own self-exclusion entry (decision 018). Members in id order, newest last.
 */
export async function findMemberMatches(db: Db, merchantId: number): Promise<MemberMatch[]> {
  const entries = (await repo.liveEntryRows(db, merchantId)).map((row): Entry => ({
    id: Number(row.id),
    fullName: String(row.full_name),
    birthday: (row.birthday as string | null) ?? null,
    idNumber: (row.id_number as string | null) ?? null,
    category: String(row.category),
    source: String(row.source),
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at as string | Date),
    createdAt: new Date(row.created_at as string | Date),
  }));
  if (entries.length === 0) return [];
  const byName = new Map<string, Entry[]>();
  const byId = new Map<string, Entry[]>();
  for (const entry of entries) {
    byName.set(entry.fullName, [...(byName.get(entry.fullName) ?? []), entry]);
    if (entry.idNumber) {
      const id = normalizeIdNumber(entry.idNumber);
      byId.set(id, [...(byId.get(id) ?? []), entry]);
    }
  }
  const people = await repo.memberFactRows(db, merchantId);
  const found: MemberMatch[] = [];
  for (const person of people) {
    const memberId = Number(person.id);
    const facts = identityFacts([
      {
        fullName: person.payee_name as string | null,
        birthday: person.birthday as string | null,
        idNumber: person.id_number as string | null,
      },
      {
        fullName: person.kyc_name as string | null,
        birthday: person.kyc_birthday as string | null,
      },
    ]);
    const candidates = new Set<Entry>([
      ...facts.names.flatMap((name) => byName.get(name) ?? []),
      ...facts.idNumbers.flatMap((id) => byId.get(id) ?? []),
    ]);
    for (const entry of [...candidates].sort((x, y) => x.id - y.id)) {
      if (entry.source === `${SELF_EXCLUSION_SOURCE}${memberId}`) continue;
      const how = entryMatches(facts, entry);
      if (!how) continue;
      found.push({
        member: {
          id: memberId,
          username: String(person.username),
          status: String(person.status),
          name: (person.kyc_name as string | null) ?? (person.payee_name as string | null),
          birthday: (person.kyc_birthday as string | null) ?? (person.birthday as string | null),
        },
        entry,
        by: how.by,
      });
    }
  }
  return found;
}

/**
 * After a list import: `findMemberMatches`, and each match not on the risk queue yet gets an
 * audit entry and a queue item, and the member loses every session and open game (decision 018:
 * a restricted person holds no session, and login refuses them). A match already queued is not
 * counted again, so importing the same file twice adds nothing. Answers the members newly matched.
 */
export async function recheckMembers(
  db: Db,
  merchantId: number,
  actor: RecheckActor,
): Promise<number[]> {
  const newlyMatched = new Set<number>();
  for (const { member, entry, by } of await findMemberMatches(db, merchantId)) {
    const fresh = await queueRestrictedMatch(db, {
      merchantId,
      memberId: member.id,
      restrictedPersonId: entry.id,
      stage: 'import',
      detail: { matchedBy: by, category: entry.category },
    });
    if (!fresh) continue;
    await appendAudit(db, {
      merchantId,
      actorType: actor.operatorId === null ? 'system' : 'operator',
      actorId: actor.operatorId === null ? null : String(actor.operatorId),
      action: 'eligibility.restricted_person_matched',
      subjectType: 'member',
      subjectId: String(member.id),
      after: {
        stage: 'import',
        username: member.username,
        restrictedPersonId: entry.id,
        category: entry.category,
        matchedBy: by,
      },
      ip: actor.ip,
    });
    newlyMatched.add(member.id);
  }
  for (const memberId of newlyMatched) await endMemberSessions(db, memberId, 'restriction');
  return [...newlyMatched];
}
