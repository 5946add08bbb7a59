import { z } from 'zod';

/** POST /wps/verification/sms/noLogin and /wps/verification/sms/register. */
export const SmsCodeRequest = z.object({
  countryDialingCode: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/)
    .default('63'),
  mobile: z.string().trim().max(20),
  /** For /noLogin: what the code will be used for. */
  purpose: z.enum(['login', 'reset']).default('login'),
  captchaId: z.uuid().optional(),
  captcha: z.string().trim().max(8).optional(),
});
export type SmsCodeRequest = z.infer<typeof SmsCodeRequest>;

export const SmsCodeSent = z.object({ expiredMinutes: z.number().int() });
