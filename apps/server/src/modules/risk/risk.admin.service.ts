import type {
  RestrictedImportResult,
  RestrictedMatchPage,
  RestrictedPerson,
  RestrictedPersonPage,
  RestrictedPersonQuery,
  RiskQueuePage,
  SelfExclusionPage,
  SharedAddressPage,
  SharedAddressQuery,
  SharedDevicePage,
  SharedDeviceQuery,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { pageOf } from '../../db/paging.js';
import type { Row } from '../../db/rows.js';
import { AppError } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { auditAction, isoOrNull, pageWindow, type OperatorActor } from '../operator/index.js';
import {
  importRestrictedPersons,
  findMemberMatches,
  recheckMembers,
} from '../eligibility/index.js';
import * as repo from './risk.admin.repository.js';

/**
 * The risk pages (issue 7, permission risk.manage): the restricted-persons list of SPEC section 1
 * (CSV import through the eligibility module's importer) and its matches among members,
 * self-exclusions, and members sharing an address.
 */

type Page = { page: number; size: number };

function instant(value: unknown): string | null {
  return value === null || value === undefined
    ? null
    : new Date(value as string | Date).toISOString();
}

/**
 * Imports the CSV in one transaction with its audit entry; any bad line imports nothing, a line
 * already on the list is not added twice. Then every member is checked again with the one matcher
 * (`recheckMembers`): each new match gets an audit entry and a risk-queue item and the member is
 * restricted at once, their sessions and open games ended (decision 018), as login, registration
 * and KYC submission already refuse them.
 */
export async function importList(
  db: Db,
  actor: OperatorActor,
  csv: string,
): Promise<RestrictedImportResult> {
  return inTransaction(db, async (tx) => {
    const result = await importRestrictedPersons(tx, actor.merchantId, csv);
    if (result.errors.length > 0) {
      throw new AppError('RESTRICTED_IMPORT_INVALID', { errors: result.errors.slice(0, 100) });
    }
    const matched = await recheckMembers(tx, actor.merchantId, {
      operatorId: actor.operatorId,
      ip: actor.ip,
    });
    await auditAction(tx, actor, {
      action: 'risk.restricted_import',
      subjectType: 'restricted_persons',
      subjectId: actor.merchantId,
      after: {
        imported: result.imported,
        duplicates: result.duplicates,
        newMatches: matched.length,
      },
    });
    return { ...result, newMatches: matched.length };
  });
}

export async function restrictedList(
  db: Db,
  merchantId: number,
  query: RestrictedPersonQuery,
): Promise<RestrictedPersonPage> {
  return pageOf(
    query,
    await repo.pageRestrictedPersons(db, merchantId, query, pageWindow(query)),
    (row) => ({
      id: row.id,
      fullName: row.fullName,
      birthday: row.birthday,
      idNumber: row.idNumber,
      category: row.category,
      source: row.source,
      expiresAt: isoOrNull(row.expiresAt),
      createdAt: row.createdAt.toISOString(),
    }),
  );
}

function personOf(row: Row): RestrictedPerson {
  return {
    id: Number(row.id),
    fullName: String(row.full_name),
    birthday: (row.person_birthday as string | null) ?? null,
    idNumber: (row.id_number as string | null) ?? null,
    category: String(row.category),
    source: String(row.source),
    expiresAt: instant(row.expires_at),
    createdAt: instant(row.created_at) ?? '',
  };
}

/**
 * Members the list matches now, found by the one matcher (`findMemberMatches`, the rule login,
 * registration, KYC and the import use), newest member first.
 */
export async function restrictedMatches(
  db: Db,
  merchantId: number,
  query: Page,
): Promise<RestrictedMatchPage> {
  const all = (await findMemberMatches(db, merchantId)).reverse();
  const { limit, offset } = pageWindow(query);
  return {
    items: all.slice(offset, offset + limit).map(({ member, entry }) => ({
      member: {
        id: member.id,
        username: member.username,
        name: member.name ?? '',
        birthday: member.birthday,
        status: member.status,
      },
      person: {
        id: entry.id,
        fullName: entry.fullName,
        birthday: entry.birthday,
        idNumber: entry.idNumber,
        category: entry.category,
        source: entry.source,
        expiresAt: isoOrNull(entry.expiresAt),
        createdAt: entry.createdAt.toISOString(),
      },
    })),
    page: query.page,
    size: query.size,
    total: all.length,
  };
}

/** The risk queue (issue 18): restricted-person matches found by imports, logins and KYC. */
export async function riskQueue(db: Db, merchantId: number, query: Page): Promise<RiskQueuePage> {
  return pageOf(query, await repo.pageRiskQueue(db, merchantId, pageWindow(query)), (row) => ({
    id: Number(row.item_id),
    kind: String(row.kind),
    stage: String(row.stage),
    matchedBy: (row.matched_by as string | null) ?? null,
    member: {
      id: Number(row.member_id),
      username: String(row.username),
      status: String(row.status),
    },
    person: row.id === null || row.id === undefined ? null : personOf(row),
    createdAt: instant(row.item_created_at) ?? '',
  }));
}

export async function selfExclusions(
  db: Db,
  merchantId: number,
  query: Page,
): Promise<SelfExclusionPage> {
  return pageOf(query, await repo.pageSelfExclusions(db, merchantId, pageWindow(query)), (row) => ({
    memberId: row.memberId,
    username: row.username,
    name: row.name,
    until: row.until!.toISOString(),
  }));
}

export async function sharedAddresses(
  db: Db,
  merchantId: number,
  query: SharedAddressQuery,
): Promise<SharedAddressPage> {
  const { groups, total } = await repo.pageSharedAddresses(
    db,
    merchantId,
    query.minMembers,
    pageWindow(query),
  );
  return { items: groups, page: query.page, size: query.size, total };
}

/** Device ids shared by several members (from the `Device-Id` their browsers sent at login). */
export async function sharedDevices(
  db: Db,
  merchantId: number,
  query: SharedDeviceQuery,
): Promise<SharedDevicePage> {
  const { groups, total } = await repo.pageSharedDevices(
    db,
    merchantId,
    query.minMembers,
    pageWindow(query),
  );
  return { items: groups, page: query.page, size: query.size, total };
}

/** Removes one list entry (a wrong import line, a lifted restriction), audited with the entry. */
export async function deleteRestricted(
  db: Db,
  actor: OperatorActor,
  id: number,
): Promise<{ id: number }> {
  return inTransaction(db, async (tx) => {
    const row = await repo.deleteRestrictedPerson(tx, actor.merchantId, id);
    if (!row) throw new AppError('NOT_FOUND');
    await auditAction(tx, actor, {
      action: 'risk.restricted_delete',
      subjectType: 'restricted_person',
      subjectId: id,
      before: {
        fullName: row.fullName,
        birthday: row.birthday,
        idNumber: row.idNumber,
        category: row.category,
        source: row.source,
      },
      after: null,
    });
    return { id };
  });
}
