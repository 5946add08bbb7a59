import {
  KycStatus,
  type KycPersonalInfo,
  type SecurityConfig,
  type UploadIdImageRequest,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { SignedIn } from '../../lib/guards.js';
import {
  identityFacts,
  isOldEnough,
  memberIdentity,
  refuseRestrictedPerson,
} from '../eligibility/index.js';
import { getWhitelabel } from '../system/index.js';
import { reencodeIdImage } from './image-upload.js';
import * as repo from './kyc.repository.js';

const IMAGES = [
  ['idCardFront', 'front', 'PLEASE_UPLOAD_FRONT'],
  ['idCardBack', 'back', 'PLEASE_UPLOAD_BACK'],
  ['idCardSelfie', 'selfie', 'PLEASE_UPLOAD_SELFIE'],
] as const;

/**
 * Step 1: saves the personal information and puts the verification back to N (waiting). An
 * under-21 birthday is saved too, with a warning (SPEC: local_age_21, "save still sent"); an
 * operator can never approve it. A restricted person is refused (RESTRICTED_PERSON), put on the
 * risk queue and signed out, and nothing is saved.
 */
export async function saveKycInfo(db: Db, caller: SignedIn, info: KycPersonalInfo, ip: string) {
  const member = caller.member;
  if ((await repo.findProfile(db, member.id))?.status === 'A')
    throw new AppError('KYC_ALREADY_APPROVED');
  // The submitted name and birthday with every fact already held (the list's one matcher).
  const held = await memberIdentity(db, member);
  const submitted = identityFacts({ fullName: info.payeename, birthday: info.birthday });
  await refuseRestrictedPerson(
    db,
    {
      merchantId: member.merchantId,
      stage: 'kyc',
      memberId: member.id,
      username: member.username,
      ip,
    },
    {
      names: [...held.names, ...submitted.names],
      birthdays: [...held.birthdays, ...submitted.birthdays],
      idNumbers: held.idNumbers,
    },
  );
  const values = {
    ...info,
    payeeName: info.payeename,
    merchantId: member.merchantId,
    status: 'N',
    reviewNote: null,
    reviewedAt: null,
    updatedAt: new Date(),
  };
  await repo.upsertProfile(db, member.id, values);
  return { ageWarning: !isOldEnough(info.birthday) };
}

/**
 * Step 2: the front, back and selfie images, all three at once. Each is checked and re-encoded
 * before anything is stored, so a bad file leaves the previous set untouched.
 */
export async function uploadIdImages(db: Db, caller: SignedIn, request: UploadIdImageRequest) {
  const member = caller.member;
  const profile = await repo.findProfile(db, member.id);
  if (!profile) throw new AppError('KYC_INFO_MISSING');
  if (profile.status === 'A') throw new AppError('KYC_ALREADY_APPROVED');
  for (const [field, , missing] of IMAGES) {
    if (!request.data[field]) throw new AppError(missing);
  }
  const encoded: { kind: string; bytes: Buffer }[] = [];
  for (const [field, kind] of IMAGES) {
    encoded.push({ kind, bytes: await reencodeIdImage(field, request.data[field]!) });
  }
  await db.transaction(async (tx) => {
    for (const { kind, bytes } of encoded) {
      await repo.upsertDocument(tx, member.id, kind, bytes);
    }
    await repo.resetReview(tx, member.id);
  });
}

/** What the KYC modal and the security centre need to decide what to show. */
export async function getSecurityConfig(db: Db, caller: SignedIn): Promise<SecurityConfig> {
  const member = caller.member;
  const [switches, profile, documents] = await Promise.all([
    getWhitelabel(db, member.merchantId),
    repo.findProfile(db, member.id),
    repo.documentKinds(db, member.id),
  ]);
  const uploaded = documents.length === IMAGES.length;
  return {
    info: {
      idVerification: {
        enabled: switches.MANDATORYKYC3,
        isComplete: profile !== undefined && uploaded,
        status: KycStatus.parse(profile?.status ?? 'N'),
        personalInfoSaved: profile !== undefined,
        uploaded,
        reviewNote: profile?.reviewNote ?? null,
      },
    },
  };
}
