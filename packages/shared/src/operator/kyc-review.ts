import { z } from 'zod';
import { RowIdParam } from '../validation.js';
import { KycStatus } from '../auth/kyc.js';
import { AdminPageFields, AdminReason, adminPage } from './admin-common.js';

/**
 * Back-office KYC review (issue 7), under /admin/api/kyc, permission `kyc.review`. The member sees
 * the decision through the member KYC status endpoint (securityConfig idVerification).
 */

/** The three ID images a member uploads, by the name the image route takes. */
export const KYC_DOCUMENT_KINDS = ['front', 'back', 'selfie'] as const;
export const KycDocumentKind = z.enum(KYC_DOCUMENT_KINDS);
export type KycDocumentKind = z.infer<typeof KycDocumentKind>;

/** GET /admin/api/kyc: by status (default N, waiting), oldest submission first. */
export const AdminKycQuery = z.object({
  status: KycStatus.default('N'),
  ...AdminPageFields,
});
export type AdminKycQuery = z.infer<typeof AdminKycQuery>;

export const AdminKycItem = z.object({
  memberId: z.number().int(),
  username: z.string(),
  status: KycStatus,
  payeeName: z.string(),
  /** Key of KYC_ID_TYPES. */
  idType: z.number().int(),
  birthday: z.string(),
  /** When the member last sent information or images. */
  submittedAt: z.string(),
  /** Which of the three images are uploaded. */
  documents: z.array(KycDocumentKind),
});
export type AdminKycItem = z.infer<typeof AdminKycItem>;
export const AdminKycPage = adminPage(AdminKycItem);
export type AdminKycPage = z.infer<typeof AdminKycPage>;

/** GET /admin/api/kyc/{memberId}: the personal information and the review. */
export const AdminKycDetail = AdminKycItem.extend({
  address: z.string(),
  permanentAddress: z.string(),
  placeOfBirth: z.string(),
  nationality: z.string(),
  /** Key of SOURCES_OF_INCOME. */
  sourceOfIncome: z.number().int(),
  /** Key of NATURES_OF_WORK. */
  occupation: z.number().int(),
  employerName: z.string(),
  reviewNote: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type AdminKycDetail = z.infer<typeof AdminKycDetail>;

export const AdminKycMemberParams = z.object({ memberId: RowIdParam });

/** GET /admin/api/kyc/{memberId}/documents/{kind}: the JPEG, to signed-in operators only. */
export const AdminKycDocumentParams = AdminKycMemberParams.extend({ kind: KycDocumentKind });

/**
 * POST /admin/api/kyc/{memberId}/approve (note optional) and /reject (reason required): only a
 * waiting (N) submission with all three images is decided. Answers the detail.
 */
export const ApproveKycRequest = z.object({ note: z.string().trim().max(500).optional() });
export type ApproveKycRequest = z.infer<typeof ApproveKycRequest>;
export const RejectKycRequest = z.object({ reason: AdminReason });
export type RejectKycRequest = z.infer<typeof RejectKycRequest>;
