import { describe, expect, it } from 'vitest';
import { messageKey, zodFormResolver } from '@/components/form/zod-form';
import {
  EMPTY_KYC_INFO,
  KYC_INFO_OPTIONS,
  KycInfoFields,
  type KycInfoValues,
} from './kyc-info-fields';

// What react-hook-form passes a resolver; these fields have no native validation.
const options = { fields: {}, shouldUseNativeValidation: false } as never;
const resolver = zodFormResolver(KycInfoFields, KYC_INFO_OPTIONS);

const filled: KycInfoValues = {
  idType: '1',
  payeename: ' Juan Dela Cruz ',
  birthday: '1990-05-17',
  address: '12 Rizal Street, Cebu',
  permanentAddress: '12 Rizal Street, Cebu',
  placeOfBirth: 'Cebu',
  nationality: 'Philippines',
  sourceOfIncome: '1',
  occupation: '3',
  employerName: '',
};

const messages = (errors: Record<string, { message?: string } | undefined>) =>
  Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));

describe('KYC personal info fields', () => {
  it('asks for every field but the employer', async () => {
    const result = await resolver(EMPTY_KYC_INFO, undefined, options);
    expect(Object.keys(result.errors).sort()).toEqual(KYC_INFO_OPTIONS.required!.slice().sort());
    expect(new Set(Object.values(messages(result.errors)))).toEqual(
      new Set(['validation.required']),
    );
  });

  it('says why a typed field is refused: the name, the date, a length with its bounds', async () => {
    const result = await resolver(
      { ...filled, payeename: 'Juan', birthday: '1990-13-40', address: 'Cebu' },
      undefined,
      options,
    );
    expect(messages(result.errors)).toEqual({
      payeename: 'kyc.payeenameInvalid',
      birthday: 'validation.DATE_YMD',
      address: messageKey('validation.ANY', { min: 5, max: 200 }),
    });
  });

  it('refuses a birthday ahead of today', async () => {
    const result = await resolver({ ...filled, birthday: '2999-01-01' }, undefined, options);
    expect(messages(result.errors)).toEqual({ birthday: 'kyc.birthdayFuture' });
  });

  it('answers the request: numbers for the lists, trimmed text', async () => {
    const result = await resolver(filled, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      idType: 1,
      payeename: 'Juan Dela Cruz',
      nationality: 'Philippines',
      sourceOfIncome: 1,
      occupation: 3,
    });
  });
});
