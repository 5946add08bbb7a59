import { z } from 'zod';
import { RowId, RowIdParam } from '../validation.js';
import { AGENT_TYPES, MEMBER_TYPE, TRIAL_TYPE } from '../auth/login.js';
import { KycStatus } from '../auth/kyc.js';
import { parseAmount } from '../money.js';
import { Amount } from '../wallet/wallet.js';
import { AdminOperatorRef, AdminPageFields, AdminReason, adminPage } from './admin-common.js';

/**
 * Back-office members (issue 7), under /admin/api/members. Reads need `members.read`; lock,
 * unlock, password reset, type and agent changes `members.write`; balance adjustments
 * `members.adjust`. Every change is audited with the state before and after.
 */

/** Account types an operator may set (SPEC section 3): member, the agent types, trial. */
export const ADMIN_MEMBER_TYPES = [MEMBER_TYPE, ...AGENT_TYPES, TRIAL_TYPE] as const;
export const AdminMemberType = z
  .number()
  .int()
  .refine((n) => (ADMIN_MEMBER_TYPES as readonly number[]).includes(n), {
    message: 'invalid_member_type',
  });

/** active, or locked by an operator (a locked member cannot log in). */
export const AdminMemberStatus = z.enum(['active', 'locked']);

const searchText = z.string().trim().min(1).max(80).optional();

/**
 * GET /admin/api/members. Every given filter must match. username, mobile (digits), email and
 * name (payee name or nickname) match part of the value, ignoring case; agent is an agent's
 * exact username and matches every member anywhere in its downline.
 */
export const AdminMemberSearchQuery = z.object({
  username: searchText,
  mobile: searchText,
  email: searchText,
  name: searchText,
  agent: searchText,
  type: z.coerce.number().int().optional(),
  status: AdminMemberStatus.optional(),
  ...AdminPageFields,
});
export type AdminMemberSearchQuery = z.infer<typeof AdminMemberSearchQuery>;

