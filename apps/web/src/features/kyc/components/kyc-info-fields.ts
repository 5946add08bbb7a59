import { KycPersonalInfo } from '@app/shared';
import { z } from 'zod';
import { messageKey, refuse, type ZodFormOptions } from '@/components/form/zod-form';

type Field = keyof KycPersonalInfo;

/** Today as yyyy-MM-dd in the member's own time zone: the latest birthday the picker offers. */
export function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function isRealDate(value: string): boolean {
  return KycPersonalInfo.shape.birthday.safeParse(value).success;
}

/** A chosen option of a numbered list (the select's value) as the request's number. */
const numberOf = (schema: z.ZodType<number, number>) => z.string().transform(Number).pipe(schema);

/** Typed fields whose length the shared schema bounds: their message says the bounds. */
const LENGTH_RULES = {
  address: KycPersonalInfo.shape.address,
  permanentAddress: KycPersonalInfo.shape.permanentAddress,
  placeOfBirth: KycPersonalInfo.shape.placeOfBirth,
  employerName: KycPersonalInfo.shape.employerName.unwrap(),
};

const LENGTH_MESSAGES = Object.fromEntries(
  Object.entries(LENGTH_RULES).map(([field, schema]) => [
    field,
    messageKey('validation.ANY', { min: schema.minLength ?? 0, max: schema.maxLength ?? 0 }),
  ]),
);

/** The request of step 1 as typed (the lists' values are strings); a birthday is not ahead. */
export const KycInfoFields = KycPersonalInfo.extend({
  idType: numberOf(KycPersonalInfo.shape.idType),
  nationality: z.string().pipe(KycPersonalInfo.shape.nationality),
  sourceOfIncome: numberOf(KycPersonalInfo.shape.sourceOfIncome),
  occupation: numberOf(KycPersonalInfo.shape.occupation),
}).superRefine((values, ctx) => {
  if (values.birthday > today()) refuse(ctx, 'birthday', 'kyc.birthdayFuture');
});

export type KycInfoValues = z.input<typeof KycInfoFields>;

export const EMPTY_KYC_INFO: KycInfoValues = {
  idType: '',
  payeename: '',
  birthday: '',
  address: '',
  permanentAddress: '',
  placeOfBirth: '',
  nationality: '',
  sourceOfIncome: '',
  occupation: '',
  employerName: '',
};

/** How the form reads a refusal: every field but the employer is required. */
export const KYC_INFO_OPTIONS: ZodFormOptions<KycInfoValues> = {
  required: (Object.keys(EMPTY_KYC_INFO) as Field[]).filter((field) => field !== 'employerName'),
  messages: {
    ...LENGTH_MESSAGES,
    payeename: 'kyc.payeenameInvalid',
    birthday: 'validation.DATE_YMD',
  },
};
