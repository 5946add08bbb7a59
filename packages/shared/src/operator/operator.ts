import { z } from 'zod';

/** Back-office roles (decision 008); each grants a fixed set of permissions. */
export const OPERATOR_ROLES = [
  'owner',
  'finance',
  'risk_kyc',
  'customer_service',
  'marketing',
  'read_only',
] as const;
export const OperatorRole = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof OperatorRole>;

/** What an operator endpoint checks before it does anything. */
export const OPERATOR_PERMISSIONS = [
  'members.read',
  'members.write',
  'kyc.review',
  'payments.deposits',
  'payments.withdrawals',
  'payments.channels',
  'content.write',
  'catalogue.write',
  'system.write',
  'reports.read',
  'operators.manage',
  'audit.read',
  /** Manual balance adjustments: request, approve or reject (issue 7, finance). */
  'members.adjust',
  /** Restricted persons, self-exclusions, shared addresses (issue 7, risk). */
  'risk.manage',
] as const;
export const OperatorPermission = z.enum(OPERATOR_PERMISSIONS);
export type OperatorPermission = z.infer<typeof OperatorPermission>;

/** The permissions of each role. The platform super-operator is an owner without a merchant. */
export const ROLE_PERMISSIONS: Readonly<Record<OperatorRole, readonly OperatorPermission[]>> = {
  owner: OPERATOR_PERMISSIONS,
  finance: [
    'members.read',
    'payments.deposits',
    'payments.withdrawals',
    'payments.channels',
    'reports.read',
    'members.adjust',
  ],
  risk_kyc: [
    'members.read',
    'members.write',
    'kyc.review',
    'reports.read',
    'audit.read',
    'risk.manage',
  ],
  customer_service: ['members.read', 'members.write'],
  marketing: ['members.read', 'content.write', 'catalogue.write', 'reports.read'],
  read_only: ['members.read', 'reports.read'],
};

export function roleHasPermission(role: OperatorRole, permission: OperatorPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** What `npm run operator:create` takes for the merchant of a platform super-operator. */
export const PLATFORM_SCOPE = 'platform';

const text = (max: number) => z.string().trim().max(max);

/** POST /admin/api/session/login. `merchantCode` absent: a platform operator. */
export const OperatorLoginRequest = z.object({
  merchantCode: text(32).min(1).optional(),
  username: text(32).min(1),
  password: z.string().min(1).max(128),
  /** The authenticator code; required once TOTP is enrolled. */
  code: text(6).optional(),
  /** The one-time enrolment code an owner or the creation command issued: first sign-in only. */
  enrolmentCode: text(80).min(1).optional(),
});
export type OperatorLoginRequest = z.infer<typeof OperatorLoginRequest>;

/** What the back office knows about the signed-in operator (GET /admin/api/session/me). */
export const OperatorInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  role: OperatorRole,
  permissions: z.array(OperatorPermission),
  /** The operator's own merchant; null for a platform super-operator. */
  merchant: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
  /**
   * The merchant this request works on (a super-operator picks it with the Merchant header), with
   * its time zone (decision 024): the back office's days and times are that zone's.
   */
  scopeMerchant: z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    timeZone: z.string(),
  }),
  isPlatform: z.boolean(),
});
export type OperatorInfo = z.infer<typeof OperatorInfo>;

/** A session was opened. */
export const OperatorSessionResult = z.object({
  step: z.literal('session'),
  token: z.string(),
  operator: OperatorInfo,
});

/**
 * Password and enrolment code were right and TOTP is not enrolled yet: add the secret to an app
 * and confirm.
 */
export const OperatorTotpEnrolment = z.object({
  step: z.literal('totp_enrolment'),
  enrolmentToken: z.string(),
  secret: z.string(),
  otpauthUrl: z.string(),
});

/**
 * Send the authenticator code with the password: the password was right and no code was sent, or
 * the operator is under attack and no password is judged without a code (decision 008).
 */
export const OperatorTotpRequired = z.object({ step: z.literal('totp_required') });

export const OperatorLoginResult = z.discriminatedUnion('step', [
  OperatorSessionResult,
  OperatorTotpEnrolment,
  OperatorTotpRequired,
]);
export type OperatorLoginResult = z.infer<typeof OperatorLoginResult>;

/** POST /admin/api/session/totp: confirms the enrolment with a code from the app. */
export const OperatorTotpConfirmRequest = z.object({
  enrolmentToken: z.string().min(1).max(128),
  code: text(6).min(1),
});
export type OperatorTotpConfirmRequest = z.infer<typeof OperatorTotpConfirmRequest>;
export type OperatorSessionResult = z.infer<typeof OperatorSessionResult>;
