import type {
  RestrictedImportResult,
  RestrictedMatchPage,
  RestrictedPerson,
  RestrictedPersonPage,
  RestrictedPersonQuery,
  SelfExclusionPage,
  SharedAddressPage,
  SharedAddressQuery,
  SharedDevicePage,
  SharedDeviceQuery,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import type { Row } from '../../db/rows.js';
import { AppError } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import {
  auditAction,
  isoOrNull,
  pageWindow,
  type OperatorActor,
} from '../backoffice/operator-action.js';
import { endMemberSessions } from '../auth/session.service.js';
import { importRestrictedPersons } from '../eligibility/restricted-import.js';
import * as repo from './risk.repository.js';

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
 * Imports the CSV in one transaction with its audit entry; any bad line imports nothing. A member
 * the list now matches is restricted at once: their sessions and open games end (decision 018),
 * as login and registration already refuse them.
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
    for (const memberId of await repo.matchingMemberIds(tx, actor.merchantId)) {
      await endMemberSessions(tx, memberId, 'restriction');
    }
    await auditAction(tx, actor, {
      action: 'risk.restricted_import',
      subjectType: 'restricted_persons',
      subjectId: actor.merchantId,
      after: { imported: result.imported },
    });
    return result;
  });
}

export async function restrictedList(
  db: Db,
  merchantId: number,
  query: RestrictedPersonQuery,
): Promise<RestrictedPersonPage> {
  const { rows, total } = await repo.pageRestrictedPersons(
    db,
    merchantId,
    query,
    pageWindow(query),
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      fullName: row.fullName,
      birthday: row.birthday,
      idNumber: row.idNumber,
      category: row.category,
      source: row.source,
      expiresAt: isoOrNull(row.expiresAt),
      createdAt: row.createdAt.toISOString(),
    })),
    page: query.page,
    size: query.size,
    total,
  };
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

export async function restrictedMatches(
  db: Db,
  merchantId: number,
  query: Page,
): Promise<RestrictedMatchPage> {
  const { rows, total } = await repo.pageMatches(db, merchantId, pageWindow(query));
  return {
    items: rows.map((row) => ({
      member: {
        id: Number(row.member_id),
        username: String(row.username),
        name: (row.name as string | null) ?? '',
        birthday: (row.birthday as string | null) ?? null,
        status: String(row.status),
      },
      person: personOf(row),
    })),
    page: query.page,
    size: query.size,
    total,
  };
}

export async function selfExclusions(
  db: Db,
  merchantId: number,
  query: Page,
): Promise<SelfExclusionPage> {
  const { rows, total } = await repo.pageSelfExclusions(db, merchantId, pageWindow(query));
  return {
    items: rows.map((row) => ({
      memberId: row.memberId,
      username: row.username,
      name: row.name,
      until: row.until!.toISOString(),
    })),
    page: query.page,
    size: query.size,
    total,
  };
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