export const AdminMemberSummary = z.object({
  id: z.number().int(),
  username: z.string(),
  type: z.number().int(),
  status: z.string(),
  /** "+63 9171234567" style, or null. */
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  /** The payee (real) name, or null before it is set. */
  name: z.string().nullable(),
  nickname: z.string().nullable(),
  /** The direct upline agent, or null at the top of a tree. */
  agent: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AdminMemberSummary = z.infer<typeof AdminMemberSummary>;

export const AdminMemberPage = adminPage(AdminMemberSummary);
export type AdminMemberPage = z.infer<typeof AdminMemberPage>;

/** GET /admin/api/members/{id} */
export const AdminMemberProfile = AdminMemberSummary.extend({
  birthday: z.string().nullable(),
  language: z.string().nullable(),
  registerIp: z.string().nullable(),
  registerUrl: z.string().nullable(),
  referralCode: z.string().nullable(),
  /** Set by an operator's password reset until the member changes it. */
  mustChangePassword: z.boolean(),
  selfExcludedUntil: z.string().nullable(),
  firstLoginAt: z.string().nullable(),
  /** Null when the member never sent KYC information. */
  kycStatus: KycStatus.nullable(),
  /** Contact and profile fields the merchant collects (SPEC section 3). */
  profile: z.record(z.string(), z.string()),
  /** Members directly below (agents only have any). */
  directDownline: z.number().int(),
});
export type AdminMemberProfile = z.infer<typeof AdminMemberProfile>;

/** GET /admin/api/members/{id}/balances: read from the ledger accounts. */
export const AdminMemberBalances = z.object({
  currency: z.string().length(3),
  main: Amount,
  commission: Amount,
  /** Transfer wallets of game vendors, by vendor code. */
  vendors: z.array(z.object({ vendorCode: z.string(), balance: Amount })),
  /** main + commission + vendors. */
  total: Amount,
});
export type AdminMemberBalances = z.infer<typeof AdminMemberBalances>;

/** GET /admin/api/members/{id}/ledger: newest first. */
export const AdminLedgerQuery = z.object({ ...AdminPageFields });
export type AdminLedgerQuery = z.infer<typeof AdminLedgerQuery>;

export const AdminLedgerLine = z.object({
  /** The posting's id. */
  id: z.number().int(),
  entryId: z.number().int(),
  time: z.string(),
  /** The ledger entry type: deposit, withdrawal, adjustment, bet, payout... */
  entryType: z.string(),
  /** `main`, `commission` or the vendor code of a transfer wallet. */
  wallet: z.string(),
  /** Signed: money in positive. */
  amount: Amount,
  balanceAfter: Amount,
  idempotencyKey: z.string(),
  /** What caused it (deposit id, game round...), as the ledger stored it. */
  reference: z.unknown(),
});
export type AdminLedgerLine = z.infer<typeof AdminLedgerLine>;
export const AdminLedgerPage = adminPage(AdminLedgerLine);
export type AdminLedgerPage = z.infer<typeof AdminLedgerPage>;

/** GET /admin/api/members/{id}/logins: login attempts, newest first. */
export const AdminLoginQuery = z.object({ ...AdminPageFields });
export type AdminLoginQuery = z.infer<typeof AdminLoginQuery>;

export const AdminLoginEvent = z.object({
  id: z.number().int(),
  time: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  success: z.boolean(),
  reason: z.string(),
});
export const AdminLoginPage = adminPage(AdminLoginEvent);
export type AdminLoginPage = z.infer<typeof AdminLoginPage>;

/** GET /admin/api/members/{id}/ips: addresses the member logged in from. */
export const AdminMemberIp = z.object({
  ip: z.string(),
  firstSeenAt: z.string(),
  /** Other members of the merchant that logged in from the same address. */
  sharedWith: z.array(z.object({ id: z.number().int(), username: z.string() })),
});
export const AdminMemberIpList = z.array(AdminMemberIp);
export type AdminMemberIpList = z.infer<typeof AdminMemberIpList>;

/** POST /admin/api/members/{id}/lock and /unlock: body AdminReasonRequest; answers the profile. */

/**
 * POST /admin/api/members/{id}/reset-password: the member's sessions end and a generated
 * temporary password replaces theirs; it is shown to the operator once, and the member must
 * change it at the next login (SPEC section 4).
 */
export const AdminResetPasswordRequest = z.object({ reason: AdminReason });
export const AdminResetPasswordResult = z.object({ temporaryPassword: z.string() });
export type AdminResetPasswordResult = z.infer<typeof AdminResetPasswordResult>;

/** PUT /admin/api/members/{id}/type; answers the profile. */
export const AdminSetMemberTypeRequest = z.object({ type: AdminMemberType, reason: AdminReason });
export type AdminSetMemberTypeRequest = z.infer<typeof AdminSetMemberTypeRequest>;

/**
 * PUT /admin/api/members/{id}/agent: moves the member (with its whole downline) under another
 * agent, or to the top of a tree with `agentId` null. The new agent must be an agent account and
 * must not be the member or anyone in its downline. Answers the profile.
 */
export const AdminMoveMemberRequest = z.object({
  agentId: RowId.nullable(),
  reason: AdminReason,
});
export type AdminMoveMemberRequest = z.infer<typeof AdminMoveMemberRequest>;

/** A signed amount with at most two decimals, not zero ("-150", "20.5"). */
export const SignedAmountInput = z
  .string()
  .trim()
  .refine((text) => (parseAmount(text.startsWith('-') ? text.slice(1) : text) ?? 0n) > 0n, {
    message: 'invalid_amount',
  });

/**
 * POST /admin/api/members/{id}/adjustments: credit (positive) or debit (negative) the member's
 * main wallet against the house account, with a reason. At or below the merchant's approval
 * threshold it is applied at once; above it, it waits for a second operator with
 * `members.adjust` (never the requester) to approve or reject. `requestId` (a UUID the client
 * makes once per form) makes a retried request answer the same adjustment.
 */
export const CreateAdjustmentRequest = z.object({
  amount: SignedAmountInput,
  reason: AdminReason,
  requestId: z.uuid(),
});
export type CreateAdjustmentRequest = z.infer<typeof CreateAdjustmentRequest>;

export const AdjustmentStatus = z.enum(['pending', 'applied', 'rejected']);
export type AdjustmentStatus = z.infer<typeof AdjustmentStatus>;

export const AdminAdjustment = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  /** Signed: positive credits the member. */
  amount: Amount,
  reason: z.string(),
  status: AdjustmentStatus,
  requestedBy: AdminOperatorRef,
  requestedAt: z.string(),
  decidedBy: AdminOperatorRef.nullable(),
  decidedAt: z.string().nullable(),
  /** The approver's or rejecter's reason. */
  decisionReason: z.string().nullable(),
  /** The ledger entry once applied. */
  ledgerEntryId: z.number().int().nullable(),
});
export type AdminAdjustment = z.infer<typeof AdminAdjustment>;

/** GET /admin/api/adjustments: the merchant's adjustments, newest first. */
export const AdminAdjustmentQuery = z.object({
  status: AdjustmentStatus.optional(),
  memberId: RowIdParam.optional(),
  ...AdminPageFields,
});
export type AdminAdjustmentQuery = z.infer<typeof AdminAdjustmentQuery>;
export const AdminAdjustmentPage = adminPage(AdminAdjustment);
export type AdminAdjustmentPage = z.infer<typeof AdminAdjustmentPage>;

/** POST /admin/api/adjustments/{id}/approve and /reject. */
export const DecideAdjustmentRequest = z.object({ reason: AdminReason });
export type DecideAdjustmentRequest = z.infer<typeof DecideAdjustmentRequest>;

/**
 * GET and PUT /admin/api/adjustments/settings: adjustments whose absolute amount is above
 * `approvalThreshold` need a second operator. Reading needs `members.adjust`; changing it
 * `operators.manage` (owner).
 */
export const AdjustmentSettings = z.object({ approvalThreshold: Amount });
export type AdjustmentSettings = z.infer<typeof AdjustmentSettings>;
export const UpdateAdjustmentSettingsRequest = z.object({
  approvalThreshold: z
    .string()
    .trim()
    .refine((text) => parseAmount(text) !== null, { message: 'invalid_amount' }),
});
export type UpdateAdjustmentSettingsRequest = z.infer<typeof UpdateAdjustmentSettingsRequest>;
