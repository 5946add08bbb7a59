import { z } from 'zod';
import { AdminPageFields, adminPage } from './admin-common.js';

/**
 * Back-office risk (issue 7), under /admin/api/risk, permission `risk.manage`: the restricted
 * persons list (SPEC section 1), its matches among members, self-exclusions, and members sharing
 * addresses.
 */

export const RESTRICTED_PERSON_CATEGORIES = [
  'official',
  'military_police',
  'licence_holder',
  'self_excluded',
  'npd',
] as const;
export const RestrictedPersonCategory = z.enum(RESTRICTED_PERSON_CATEGORIES);

/**
 * POST /admin/api/risk/restricted-persons/import: the CSV file's text, header
 * `full_name,birthday,id_number,category,source`. One bad line imports nothing; the answer lists
 * every bad line (RESTRICTED_IMPORT_INVALID with this value).
 */
export const RestrictedImportRequest = z.object({ csv: z.string().min(1).max(5_000_000) });
export type RestrictedImportRequest = z.infer<typeof RestrictedImportRequest>;
export const RestrictedImportResult = z.object({
  imported: z.number().int(),
  /** Lines already on the list: not added again (an import can be repeated safely). */
  duplicates: z.number().int(),
  /** Members the list matches now who were not on the risk queue for that entry yet. */
  newMatches: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type RestrictedImportResult = z.infer<typeof RestrictedImportResult>;

/** GET /admin/api/risk/restricted-persons: the list, name part and category filters. */
export const RestrictedPersonQuery = z.object({
  name: z.string().trim().min(1).max(120).optional(),
  category: RestrictedPersonCategory.optional(),
  ...AdminPageFields,
});
export type RestrictedPersonQuery = z.infer<typeof RestrictedPersonQuery>;

export const RestrictedPerson = z.object({
  id: z.number().int(),
  fullName: z.string(),
  birthday: z.string().nullable(),
  idNumber: z.string().nullable(),
  category: z.string(),
  source: z.string(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RestrictedPerson = z.infer<typeof RestrictedPerson>;
export const RestrictedPersonPage = adminPage(RestrictedPerson);
export type RestrictedPersonPage = z.infer<typeof RestrictedPersonPage>;

/**
 * GET /admin/api/risk/restricted-matches: members whose name (payee or KYC name) equals a listed
 * person's, and whose birthday equals it when both are known.
 */
export const RestrictedMatchQuery = z.object({ ...AdminPageFields });
export const RestrictedMatch = z.object({
  member: z.object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    birthday: z.string().nullable(),
    status: z.string(),
  }),
  person: RestrictedPerson,
});
export type RestrictedMatch = z.infer<typeof RestrictedMatch>;
export const RestrictedMatchPage = adminPage(RestrictedMatch);
export type RestrictedMatchPage = z.infer<typeof RestrictedMatchPage>;

/** GET /admin/api/risk/self-exclusions: members excluded now, latest end first. */
export const SelfExclusionQuery = z.object({ ...AdminPageFields });
export const SelfExclusion = z.object({
  memberId: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  until: z.string(),
});
export type SelfExclusion = z.infer<typeof SelfExclusion>;
export const SelfExclusionPage = adminPage(SelfExclusion);
export type SelfExclusionPage = z.infer<typeof SelfExclusionPage>;

/**
 * GET /admin/api/risk/shared-addresses: IP addresses two or more members of the merchant logged
 * in from (member_ips), most members first.
 */
export const SharedAddressQuery = z.object({
  minMembers: z.coerce.number().int().min(2).max(1000).default(2),
  ...AdminPageFields,
});
export type SharedAddressQuery = z.infer<typeof SharedAddressQuery>;
export const SharedAddress = z.object({
  ip: z.string(),
  members: z.array(z.object({ id: z.number().int(), username: z.string(), status: z.string() })),
});
export type SharedAddress = z.infer<typeof SharedAddress>;
export const SharedAddressPage = adminPage(SharedAddress);
export type SharedAddressPage = z.infer<typeof SharedAddressPage>;

/** GET /admin/api/risk/shared-devices: device ids (`Device-Id`) several members logged in from. */
export const SharedDeviceQuery = SharedAddressQuery;
export type SharedDeviceQuery = z.infer<typeof SharedDeviceQuery>;
export const SharedDevice = z.object({
  deviceId: z.string(),
  /** The last successful login from the device, ISO instant. */
  lastSeenAt: z.string(),
  members: z.array(z.object({ id: z.number().int(), username: z.string(), status: z.string() })),
});
export type SharedDevice = z.infer<typeof SharedDevice>;
export const SharedDevicePage = adminPage(SharedDevice);
export type SharedDevicePage = z.infer<typeof SharedDevicePage>;

/**
 * GET /admin/api/risk/queue: the risk team's work queue, newest first. One item per member and
 * matching list entry, found by an import's re-check or a refused login, profile or KYC
 * submission (stage); `matchedBy` says which fact matched (id_number, name_birthday, name).
 */
export const RiskQueueQuery = z.object({ ...AdminPageFields });
export type RiskQueueQuery = z.infer<typeof RiskQueueQuery>;
export const RiskQueueItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  stage: z.string(),
  matchedBy: z.string().nullable(),
  member: z.object({ id: z.number().int(), username: z.string(), status: z.string() }),
  person: RestrictedPerson.nullable(),
  createdAt: z.string(),
});
export type RiskQueueItem = z.infer<typeof RiskQueueItem>;
export const RiskQueuePage = adminPage(RiskQueueItem);
export type RiskQueuePage = z.infer<typeof RiskQueuePage>;
