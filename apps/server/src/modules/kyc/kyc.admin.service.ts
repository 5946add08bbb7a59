import {
  KYC_DOCUMENT_KINDS,
  KycStatus,
  type AdminKycDetail,
  type AdminKycItem,
  type AdminKycPage,
  type AdminKycQuery,
  type KycDocumentKind,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { pageOf } from '../../db/paging.js';
import { AppError } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { auditAction, isoOrNull, pageWindow, type OperatorActor } from '../operator/index.js';
import { findRestrictedMatch, isOldEnough, memberIdentity } from '../eligibility/index.js';
import { findMemberById } from '../member/index.js';
import * as repo from './kyc.admin.repository.js';

/**
 * The KYC review queue (issue 7): an operator with `kyc.review` sees the personal information and
 * the three images and approves or rejects with a reason. The member reads the outcome from the
 * member KYC status (securityConfig: status and reviewNote).
 */

function documentsOf(kinds: string[] | undefined): KycDocumentKind[] {
  return KYC_DOCUMENT_KINDS.filter((kind) => kinds?.includes(kind));
}

function toItem(row: repo.KycRow, kinds: string[] | undefined): AdminKycItem {
  return {
    memberId: row.memberId,
    username: row.username,
    status: KycStatus.parse(row.status),
    payeeName: row.payeeName,
    idType: row.idType,
    birthday: row.birthday,
    submittedAt: row.updatedAt.toISOString(),
    documents: documentsOf(kinds),
  };
}

export async function kycQueue(
  db: Db,
  merchantId: number,
  query: AdminKycQuery,
): Promise<AdminKycPage> {
  const { rows, total } = await repo.pageByStatus(db, merchantId, query.status, pageWindow(query));
  const kinds = await repo.documentKinds(
    db,
    rows.map((row) => row.memberId),
  );
  return pageOf(query, { rows, total }, (row) => toItem(row, kinds.get(row.memberId)));
}

export async function kycDetail(
  db: Db,
  merchantId: number,
  memberId: number,
): Promise<AdminKycDetail> {
  const row = await repo.findSubmission(db, merchantId, memberId);
  if (!row) throw new AppError('NOT_FOUND');
  const kinds = await repo.documentKinds(db, [memberId]);
  return {
    ...toItem(row, kinds.get(memberId)),
    address: row.address,
    permanentAddress: row.permanentAddress,
    placeOfBirth: row.placeOfBirth,
    nationality: row.nationality,
    sourceOfIncome: row.sourceOfIncome,
    occupation: row.occupation,
    employerName: row.employerName,
    reviewNote: row.reviewNote,
    reviewedAt: isoOrNull(row.reviewedAt),
  };
}

export async function kycDocument(
  db: Db,
  merchantId: number,
  memberId: number,
  kind: KycDocumentKind,
) {
  const found = await repo.findDocument(db, merchantId, memberId, kind);
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

/** Locks a submission waiting for a decision with all three images, or says why it is not one. */
async function lockWaiting(tx: Db, actor: OperatorActor, memberId: number) {
  const row = await repo.lockSubmission(tx, actor.merchantId, memberId);
  if (!row) throw new AppError('NOT_FOUND');
  const kinds = (await repo.documentKinds(tx, [memberId])).get(memberId);
  if (row.status !== 'N' || documentsOf(kinds).length !== KYC_DOCUMENT_KINDS.length) {
    throw new AppError('KYC_NOT_PENDING', { status: row.status });
  }
  return row;
}

/**
 * Approves a waiting submission. Never one under 21 (UNDER_AGE) or matching the restricted
 * persons list (RESTRICTED_PERSON): those stay waiting for a rejection.
 */
export async function approveKyc(
  db: Db,
  actor: OperatorActor,
  memberId: number,
  note: string | undefined,
): Promise<AdminKycDetail> {
  await inTransaction(db, async (tx) => {
    const row = await lockWaiting(tx, actor, memberId);
    if (!isOldEnough(row.birthday)) throw new AppError('UNDER_AGE');
    // The one matcher over every fact held: this submission and the member's profile.
    const member = await findMemberById(tx, memberId);
    const match = await findRestrictedMatch(
      tx,
      actor.merchantId,
      member
        ? await memberIdentity(tx, member)
        : { fullName: row.payeeName, birthday: row.birthday },
    );
    if (match) throw new AppError('RESTRICTED_PERSON', { category: match.category });
    await repo.decide(tx, memberId, { status: 'A', reviewNote: note ?? null });
    await auditAction(tx, actor, {
      action: 'kyc.approve',
      subjectType: 'member',
      subjectId: memberId,
      before: { status: row.status },
      after: { status: 'A', note: note ?? null },
    });
  });
  return kycDetail(db, actor.merchantId, memberId);
}

/** Rejects a waiting submission; the member sees the reason and may send it again. */
export async function rejectKyc(
  db: Db,
  actor: OperatorActor,
  memberId: number,
  reason: string,
): Promise<AdminKycDetail> {
  await inTransaction(db, async (tx) => {
    const row = await lockWaiting(tx, actor, memberId);
    await repo.decide(tx, memberId, { status: 'R', reviewNote: reason });
    await auditAction(tx, actor, {
      action: 'kyc.reject',
      subjectType: 'member',
      subjectId: memberId,
      before: { status: row.status },
      after: { status: 'R', reason },
    });
  });
  return kycDetail(db, actor.merchantId, memberId);
}
