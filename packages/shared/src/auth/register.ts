import { z } from 'zod';

const field = (max = 120) => z.string().trim().max(max).optional();

/**
 * PUT /wps/member/register and /wps/member/register/mobile (encrypted). Which fields are needed
 * and what they must match comes from the merchant's field rules, checked on the server.
 */
export const RegisterRequest = z.object({
  username: field(32),
  password: z.string().max(128).optional(),
  confirmPassword: z.string().max(128).optional(),
  payeeName: field(80),
  email: field(254),
  qqNum: field(20),
  countryDialingCode: field(4),
  mobileNum: field(20),
  recommenderId: field(32),
  captchaId: z.uuid().optional(),
  captcha: field(8),
  verificationCode: field(6),
  affiliateCode: field(32),
  paymentPassword: z.string().max(32).optional(),
  line: field(64),
  whatsapp: field(20),
  facebook: field(64),
  wechat: field(64),
  telegram: field(64),
  zalo: field(20),
  idNumber: field(40),
  nickname: field(40),
  birthday: field(10),
  address: field(200),
  nationality: field(60),
  occupation: field(4),
  sourceOfIncome: field(4),
  referralCode: field(32),
  domain: field(253),
  registerUrl: field(500),
  registerMethod: z.literal('WEB').default('WEB'),
  /** Log the new account in and return its session. */
  login: z.boolean().default(true),
  termsAccepted: z.boolean(),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;
