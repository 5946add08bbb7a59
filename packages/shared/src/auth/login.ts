import { z } from 'zod';

const text = (max: number) => z.string().trim().max(max);

/** Where the login form was: the member site, or the agent area (/agent). */
export const LoginArea = z.enum(['member', 'agent']);

/** POST /wps/session/login (encrypted). */
export const LoginRequest = z.object({
  type: z.enum(['username', 'sms']),
  username: text(32).optional(),
  password: z.string().max(128).optional(),
  countryDialingCode: text(4).optional(),
  mobileNum: text(20).optional(),
  verificationCode: text(6).optional(),
  captchaId: z.uuid().optional(),
  captcha: text(8).optional(),
  /** The terms and 21+ box; login is refused without it. */
  termsAccepted: z.boolean(),
  area: LoginArea.default('member'),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** What the header, avatar menu and guards need to know about the logged-in account. */
export const MemberInfo = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string().nullable(),
  /** 0 member; 1, 2, 41, 42 agent; 4 trial. */
  type: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  merchantCode: z.string(),
  currency: z.string(),
  countryDialingCode: z.string().nullable(),
  /** Masked: only the last four digits are sent. */
  mobileNum: z.string().nullable(),
  email: z.string().nullable(),
  payeeName: z.string().nullable(),
  birthday: z.string().nullable(),
  icon: z.string().nullable(),
  hasPaymentPassword: z.boolean(),
  /** An authenticator app is bound (second verification by its 6-digit code). */
  hasAuthenticator: z.boolean(),
});
export type MemberInfo = z.infer<typeof MemberInfo>;

export const LoginResult = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  /** The password was issued by an operator or is past its expiry: change it now. */
  passwordExpired: z.boolean(),
  user: MemberInfo,
});
export type LoginResult = z.infer<typeof LoginResult>;

/** GET /wps/captcha */
export const Captcha = z.object({
  captchaId: z.uuid(),
  /** data: URL of the image. */
  image: z.string(),
});
export type Captcha = z.infer<typeof Captcha>;

/** Member account types (SPEC section 3). */
export const AGENT_TYPES = [1, 2, 41, 42] as const;
export const TRIAL_TYPE = 4;
export const MEMBER_TYPE = 0;

/** Ways to pass the second verification of a login from an unknown network. */
export const SecondVerificationMethod = z.enum(['sms', 'email', 'payeeName', 'authenticator']);
export type SecondVerificationMethod = z.infer<typeof SecondVerificationMethod>;

/** `value` of SECOND_VERIFICATION_REQUIRED. */
export const SecondVerificationChallenge = z.object({
  challengeId: z.uuid(),
  methods: z.array(SecondVerificationMethod),
});

/** POST /wps/session/login/verify/send: send the code for the sms or email method. */
export const SecondVerificationSend = z.object({
  challengeId: z.uuid(),
  method: z.enum(['sms', 'email']),
});

/** POST /wps/session/login/verify (encrypted): the code, or the bank account name. */
export const SecondVerificationAnswer = z.object({
  challengeId: z.uuid(),
  method: SecondVerificationMethod,
  answer: z.string().trim().min(1).max(80),
});
