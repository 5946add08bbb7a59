import { z } from 'zod';

/** POST /wps/member/password (encrypted). */
export const ChangePasswordRequest = z.object({
  oldPassword: z.string().max(128),
  newPassword: z.string().max(128),
  confirmNewPassword: z.string().max(128),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** POST /wps/member/password/email (form-encoded): a temporary password is emailed. */
export const ForgotByEmailRequest = z.object({
  username: z.string().trim().min(1).max(32),
  email: z.email().max(254),
});

/** POST /wps/member/password/verification (encrypted): reset by SMS code, then logged in. */
export const ForgotByPhoneRequest = z.object({
  countryDialingCode: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/)
    .default('63'),
  mobileNum: z.string().trim().max(20),
  verificationCode: z.string().trim().max(6),
  newPassword: z.string().max(128),
  confirmNewPassword: z.string().max(128).optional(),
  termsAccepted: z.boolean().default(true),
});
export type ForgotByPhoneRequest = z.infer<typeof ForgotByPhoneRequest>;

/** POST /wps/member/paymentPassword: set or change the 6-digit payment password. */
export const PaymentPasswordRequest = z.object({
  loginPassword: z.string().max(128),
  paymentPassword: z.string().regex(/^\d{6}$/),
  confirmPaymentPassword: z.string().max(6),
});

/** POST /wps/member/authenticator/setup: a new secret to add to an authenticator app. */
export const AuthenticatorSetupRequest = z.object({ password: z.string().max(128) });
export const AuthenticatorSetup = z.object({
  /** Base32 secret, for typing in by hand. */
  secret: z.string(),
  /** otpauth:// URI, for the QR code. */
  uri: z.string(),
});
export type AuthenticatorSetup = z.infer<typeof AuthenticatorSetup>;

/** POST /wps/member/authenticator (bind) and DELETE (unbind): a current code proves the app. */
export const AuthenticatorCode = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});

/** Self-exclusion periods a member can choose (responsible gaming). */
export const SELF_EXCLUSION_PERIODS = { '6M': 6, '1Y': 12, '5Y': 60 } as const;
export const SelfExclusionRequest = z.object({
  period: z.enum(['6M', '1Y', '5Y']),
  password: z.string().max(128),
});

export const LoginHistoryEntry = z.object({
  ip: z.string(),
  success: z.boolean(),
  reason: z.string(),
  userAgent: z.string(),
  time: z.string(),
});

/** GET or POST /wps/agent/affiliate: an affiliate code check before registration. */
export const AffiliateCheckRequest = z.object({
  code: z.string().trim().min(1).max(32),
  domain: z.string().trim().max(253).optional(),
});
export const AffiliateCheck = z.object({ code: z.string(), valid: z.literal(true) });

/** Feedback types (SPEC section 3). */
export const FEEDBACK_TYPES = {
  other_issues: 0,
  deposit_issues: 1,
  withdraw_issues: 2,
  game_issues: 3,
  service_issues: 4,
  apply_issues: 6,
} as const;

/** PUT /wps/feedback: description 20 to 200 characters after trimming (SPEC section 5). */
export const FeedbackRequest = z.object({
  type: z.literal([0, 1, 2, 3, 4, 6]),
  content: z.string().trim().min(20).max(200),
  sender: z.string().trim().max(64).optional(),
  captchaId: z.uuid(),
  captcha: z.string().trim().min(1).max(8),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequest>;
