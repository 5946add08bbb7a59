import { z } from 'zod';

/**
 * POST /wps/member/info: what a member may change themself. Email, real name and birthday can be
 * set once; after that only support changes them (they tie the account to a verified person).
 */
export const UpdateMemberInfo = z
  .object({
    nickname: z.string().trim().min(2).max(20).optional(),
    email: z.email().max(254).optional(),
    payeeName: z
      .string()
      .trim()
      .regex(/^[A-Za-z]+( [A-Za-z]+)+$/)
      .max(80)
      .optional(),
    birthday: z.iso.date().optional(),
  })
  // An update that names no field is a malformed request, not a no-op.
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: 'names no field to change',
  });
export type UpdateMemberInfo = z.infer<typeof UpdateMemberInfo>;

/** POST /wps/member/bind/send: a code to the mobile or email being bound. */
export const BindSendRequest = z.discriminatedUnion('channel', [
  z.object({
    channel: z.literal('sms'),
    countryDialingCode: z
      .string()
      .trim()
      .regex(/^\d{1,4}$/)
      .default('63'),
    mobileNum: z.string().trim().max(20),
  }),
  z.object({ channel: z.literal('email'), email: z.email().max(254) }),
]);
export type BindSendRequest = z.infer<typeof BindSendRequest>;

/** POST /wps/member/bind: binds the mobile or email once its code is given. */
export const BindRequest = z.intersection(
  BindSendRequest,
  z.object({ code: z.string().trim().max(6) }),
);
export type BindRequest = z.infer<typeof BindRequest>;

/** POST /wps/member/language */
export const LanguageChange = z.object({ language: z.enum(['EN', 'TL']) });
