import { z } from 'zod';
import { AdminPageFields, adminPage } from './admin-common.js';
import { OperatorRole } from './operator.js';

/**
 * Operator management and the audit log (issue 7). Operators under /admin/api/operators need
 * `operators.manage` (owner); the audit log under /admin/api/audit needs `audit.read`. Both are
 * the request's merchant only.
 */

export const AdminOperator = z.object({
  id: z.number().int(),
  username: z.string(),
  role: OperatorRole,
  /** active or disabled. */
  status: z.enum(['active', 'disabled']),
  totpEnrolled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminOperator = z.infer<typeof AdminOperator>;
export const AdminOperatorList = z.array(AdminOperator);

/**
 * POST /admin/api/operators: a new operator of the merchant. The password is generated and
 * answered once; the operator enrols TOTP at its first login.
 */
export const CreateOperatorRequest = z.object({
  username: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9_.-]{3,32}$/, { message: 'invalid_username' }),
  role: OperatorRole,
});
export type CreateOperatorRequest = z.infer<typeof CreateOperatorRequest>;
/**
 * An operator with a new one-time enrolment code (shown once): its first sign-in takes the
 * password and this code; a reset of its second factor issues a new one.
 */
export const OperatorEnrolmentIssued = z.object({
  operator: AdminOperator,
  enrolmentCode: z.string(),
});
export type OperatorEnrolmentIssued = z.infer<typeof OperatorEnrolmentIssued>;
export const CreatedOperator = OperatorEnrolmentIssued.extend({ password: z.string() });
export type CreatedOperator = z.infer<typeof CreatedOperator>;

/**
 * POST /admin/api/operators/{id}/disable and /enable. Disabling ends the operator's sessions; an
 * operator cannot disable itself. Answers the operator.
 */

/** GET /admin/api/audit: newest first; every filter optional. */
export const AdminAuditQuery = z.object({
  actorType: z.enum(['member', 'operator', 'system']).optional(),
  actorId: z.string().trim().min(1).max(64).optional(),
  /** An action, or a prefix ending with a dot ("member." for every member action). */
  action: z.string().trim().min(1).max(64).optional(),
  subjectType: z.string().trim().min(1).max(32).optional(),
  subjectId: z.string().trim().min(1).max(64).optional(),
  /** ISO instants; `from` included, `to` excluded. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  ...AdminPageFields,
});
export type AdminAuditQuery = z.infer<typeof AdminAuditQuery>;

/**
 * GET /admin/api/audit.csv: the rows the same filters select, newest first, as a download of at
 * most AUDIT_EXPORT_MAX_ROWS rows; more answers EXPORT_TOO_LARGE (narrow the range or filters).
 */
export const AdminAuditExportQuery = AdminAuditQuery.omit({ page: true, size: true });
export type AdminAuditExportQuery = z.infer<typeof AdminAuditExportQuery>;
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

export const AdminAuditEntry = z.object({
  id: z.number().int(),
  time: z.string(),
  actorType: z.string(),
  actorId: z.string().nullable(),
  /** The operator's username when the actor is an operator. */
  actorName: z.string().nullable(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntry>;
export const AdminAuditPage = adminPage(AdminAuditEntry);
export type AdminAuditPage = z.infer<typeof AdminAuditPage>;
